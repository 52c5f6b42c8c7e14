import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';

/** "2026-12-01T09:30" in the browser's zone, as a datetime-local input shows it. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value means in the browser's zone (ISO, UTC); '' when incomplete. */
export function fromLocalInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** The browser's time zone, as the time fields name it in their hints. */
export function browserZone(): string {
  return typeof Intl === 'undefined' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A labelled datetime-local input (local time) with its hint and errors: Publish at, Unpublish at. */
export function LocalTimeInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (local: string) => void;
  hint: string;
  errors?: readonly string[];
  required?: boolean;
  step?: number;
}) {
  const { id, errors } = props;
  const invalid = Boolean(errors?.length);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type="datetime-local"
        step={props.step}
        className="field__input"
        value={props.value}
        required={props.required}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

interface PublishAtFieldProps {
  name?: string;
  form?: string;
  /** A scheduled time already saved with the loaded version (ISO), if still ahead. */
  defaultValue?: string | null;
  errors?: readonly string[];
  /** The browser's time zone; tests pass their own. */
  timeZone?: string;
}

/**
 * Scheduled publishing: unticked, the saved version goes live at once; ticked, the public site keeps
 * the current version until the chosen time, then shows this one without anyone saving again. The
 * visible field is local time; the form posts the instant (ISO) in a hidden input.
 */
export function PublishAtField({ name = 'publishAt', form, defaultValue = null, errors, timeZone }: PublishAtFieldProps) {
  const uid = useId();
  const ahead = defaultValue !== null && new Date(defaultValue).getTime() > Date.now();
  const [scheduled, setScheduled] = useState(ahead);
  const [local, setLocal] = useState(ahead ? toLocalInput(defaultValue) : '');
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const iso = scheduled ? fromLocalInput(local) : '';
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [iso, scheduled]);
  const zone = timeZone ?? browserZone();
  const invalid = Boolean(errors?.length);

  return (
    <fieldset className={`field field--group publish-at${invalid ? ' field--invalid' : ''}`}>
      <legend className="field__label">Publishing</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={scheduled}
          onChange={(e) => {
            changed.current = true;
            setScheduled(e.currentTarget.checked);
          }}
        />
        <span>
          <span className="choice__label">Schedule this version</span>
          <span className="choice__description">Unticked, saving publishes at once.</span>
        </span>
      </label>
      {scheduled ? (
        <LocalTimeInput
          id={`${uid}-at`}
          label="Publish at"
          value={local}
          required
          onChange={(value) => {
            changed.current = true;
            setLocal(value);
          }}
          hint={`Your time (${zone}). Until then the public site keeps showing the version it shows now.`}
          errors={errors}
        />
      ) : null}
      {/* ticked without a usable time, the raw text is posted so validation says so instead of publishing at once */}
      <input
        ref={hidden}
        type="hidden"
        name={scheduled ? name : undefined}
        form={form}
        value={scheduled ? iso || local || 'no time chosen' : ''}
      />
    </fieldset>
  );
}
