import type { ReactNode } from 'react';

/** aria attributes linking a control to its error text. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** Smoothly scrolls the first field in error into view (instantly with reduced motion) and focuses it. */
export function focusFirstError(order: readonly string[], errors: Record<string, string | undefined>, idFor: (field: string) => string) {
  const first = order.find((f) => errors[f]);
  if (!first) return;
  const el = document.getElementById(idFor(first));
  if (!el) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
}

function ErrorIcon() {
  return (
    <svg className="lead-field__error-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface FieldProps {
  id: string;
  label: string;
  /** Shows an asterisk; the form's own rules decide what is validated. */
  required?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A visible label above the control and, when there is one, an error under it (icon and text). */
export function Field({ id, label, required, error, className, children }: FieldProps) {
  return (
    <div className={`lead-field${error ? ' lead-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="lead-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="lead-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p className="lead-field__error" id={`${id}-error`}>
          <ErrorIcon />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Announces the errors of a failed submit to screen readers; `attempt` changes on every submit so
 * the same messages are announced again.
 */
export function ErrorAnnouncer({ messages, attempt }: { messages: string[]; attempt: number }) {
  return (
    <div className="visually-hidden" role="alert" key={attempt}>
      {messages.length
        ? `${messages.length === 1 ? 'There is 1 error' : `There are ${messages.length} errors`}: ${messages.join(' ')}`
        : ''}
    </div>
  );
}

/** The honeypot: hidden from people and assistive technology, tempting to bots that fill every field. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div className="lead-hp" aria-hidden="true">
      <label htmlFor={id}>Website (leave empty)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
