/**
 * The lead forms' lazily loaded parts, each fetched once per page (ADR 005: not in the first load),
 * when the visitor first uses the form (nothing but the island itself loads before the
 * page is idle).
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

export const loadValidation = once(() => import('./lead-validation.ts'));
/** react-international-phone and its country data: only pages with a phone field load it. */
export const loadPhoneMask = once(() => import('./phone-mask.tsx'));

/**
 * Runs `start` once, at the first sign that the visitor is using `form`: a focus inside it, a pointer
 * or a key on it. Returns the cleanup for an effect.
 */
export function onFirstUse(form: HTMLElement | null | undefined, start: () => void): () => void {
  if (!form) return () => undefined;
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const once = () => {
    for (const e of events) form.removeEventListener(e, once);
    start();
  };
  for (const e of events) form.addEventListener(e, once);
  return () => {
    for (const e of events) form.removeEventListener(e, once);
  };
}
