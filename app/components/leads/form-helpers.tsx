import type { ChangeEvent, ReactNode } from 'react';
import { ErrorIcon } from '../forms/error-icon.tsx';
import { Select } from '../forms/select.tsx';
import { SEND_FAILED_MESSAGE } from '#shared/validation/contact-fields.ts';

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
          <ErrorIcon className="lead-field__error-icon" />
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
export function Honeypot({ id, formStarted }: { id: string; formStarted?: string }) {
  return (
    <div className="lead-hp" aria-hidden="true">
      <label htmlFor={id}>Website (leave empty)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      {/* when the server rendered the form, signed: the time taken to fill it is a spam signal (ADR 043) */}
      {formStarted ? <input type="hidden" name="formStarted" value={formStarted} /> : null}
    </div>
  );
}

/** What a lead form's fields read from its state (./use-lead-form.ts): ids, errors and the values of a post without JavaScript. */
export interface LeadFieldState {
  errors: Record<string, string | undefined>;
  idFor(name: string): string;
  initial(name: string): string;
}

/**
 * A text field of a lead form in its Field: the id, the value typed before a post without JavaScript
 * and the error wiring come from the form's state; `rows` makes it a textarea.
 */
export function LeadTextField({
  lead,
  name,
  label,
  required,
  className,
  type = 'text',
  autoComplete,
  rows,
}: {
  lead: LeadFieldState;
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  rows?: number;
}) {
  const id = lead.idFor(name);
  const error = lead.errors[name];
  const common = {
    id,
    name,
    defaultValue: lead.initial(name),
    ...(required ? { 'aria-required': 'true' as const } : {}),
    ...errorProps(id, error),
  };
  return (
    <Field id={id} label={label} required={required} error={error} className={className}>
      {rows ? (
        <textarea className="lead-input lead-input--textarea" rows={rows} {...common} />
      ) : (
        <input type={type} className="lead-input" autoComplete={autoComplete} {...common} />
      )}
    </Field>
  );
}

/** Where a failed send (429, 5xx, network) is said: present from the start (empty) so screen readers announce it. */
export function SendFailure({ failed }: { failed: boolean }) {
  return (
    <div className="lead-form__failure" role="alert">
      {failed ? <p className="lead-form__failure-text">{SEND_FAILED_MESSAGE}</p> : null}
    </div>
  );
}

/** A select of a lead form in its Field, with an empty first option (`placeholder`) and one option a value. */
export function LeadSelect({
  lead,
  name,
  label,
  required,
  className,
  placeholder,
  options,
  defaultValue = lead.initial(name),
  autoComplete,
  onChange,
}: {
  lead: LeadFieldState;
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  placeholder: string;
  options: readonly string[];
  defaultValue?: string;
  autoComplete?: string;
  onChange?(event: ChangeEvent<HTMLSelectElement>): void;
}) {
  const id = lead.idFor(name);
  const error = lead.errors[name];
  return (
    <Field id={id} label={label} required={required} error={error} className={className}>
      <Select
        id={id}
        name={name}
        autoComplete={autoComplete}
        {...(required ? { 'aria-required': 'true' as const } : {})}
        defaultValue={defaultValue}
        onChange={onChange}
        {...errorProps(id, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Select>
    </Field>
  );
}
