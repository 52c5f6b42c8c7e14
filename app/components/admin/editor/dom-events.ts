/**
 * An editor component changed a hidden input's value (React sets it without an event): fire the
 * `input` event a typed change would, so Conform revalidates the field and the unsaved-changes guard
 * sees the form change.
 */
export function announceInput(input: HTMLInputElement | null) {
  input?.dispatchEvent(new Event('input', { bubbles: true }));
}
