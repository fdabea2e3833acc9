import { createHash } from 'node:crypto';
import { possiblePhone } from '@bb/contracts';

/**
 * An address as one mailbox: trimmed, lower-case, and without the +tag of its local part, so
 * "Ana+1@Example.com" and "ana@example.com" are one contact.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${address.slice(at)}`;
}

/**
 * A number as the per-contact cap counts it: in E.164, or, for one libphonenumber cannot read
 * as a possible number (stored before bookings had to give one), its digits. Null when it has
 * no digits at all.
 */
export function phoneOf(contact: string): string | null {
  return possiblePhone(contact) ?? (contact.replace(/\D/g, '') || null);
}

/**
 * The keys the per-contact cap counts an appointment under, e-mail first and then phone: every
 * booking claims them in this order, so of bookings racing for a contact's last places the
 * ones that pass the first key are the ones that get the second (see `claimContact`).
 */
export function contactKeys(email: string, contact: string): string[] {
  const phone = phoneOf(contact);
  return [`e:${mailboxOf(email)}`, ...(phone ? [`p:${phone}`] : [])];
}

/** A contact key as stored where it outlives its appointments (counts, no-shows): hashed, so no address is kept. */
export const hashedContactKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** A counted appointment still missing after this long never got stored (its booking stopped between counting and storing). */
export const CLAIM_GRACE_MS = 2 * 60 * 1000;

/** Whether the holder of a contact claim still counts: not cancelled, not deleted, still to come. */
export interface ClaimHolder {
  status: string;
  start: Date;
  deleted: boolean;
}

/**
 * Whether a claim may be taken over: its appointment is past, cancelled or deleted, or is
 * missing and the claim is older than `graceMs` (a booking still in progress stores its
 * appointment just after claiming; one that crashed in between never does).
 */
export function claimIsStale(holder: ClaimHolder | undefined, claimedAt: Date, now: Date, wallClock: Date, graceMs: number): boolean {
  if (!holder) return wallClock.getTime() - claimedAt.getTime() > graceMs;
  return holder.deleted || holder.status === 'cancelled' || holder.start.getTime() <= now.getTime();
}
