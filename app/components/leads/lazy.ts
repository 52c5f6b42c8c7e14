/** The lead forms' lazily loaded parts, each fetched once per page (ADR 005: not in the first load). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

export const loadValidation = once(() => import('./lead-validation.ts'));
/** react-international-phone and its country data: only pages with a phone field load it. */
export const loadPhoneMask = once(() => import('./phone-mask.tsx'));
