import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The number in E.164 form when it parses as a possible number, otherwise null. The spec does not
 * validate phone numbers, so a number that does not parse is kept as typed, never rejected.
 */
export function toE164(phone: string, defaultCountry?: CountryCode): string | null {
  const text = phone.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/**
 * A stored number as people read it: North American numbers as +1 (515) 555-0177, others in the
 * international form (+44 20 7946 0958); the number as typed when it did not parse.
 */
export function displayPhone(phone: string, e164: string | null | undefined): string {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return phone;
  return parsed.countryCallingCode === '1' ? `+1 ${parsed.formatNational()}` : parsed.formatInternational();
}
