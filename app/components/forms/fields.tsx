import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Select } from './select.tsx';
import { FileInput } from './file-input.tsx';

/**
 * The form toolkit's fields (Conform + the shared Zod schemas): a visible label above the control,
 * an optional hint, and the field's error under it (icon and text), linked by aria attributes.
 */
function ErrorIcon() {
  return (
    <svg className="field__error-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function FieldError({ id, errors, role }: { id: string; errors: readonly string[] | undefined; role?: 'alert' }) {
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id} role={role}>
      <ErrorIcon />
      <span>{errors[0]}</span>
    </p>
  );
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
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(' ') || undefined;
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <div className={`field${invalid || highlight ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        className="field__input"
        autoComplete={autoComplete}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        readOnly={readOnly}
        autoFocus={autoFocus}
        inputMode={inputMode}
        onInput={onInput ? (e) => onInput(e.currentTarget.value) : undefined}
      />
      {hint ? (
        <p className="field__hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} role={errorRole} />
    </div>
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
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(' ') || undefined;
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <textarea
        key={key}
        {...props}
        className="field__input"
        rows={rows}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="field__hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
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

/** Errors of the whole form (the server's message): announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return (
    <div id={id} role="alert" className={errors?.length ? 'form-alert form-alert--error' : undefined}>
      {errors?.length ? errors.map((e) => <p key={e}>{e}</p>) : null}
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
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <Select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        form={meta.formId}
        defaultValue={meta.initialValue === undefined || meta.initialValue === null ? undefined : String(meta.initialValue)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {hint ? (
        <p className="field__hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
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
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FileInput
        id={id}
        name={name}
        accept={accept}
        what={accept === 'application/pdf' || accept === '.pdf' ? 'a PDF' : accept.startsWith('image/') ? 'an image' : 'a file'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={error ? [error] : undefined} />
    </div>
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
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const props = {
    id,
    className: 'field__input',
    value,
    maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    // the name said as one phrase ("Title, benefit 2"): a visually hidden part of the label is read
    // by Chromium as a separate piece ("Title , benefit 2")
    'aria-label': context ? `${label}${optional ? ' (optional)' : ''}, ${context}` : undefined,
  };
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...props} inputMode={inputMode} autoComplete="off" onChange={(e) => onChange(e.currentTarget.value)} />
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
