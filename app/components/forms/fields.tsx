import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/validation/users.ts';
import { Select } from './select.tsx';
import { FileInput } from './file-input.tsx';
import { ErrorIcon } from './error-icon.tsx';
import { API_TIMEOUT_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE } from '#shared/unavailable.ts';

/*
 * The form toolkit's fields (Conform + the shared Zod schemas): a visible label above the control,
 * an optional hint, and the field's error under it (icon and text), linked by aria attributes.
 */

export function FieldError({ id, errors, role }: { id: string; errors: readonly string[] | undefined; role?: 'alert' }) {
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id} role={role}>
      <ErrorIcon className="field__error-icon" />
      <span>{errors[0]}</span>
    </p>
  );
}

/** The ids of a control's hint and error, for its aria-describedby, when they are shown. */
function describedBy(hintId: string | null, errorId: string | null): string | undefined {
  return [hintId, errorId].filter(Boolean).join(' ') || undefined;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  hintId: string;
  errorId: string;
  errors: readonly string[] | undefined;
  errorRole?: 'alert';
  /** Highlights the field as part of a group in error without claiming it is invalid itself. */
  highlight?: boolean;
  className?: string;
  children: ReactNode;
}

/** What every labelled field shares: the frame, the label, the control (children), the hint and the error. */
function FieldFrame({ id, label, hint, hintId, errorId, errors, errorRole, highlight = false, className, children }: FieldFrameProps) {
  return (
    <div className={`field${errors?.length || highlight ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} role={errorRole} />
    </div>
  );
}

type MetaLike = Pick<FieldMetadata<unknown>, 'id' | 'descriptionId' | 'errorId' | 'errors'>;

/** The frame of a Conform field, from its metadata. */
function MetaFieldFrame({
  meta,
  ...rest
}: { meta: MetaLike } & Pick<FieldFrameProps, 'label' | 'hint' | 'errorRole' | 'highlight' | 'children'>) {
  return <FieldFrame id={meta.id} hintId={meta.descriptionId} errorId={meta.errorId} errors={meta.errors} {...rest} />;
}

/** aria-invalid and aria-describedby of a Conform field's control. */
function metaAria(meta: MetaLike, hint: ReactNode) {
  const invalid = Boolean(meta.errors?.length);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(hint ? meta.descriptionId : null, invalid ? meta.errorId : null),
  };
}

interface TextFieldProps {
  /** A text value; lists and numbers typed as text (the schema splits or converts them) are accepted too. */
  meta: FieldMetadata<string | number | string[] | undefined | null>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'url';
  autoComplete?: string;
  hint?: ReactNode;
  /** Highlights the field as part of a group in error without claiming it is invalid itself. */
  highlight?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'url';
  onInput?: (value: string) => void;
  /** Announce the error as an alert (a mismatch the visitor may not see beside the field). */
  errorRole?: 'alert';
}

export function TextField({
  meta,
  label,
  type = 'text',
  autoComplete,
  hint,
  highlight,
  readOnly,
  autoFocus,
  inputMode,
  onInput,
  errorRole,
}: TextFieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <MetaFieldFrame meta={meta} label={label} hint={hint} errorRole={errorRole} highlight={highlight}>
      <input
        key={key}
        {...inputProps}
        className="field__input"
        autoComplete={autoComplete}
        {...metaAria(meta, hint)}
        readOnly={readOnly}
        autoFocus={autoFocus}
        inputMode={inputMode}
        onInput={onInput ? (e) => onInput(e.currentTarget.value) : undefined}
      />
    </MetaFieldFrame>
  );
}

interface TextAreaFieldProps {
  meta: FieldMetadata<string | undefined | null>;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}

/** Several lines of plain text (a summary), with the same label, hint and error layout as TextField. */
export function TextAreaField({ meta, label, hint, rows = 4, maxLength }: TextAreaFieldProps) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <MetaFieldFrame meta={meta} label={label} hint={hint}>
      <textarea key={key} {...props} className="field__input" rows={rows} maxLength={maxLength} {...metaAria(meta, hint)} />
    </MetaFieldFrame>
  );
}

interface CheckboxGroupProps {
  meta: FieldMetadata<unknown>;
  legend: string;
  options: readonly { value: string; label: string; description?: string }[];
  defaultValue: readonly string[];
}

/** Several checkboxes posting the same name (a list field such as userRoles). */
export function CheckboxGroup({ meta, legend, options, defaultValue }: CheckboxGroupProps) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset className={`field field--group${invalid ? ' field--invalid' : ''}`} aria-describedby={invalid ? meta.errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              name={meta.name}
              form={meta.formId}
              value={option.value}
              defaultChecked={defaultValue.includes(option.value)}
            />
            <span>
              <span className="choice__label">{option.label}</span>
              {option.description ? <span className="choice__description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/**
 * Errors of the whole form (the server's message): announced when they appear. When the database was
 * away for a moment (ADR 047) the form keeps what was typed and offers Retry, which sends it again.
 */
export function FormErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  // a moment's outage or a server too slow to answer: the same submit again, on request
  const retry = errors?.some((e) => e === DATABASE_UNAVAILABLE_MESSAGE || e === API_TIMEOUT_MESSAGE) ?? false;
  return (
    <div id={id} role="alert" className={errors?.length ? 'form-alert form-alert--error' : undefined}>
      {errors?.length ? errors.map((e) => <p key={e}>{e}</p>) : null}
      {retry ? (
        <p>
          <button type="submit" className="button button--secondary button--small">
            Retry
          </button>
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps {
  meta: FieldMetadata<string | number | undefined | null>;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  onChange?: (value: string) => void;
}

/** A single choice from a short list (a native select: keyboard and screen reader support for free). */
export function SelectField({ meta, label, options, hint, onChange }: SelectFieldProps) {
  return (
    <MetaFieldFrame meta={meta} label={label} hint={hint}>
      <Select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        form={meta.formId}
        defaultValue={meta.initialValue === undefined || meta.initialValue === null ? undefined : String(meta.initialValue)}
        {...metaAria(meta, hint)}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </MetaFieldFrame>
  );
}

interface FileFieldProps {
  id: string;
  name: string;
  label: string;
  accept: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
}

/** A labelled file input; its value is read from the form on submit (not part of the Zod schema). */
export function FileField({ id, name, label, accept, hint, error, required }: FileFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId} errorId={errorId} errors={error ? [error] : undefined}>
      <FileInput
        id={id}
        name={name}
        accept={accept}
        what={accept === 'application/pdf' || accept === '.pdf' ? 'a PDF' : accept.startsWith('image/') ? 'an image' : 'a file'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        aria-required={required || undefined}
      />
    </FieldFrame>
  );
}

interface CheckboxFieldProps {
  meta: FieldMetadata<boolean | undefined | null>;
  label: string;
  description?: string;
}

/** One yes/no option; posts "on" when checked and nothing otherwise (the schema defaults it to false). */
export function CheckboxField({ meta, label, description }: CheckboxFieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type: 'checkbox', ariaAttributes: false });
  return (
    <div className="field">
      <label className="choice">
        <input key={key} {...inputProps} aria-describedby={meta.errors?.length ? meta.errorId : undefined} />
        <span>
          <span className="choice__label">{label}</span>
          {description ? <span className="choice__description">{description}</span> : null}
        </span>
      </label>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export interface ControlledTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  hint?: ReactNode;
  multiline?: boolean;
  maxLength?: number;
  inputMode?: 'decimal' | 'text';
  /** Says "(optional)" after the label. */
  optional?: boolean;
  /** Added to the field's name for screen readers only ("Title, benefit 2"). */
  context?: string;
  className?: string;
}

/**
 * A labelled text input or textarea whose value lives in the editor's state (the pieces of a
 * structured field that post as one JSON value), with its hint and error under it.
 */
export function ControlledTextField({
  id,
  label,
  value,
  onChange,
  errors,
  hint,
  multiline = false,
  maxLength,
  inputMode,
  optional = false,
  context,
  className,
}: ControlledTextFieldProps) {
  const invalid = Boolean(errors?.length);
  const props = {
    id,
    className: 'field__input',
    value,
    maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(hint ? `${id}-hint` : null, invalid ? `${id}-error` : null),
    // the name said as one phrase ("Title, benefit 2"): a visually hidden part of the label is read
    // by Chromium as a separate piece ("Title , benefit 2")
    'aria-label': context ? `${label}${optional ? ' (optional)' : ''}, ${context}` : undefined,
  };
  return (
    <FieldFrame
      id={id}
      label={
        <>
          {label}
          {optional ? <span className="field__optional"> (optional)</span> : null}
        </>
      }
      hint={hint}
      hintId={`${id}-hint`}
      errorId={`${id}-error`}
      errors={errors}
      className={className}
    >
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...props} inputMode={inputMode} autoComplete="off" onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FieldFrame>
  );
}

/** A form's full-width submit button: disabled while it cannot send, and saying what it does while it sends. */
export function SubmitButton({
  pending,
  disabled = false,
  busyLabel,
  label,
}: {
  pending: boolean;
  disabled?: boolean;
  busyLabel: string;
  label: string;
}) {
  return (
    <button className="button button--primary button--block" type="submit" disabled={pending || disabled}>
      {pending ? busyLabel : label}
    </button>
  );
}

interface NewPasswordFieldsProps {
  password: TextFieldProps['meta'];
  confirm: TextFieldProps['meta'];
  /** The labels of the two boxes ("New Password", "Confirm Password"). */
  labels: [string, string];
  onPasswordInput?: (value: string) => void;
  onConfirmInput?: (value: string) => void;
}

/** A new password (with its minimum length) and its confirmation, whose mismatch is announced. */
export function NewPasswordFields({ password, confirm, labels, onPasswordInput, onConfirmInput }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        meta={password}
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        onInput={onPasswordInput}
      />
      <TextField meta={confirm} label={labels[1]} type="password" autoComplete="new-password" errorRole="alert" onInput={onConfirmInput} />
    </>
  );
}
