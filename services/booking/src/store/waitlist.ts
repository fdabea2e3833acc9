import { isValidObjectId } from 'mongoose';
import { WAITLIST_MESSAGES, type Side, type WaitlistEntry, type WaitlistJoined, type waitlistRequestSchema } from '@bb/contracts';
import { conflict, isDuplicateKey, manilaDate, manilaInstant, notFound } from '@bb/service-kit';
import type { z } from 'zod';
import type { BookingDeps } from '../deps';
import { bookingDuration, checkSlot, planDay } from '../domain/slots';
import type { BookingModels } from '../models';
import { SIGN_UP_ORDER, toWaitlistEntry, type WaitlistEntryDoc } from '../models/waitlist-entry';
import { itemsAndDay, requirePhoneNumber, slotRefusal } from './book-appointment';

export const ENTRY_NOT_FOUND = 'Waitlist entry not found';

/**
 * Signs a visitor up for a full slot. The slot is checked as a booking checks it (same items
 * check, same refusals) and must be full now, and bookable but for its capacity: a free one
 * is to be booked, and freed places would not open one refused for another reason. The unique
 * index on slot and address keeps one entry per address (two sign-ups at once store one). The
 * answer is the same whether this sign-up stored the entry or the address already waited, and
 * an existing entry is left as it is (its place, its status): anyone may send any address, so
 * the answer must tell nothing of someone else's entry, and a sign-up must not re-arm another
 * person's slot-opened mail.
 */
export async function joinWaitlist(deps: BookingDeps, body: z.output<typeof waitlistRequestSchema>): Promise<WaitlistJoined> {
  requirePhoneNumber(body.contact);
  const { models } = deps;
  const offering = body.offeringType;
  const now = deps.now();
  const [items, day] = await itemsAndDay(deps, body, now);
  const durationMinutes = bookingDuration(items);
  // Whether a booking would get the slot if it had room: freed places could only help then.
  const withRoom = checkSlot(planDay({ ...day, capacity: Infinity, durationMinutes, now }), body.preferredTime);
  if (!withRoom.ok) throw slotRefusal(withRoom.reason, offering, deps.schedule.policy(offering));
  if (checkSlot(planDay({ ...day, durationMinutes, now }), body.preferredTime).ok) throw conflict(WAITLIST_MESSAGES.notFull);
  const slot = withRoom.slot;

  const email = body.email.toLowerCase();
  const fields = {
    offeringType: offering,
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    contact: body.contact,
    preferredDate: body.preferredDate,
    preferredTime: body.preferredTime,
    startTime: slot.start,
    durationMinutes,
    treatments: body.treatments,
    items: items.map((b) => ({ id: b._id, name: b.name })),
    status: 'waiting' as const,
    createdAt: now,
    notifiedAt: null,
    outbox: [],
  };
  try {
    await models.WaitlistEntry.create(fields);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return { offeringType: offering, preferredDate: body.preferredDate, preferredTime: body.preferredTime, message: WAITLIST_MESSAGES.joined };
}

/** Entries of slots from today (Manila) on, by slot and then sign-up order. */
export async function waitlistEntries(deps: Pick<BookingDeps, 'models' | 'now'>, offering: Side | undefined): Promise<WaitlistEntry[]> {
  const filter = { startTime: { $gte: manilaInstant(manilaDate(deps.now()), 0) }, ...(offering ? { offeringType: offering } : {}) };
  const docs = await deps.models.WaitlistEntry.find(filter, { outbox: 0 })
    .sort({ startTime: 1, ...SIGN_UP_ORDER })
    .lean<WaitlistEntryDoc[]>();
  return docs.map(toWaitlistEntry);
}

export async function removeWaitlistEntry(models: BookingModels, id: string): Promise<void> {
  if (!isValidObjectId(id)) throw notFound(ENTRY_NOT_FOUND);
  const removed = await models.WaitlistEntry.deleteOne({ _id: id });
  if (removed.deletedCount === 0) throw notFound(ENTRY_NOT_FOUND);
}
