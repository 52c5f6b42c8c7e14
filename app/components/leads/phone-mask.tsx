import { useLayoutEffect } from 'react';
import { defaultCountries, parseCountry, usePhoneInput, type CountryIso2 } from 'react-international-phone';
import { errorProps } from './form-helpers.tsx';

/** react-international-phone's country data: name, iso2, dial code, format mask, priority, area codes. */
const COUNTRIES = defaultCountries.map((c) => parseCountry(c));

interface MaskedPhoneProps {
  id: string;
  name: string;
  /** What is in the field already (typed before the mask arrived, or sent back by the server). */
  defaultValue: string;
  /** the country the prefix starts at: the spec's 'us', Canada on Canadian pages */
  defaultCountry?: PhoneCountry;
  error?: string;
  /** the visitor was in the plain field it replaces: carry on typing here */
  focus?: boolean;
}

export type PhoneCountry = 'us' | 'ca';

/**
 * The phone number with a country code: digits only, formatted by the chosen country's mask, US by
 * default (Canada on Canadian pages). The visible input has no name; a hidden one carries the number as sent, with the dial
 * code ("+1 (515) 555-0199", or '' when empty). A native select keeps the country choice keyboard-
 * and screen-reader-friendly.
 */
export function MaskedPhone({ id, name, defaultValue, defaultCountry = 'us', error, focus = false }: MaskedPhoneProps) {
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry,
    value: defaultValue.replace(/[^\d+]/g, ''),
    countries: defaultCountries,
    disableDialCodeAndPrefix: true,
  });
  // in the commit that swaps the fields, so a key pressed right after it lands here, not on the page
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!focus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // on mount only: the plain field it replaced had the focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
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
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className="lead-input phone-field__input"
        value={inputValue}
        onChange={handlePhoneValueChange}
        ref={inputRef}
        {...errorProps(id, error)}
      />
      <input type="hidden" name={name} value={inputValue ? `+${country.dialCode} ${inputValue}` : ''} />
    </div>
  );
}
