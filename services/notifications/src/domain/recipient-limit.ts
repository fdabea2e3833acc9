import { createHash } from 'node:crypto';
import { dueHourOf } from './due-hours';

/**
 * An address as the per-address limit counts it: trimmed and lower-case, hashed, so the count
 * keeps no address (it is kept past the mails it counts until its hour is over).
 */
export const recipientKey = (address: string): string => createHash('sha256').update(address.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** The count of an address in the UTC hour of `at`: one document per address and hour. */
export function recipientCountOf(address: string, at: Date): { _id: string; key: string; hour: string } {
  const key = recipientKey(address);
  const hour = dueHourOf(at);
  return { _id: `${key}|${hour}`, key, hour };
}
