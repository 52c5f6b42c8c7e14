import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from './form-helpers.tsx';
import { FINDER_COUNTRIES, finderFormError, finderResultsPath, WHO_OPTIONS, zipLabelFor, type FinderLabel } from '#shared/validation/finder.ts';

interface FinderFormProps {
  defaultCountry: 2 | 3;
  defaultLabel?: FinderLabel | '';
  defaultZip?: string;
  radius?: number;
  /** compact: the one-row version above the results */
  variant?: 'full' | 'compact';
  headingId?: string;
}

/**
 * Who are you (grower or retailer), country and ZIP or postal code. With JavaScript it checks both
 * are filled and navigates to the results with label and zip as navigation state and in the URL;
 * without it, the form's GET goes to the same URL.
 */
export function FinderForm({ defaultCountry, defaultLabel = '', defaultZip = '', radius, variant = 'full', headingId }: FinderFormProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const uid = useId();
  const [label, setLabel] = useState<FinderLabel | ''>(defaultLabel);
  const [country, setCountry] = useState<number>(defaultCountry);
  const [zip, setZip] = useState(defaultZip);
  const [message, setMessage] = useState<string | null>(null);
  const zipLabel = zipLabelFor(country);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = finderFormError({ label, zip });
    setMessage(error);
    if (error || !label) return;
    void navigate(finderResultsPath({ label, zip, radius }), { state: { label, zip: zip.trim() } });
  }

  return (
    <form
      className={`finder-form finder-form--${variant}`}
      method="get"
      action="/reps-retailers"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      aria-describedby={message ? `${uid}-message` : undefined}
      data-enhanced={hydrated ? '' : undefined}
    >
      <fieldset className="finder-form__who">
        <legend className="lead-field__label">Who are you?</legend>
        <div className="who-options">
          {WHO_OPTIONS.map((o) => (
            <label key={o.value} className="who-option">
              <input
                type="radio"
                name="label"
                value={o.value}
                checked={label === o.value}
                onChange={() => {
                  setLabel(o.value);
                  setMessage(null);
                }}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="finder-form__row">
        <div className="lead-field finder-form__country">
          <label className="lead-field__label" htmlFor={`${uid}-country`}>
            Country
          </label>
          <select id={`${uid}-country`} className="lead-input lead-input--select" value={country} onChange={(e) => setCountry(Number(e.target.value))}>
            {FINDER_COUNTRIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="lead-field finder-form__zip">
          <label className="lead-field__label" htmlFor={`${uid}-zip`}>
            {zipLabel}
          </label>
          <input
            id={`${uid}-zip`}
            name="zip"
            className="lead-input"
            type="search"
            enterKeyHint="search"
            autoComplete="postal-code"
            inputMode={country === 3 ? 'text' : 'numeric'}
            value={zip}
            onChange={(e) => setZip(e.target.value)}
            aria-invalid={message ? true : undefined}
          />
        </div>
        <button type="submit" className="button button--primary finder-form__submit">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          Search
        </button>
      </div>
      <div role="alert" className="finder-form__alert">
        {message ? (
          <p className="lead-field__error" id={`${uid}-message`}>
            <svg className="lead-field__error-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="9" fill="currentColor" />
              <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {message}
          </p>
        ) : null}
      </div>
      {radius ? <input type="hidden" name="radius" value={radius} /> : null}
    </form>
  );
}
