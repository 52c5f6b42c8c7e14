import { useEffect, useRef, useState } from 'react';
import { errorProps, Field } from './form-helpers.tsx';
import { loadPhoneMask, onFirstUse } from './lazy.ts';
import type { PhoneCountry } from './phone-mask.tsx';

interface PhoneFieldProps {
  id: string;
  label: string;
  /** The number the server sent back (after a post without JavaScript), or ''. */
  defaultValue?: string;
  /** where the country prefix starts: 'us' (the spec's default), 'ca' on Canadian pages */
  country?: PhoneCountry;
  error?: string;
}

type Masked = typeof import('./phone-mask.tsx').MaskedPhone;

/**
 * A plain telephone field in the HTML (it works without JavaScript: the number is sent as typed);
 * in the browser the country mask (react-international-phone, ./phone-mask.tsx) is loaded when the
 * visitor starts on the form and replaces it, keeping what was already typed (and the focus, if the
 * visitor is in the field).
 */
export function PhoneField({ id, label, defaultValue = '', country = 'us', error }: PhoneFieldProps) {
  const [Masked, setMasked] = useState<Masked | null>(null);
  const [typed, setTyped] = useState(defaultValue);
  const [focused, setFocused] = useState(false);
  const plain = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    const cleanup = onFirstUse(plain.current?.form, () => {
      loadPhoneMask()
        .then((m) => {
          if (!live) return;
          // what is in the field now (the render that swaps the fields runs in a microtask, before any further key)
          setTyped(plain.current?.value ?? '');
          setFocused(document.activeElement === plain.current);
          setMasked(() => m.MaskedPhone);
        })
        .catch((err: unknown) => console.warn('phone mask unavailable', err));
    });
    return () => {
      live = false;
      cleanup();
    };
  }, []);
  return (
    <Field id={id} label={label} error={error}>
      {Masked ? (
        <Masked id={id} name="phone" defaultValue={typed} defaultCountry={country} error={error} focus={focused} />
      ) : (
        <input
          ref={plain}
          id={id}
          name="phone"
          type="tel"
          autoComplete="tel"
          className="lead-input"
          defaultValue={defaultValue}
          onChange={(e) => setTyped(e.target.value)}
          {...errorProps(id, error)}
        />
      )}
    </Field>
  );
}
