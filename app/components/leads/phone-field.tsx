import { defaultCountries, parseCountry, usePhoneInput, type CountryIso2 } from 'react-international-phone';
import { errorProps, Field } from './form-helpers.tsx';

/** react-international-phone's country data: name, iso2, dial code, format mask, priority, area codes. */
const COUNTRIES = defaultCountries.map((c) => parseCountry(c));

interface PhoneFieldProps {
  id: string;
  label: string;
  /** The number as the library keeps it (+ and digits). */
  value: string;
  /** `formatted` is what the visitor sees, with the dial code (e.g. "+1 (515) 555-0199"), or '' when empty. */
  onChange(phone: string, formatted: string): void;
  error?: string;
}

/**
 * Phone number with a country code: digits only, formatted by the chosen country's mask, US by
 * default. A native select keeps the country choice keyboard- and screen-reader-friendly.
 */
export function PhoneField({ id, label, value, onChange, error }: PhoneFieldProps) {
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry: 'us',
    value,
    countries: defaultCountries,
    disableDialCodeAndPrefix: true,
    onChange: (data) => onChange(data.phone, data.inputValue ? `+${data.country.dialCode} ${data.inputValue}` : ''),
  });

  return (
    <Field id={id} label={label} error={error}>
      <div className="phone-field">
        <div className="phone-field__country">
          <span className="phone-field__country-code" aria-hidden="true">
            {country.iso2.toUpperCase()} +{country.dialCode}
            <span className="phone-field__chevron" />
          </span>
          <select
            id={`${id}-country`}
            aria-label="Country calling code"
            value={country.iso2}
            onChange={(e) => setCountry(e.target.value as CountryIso2, { focusOnInput: false })}
          >
            {COUNTRIES.map((c) => (
              <option key={c.iso2} value={c.iso2}>
                {c.name} (+{c.dialCode})
              </option>
            ))}
          </select>
        </div>
        <input
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className="lead-input phone-field__input"
          value={inputValue}
          onChange={handlePhoneValueChange}
          ref={inputRef}
          {...errorProps(id, error)}
        />
      </div>
    </Field>
  );
}
