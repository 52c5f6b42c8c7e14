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
  const zone = timeZone ?? (typeof Intl === 'undefined' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone);
  const invalid = Boolean(errors?.length);
  const inputId = `${uid}-at`;

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
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            Publish at
          </label>
          <input
            id={inputId}
            type="datetime-local"
            className="field__input"
            value={local}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-hint${invalid ? ` ${inputId}-error` : ''}`}
            onChange={(e) => {
              changed.current = true;
              setLocal(e.currentTarget.value);
            }}
          />
          <p className="field__hint" id={`${inputId}-hint`}>
            Your time ({zone}). Until then the public site keeps showing the version it shows now.
          </p>
          <FieldError id={`${inputId}-error`} errors={errors} />
        </div>
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
