/** The icon before a field's error text: the admin's fields (`field__error-icon`) and the lead forms' (`lead-field__error-icon`). */
export function ErrorIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
