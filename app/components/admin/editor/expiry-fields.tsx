import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { browserZone, fromLocalInput, LocalTimeInput, toLocalInput } from './publish-at-field.tsx';

interface ExpiryFieldsProps {
  form?: string;
  /** The item's saved expiry (ISO) and redirect, as loaded. */
  defaultValue?: { unpublishAt?: string | null; unpublishRedirect?: string | null } | null;
  errors?: { unpublishAt?: readonly string[]; unpublishRedirect?: readonly string[] };
  /** The browser's time zone; tests pass their own. */
  timeZone?: string;
}

/**
 * Expiry (ADR 049), beside Publish at: "Unpublish at" takes the item off the site at that time (it becomes a
 * draft, and leaves the lists, search and the sitemap); "Redirect to" sends its address to another page of the
 * site from then on. Both optional: empty, the item stays. The visible field is local time; the form posts
 * the instant (ISO) in a hidden input.
 */
export function ExpiryFields({ form, defaultValue, errors, timeZone }: ExpiryFieldsProps) {
  const uid = useId();
  const [local, setLocal] = useState(toLocalInput(defaultValue?.unpublishAt ?? null));
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const iso = fromLocalInput(local);
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [iso]);
  const zone = timeZone ?? browserZone();
  const toId = `${uid}-redirect-to`;
  const atInvalid = Boolean(errors?.unpublishAt?.length);
  const toInvalid = Boolean(errors?.unpublishRedirect?.length);

  return (
    <fieldset className={`field field--group expiry${atInvalid || toInvalid ? ' field--invalid' : ''}`}>
      <legend className="field__label">Expiry</legend>
      <LocalTimeInput
        id={`${uid}-unpublish-at`}
        label="Unpublish at"
        value={local}
        // seconds may be given (an expiry a moment away); the usual picker still shows minutes
        step={1}
        onChange={(value) => {
          changed.current = true;
          setLocal(value);
        }}
        hint={`Your time (${zone}). Optional: at this time the item leaves the site, its lists, search and the sitemap, and becomes a draft.`}
        errors={errors?.unpublishAt}
      />
      {/* an incomplete time is posted as typed, so validation says so instead of dropping the expiry */}
      <input ref={hidden} type="hidden" name="unpublishAt" form={form} value={iso || local} />
      <div className="field">
        <label className="field__label" htmlFor={toId}>
          Redirect to
        </label>
        <input
          id={toId}
          name="unpublishRedirect"
          form={form}
          type="text"
          className="field__input"
          placeholder="/knowledge-center"
          autoComplete="off"
          defaultValue={defaultValue?.unpublishRedirect ?? ''}
          aria-invalid={toInvalid || undefined}
          aria-describedby={`${toId}-hint${toInvalid ? ` ${toId}-error` : ''}`}
        />
        <p className="field__hint" id={`${toId}-hint`}>
          Optional: a path on this site its address leads to once unpublished. Empty, the address answers Not Found.
        </p>
        <FieldError id={`${toId}-error`} errors={errors?.unpublishRedirect} />
      </div>
    </fieldset>
  );
}
