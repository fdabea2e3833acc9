import type { Side } from '@bb/contracts';
import { visitorHolder } from './ledger';

// A visitor's hold on a slot is named by a random token of 128 bits (22 base64url characters)
// followed by where it lies: the offering's letter and the Manila date (`yyyyMMdd`), so that
// releasing it finds its ledger document by `_id` without anything else stored.

const OFFERING_LETTER: Record<Side, string> = { clinic: 'c', studio: 's' };

export const holdIdOf = (token: string, offering: Side, date: string) => `${token}${OFFERING_LETTER[offering]}${date.replaceAll('-', '')}`;

/** Where a hold lies, from its id (the contract checks its form). */
export function parseHoldId(holdId: string): { holder: string; offering: Side; date: string } {
  const letter = holdId.charAt(22);
  const digits = holdId.slice(23);
  return {
    holder: visitorHolder(holdId.slice(0, 22)),
    offering: letter === 'c' ? 'clinic' : 'studio',
    date: `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`,
  };
}

/** The ledger holder of a hold, when it is one of this offering's (another offering's hold is no hold here). */
export function holdOf(holdId: string, offering: Side): string | null {
  const hold = parseHoldId(holdId);
  return hold.offering === offering ? hold.holder : null;
}
