import { useId } from 'react';
import { FINDER_COUNTRIES, FINDER_MESSAGE, WHO_OPTIONS, zipLabelFor, type FinderLabel } from '#shared/validation/finder.ts';
import { Select } from '../forms/select.tsx';
import { ErrorIcon } from '../forms/error-icon.tsx';

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
 * Who are you (grower or retailer), country and ZIP or postal code: a GET form to the results
 * (/reps-retailers?label=…&zip=…), complete without JavaScript. The pages' module
 * (app/client/finder-form.ts) adds the spec's message when who or the code is missing and the label
 * that follows the country; the message's markup waits in a <template>.
 */
export function FinderForm({ defaultCountry, defaultLabel = '', defaultZip = '', radius, variant = 'full', headingId }: FinderFormProps) {
  const uid = useId();
  return (
    <form className={`finder-form finder-form--${variant}`} method="get" action="/reps-retailers" noValidate aria-labelledby={headingId}>
      <fieldset className="finder-form__who">
        <legend className="lead-field__label">Who are you?</legend>
        <div className="who-options">
          {WHO_OPTIONS.map((o) => (
            <label key={o.value} className="who-option">
              <input type="radio" name="label" value={o.value} defaultChecked={defaultLabel === o.value} />
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
          <Select id={`${uid}-country`} defaultValue={defaultCountry}>
            {FINDER_COUNTRIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="lead-field finder-form__zip">
          <label className="lead-field__label" htmlFor={`${uid}-zip`}>
            {zipLabelFor(defaultCountry)}
          </label>
          <input
            id={`${uid}-zip`}
            name="zip"
            className="lead-input"
            type="search"
            enterKeyHint="search"
            autoComplete="postal-code"
            inputMode={defaultCountry === 3 ? 'text' : 'numeric'}
            defaultValue={defaultZip}
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
      <div role="alert" className="finder-form__alert" />
      <template className="finder-form__message">
        <p className="lead-field__error">
          <ErrorIcon className="lead-field__error-icon" />
          {FINDER_MESSAGE}
        </p>
      </template>
      {radius ? <input type="hidden" name="radius" value={radius} /> : null}
    </form>
  );
}
