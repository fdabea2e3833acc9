import { createHash } from 'node:crypto';
import { MANAGE_MESSAGES, type AppointmentStatus } from '@bb/contracts';
import { DAY_MS } from '@bb/service-kit';

/**
 * The SHA-256 of a token of the random kind, which appointments booked before derived tokens
 * (`manageLinkToken`) keep as `manageTokenHash`: their links are found by it.
 */
export const manageTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link stops opening `expiryDays` after its appointment's end: from this instant on. */
export const linkExpiry = (end: Date, expiryDays: number) => new Date(end.getTime() + expiryDays * DAY_MS);

/** Moves through the link the customer has left: the offering's limit less those made (never below 0). */
export const reschedulesLeft = (limit: number, made: number) => Math.max(0, limit - made);

const HOUR_MS = 60 * 60 * 1000;

export type ChangeClosed = 'cancelled' | 'past' | 'cutoff';

/** Whether the customer may cancel or move the appointment now; when not, why, in the manage page's words. */
export type ChangeWindow = { deadline: Date } & ({ closed: null; reason: null } | { closed: ChangeClosed; reason: string });

/**
 * Changes close `cutoffHours` before the start (0: at the start itself), the deadline: a
 * change at the deadline or later is refused, as is one to an appointment that is cancelled,
 * done or has begun.
 */
export function changeWindow(appointment: { status: AppointmentStatus; start: Date }, cutoffHours: number, now: Date): ChangeWindow {
  const deadline = new Date(appointment.start.getTime() - cutoffHours * HOUR_MS);
  if (appointment.status === 'cancelled') return { deadline, closed: 'cancelled', reason: MANAGE_MESSAGES.cancelled };
  if (appointment.status === 'done') return { deadline, closed: 'past', reason: MANAGE_MESSAGES.done };
  if (now.getTime() >= appointment.start.getTime()) return { deadline, closed: 'past', reason: MANAGE_MESSAGES.past };
  if (now.getTime() >= deadline.getTime()) return { deadline, closed: 'cutoff', reason: MANAGE_MESSAGES.cutoff(cutoffHours) };
  return { deadline, closed: null, reason: null };
}
