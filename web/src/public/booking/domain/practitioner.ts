import { practitionerRoutes, type PractitionerChoice, type PublicPractitioner, type Side } from '@bb/contracts';
import { routeUrl } from '../../../shared/api/routes';

/** The form's value for "Any available": no practitioner asked for, so none is sent. */
export const ANY_PRACTITIONER = '';

/** GET /api/available-practitioners for the chosen items: who a visitor may choose for them. */
export const practitionersUrl = (side: Side, treatmentIds: readonly string[]): string =>
  routeUrl(practitionerRoutes.available, undefined, { offeringType: side, treatmentId: treatmentIds });

/**
 * The choice once the list for the chosen items is known: kept while that person is in it,
 * otherwise back to "Any available" (they do not perform a newly chosen item, or stopped
 * taking bookings). While the list is being read the choice stands: nothing is asked with it
 * meanwhile, as new items clear the date and time.
 */
export function choiceAfter(choice: string, offered: readonly Pick<PublicPractitioner, 'id'>[] | undefined): string {
  if (choice === ANY_PRACTITIONER || offered === undefined) return choice;
  return offered.some((p) => p.id === choice) ? choice : ANY_PRACTITIONER;
}

/**
 * Whether the form shows the choice at all: only with someone to choose. An empty list is
 * either items that need nobody or nobody qualified taking bookings; either way there is no
 * choice to make, and the slots say what the day has.
 */
export const showsChoice = (offered: readonly unknown[] | undefined): boolean => offered !== undefined && offered.length > 0;

/** The `practitionerId` of a request or a slots read: none for "Any available". */
export const practitionerParam = (choice: string | undefined): string | undefined => (choice ? choice : undefined);

/** A person's initials for an avatar without a photo: first and last word's first letters, upper case ("Zoe de la Cruz" → "ZC"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  // By code point, so a name starting with a character outside the basic plane is not cut in half.
  const first = (word: string) => Array.from(word)[0].toLocaleUpperCase();
  return words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
}

/** The manage page's choice for a move, only for an appointment with a practitioner; left out otherwise (the server's default). */
export const moveChoice = (hasPractitioner: boolean, choice: PractitionerChoice): PractitionerChoice | undefined => (hasPractitioner ? choice : undefined);
