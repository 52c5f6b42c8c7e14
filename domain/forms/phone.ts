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
