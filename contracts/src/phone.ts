import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers written without a country code are read as Philippine ones (0917… = +63 917…). */
const DEFAULT_COUNTRY = 'PH';

/**
 * A phone number in E.164 (+639170000000), however it is written ("0917 000 0000",
 * "+63 917-000-0000", "(0917) 000 0000"), when libphonenumber reads it as a possible number
 * (of the Philippines, without a country code); null otherwise ("abc", "0917").
 */
export function possiblePhone(contact: string): string | null {
  const parsed = parsePhoneNumberFromString(contact.trim(), DEFAULT_COUNTRY);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Whether a contact is a phone number: what the booking form and the booking service both accept. */
export const isPhoneNumber = (contact: string): boolean => possiblePhone(contact) !== null;
