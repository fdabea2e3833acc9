import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { SlotHold, slotHoldRequestSchema } from '@bb/contracts';
import { MINUTE_MS } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { ledgerBlocks, ledgerId, visitorHolder } from '../domain/ledger';
import { holdIdOf, parseHoldId } from '../domain/slot-hold';
import { bookingDuration, checkSlot, planDay } from '../domain/slots';
import { itemsAndDay, slotRefusal } from './book-appointment';
import { settleOverdue } from './day-plan';
import { beginChange, releaseHold } from './ledger';

/**
 * Holds a slot for a visitor while they fill in the form: checked as a booking checks it (same
 * items, duration and buffer, same refusals), then its places taken in the ledger by the same
 * guarded write a booking makes, as a hold that expires after `slotHoldMinutes` on its own
 * (nothing has to run: reads count an expired hold as free, and the next claim refused there
 * clears it). Others see the slot taken meanwhile.
 */
export async function holdSlot(deps: BookingDeps, body: z.output<typeof slotHoldRequestSchema>): Promise<SlotHold> {
  const since = performance.now();
  const { models } = deps;
  const offering = body.offeringType;
  const now = deps.now();
  const [items, day] = await itemsAndDay(deps, body, now);
  await settleOverdue(models, offering, day);
  const check = checkSlot(planDay({ ...day, durationMinutes: bookingDuration(items), now }), body.preferredTime);
  const policy = deps.schedule.policy(offering);
  if (!check.ok) throw slotRefusal(check.reason, offering, policy);
  const token = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + deps.slotHoldMinutes * MINUTE_MS);
  const held = await beginChange(models, {
    offering,
    holder: visitorHolder(token),
    from: [],
    to: ledgerBlocks(check.slot.start, check.slot.holdEnd),
    capacity: day.capacity,
    now,
    expiresAt,
    seen: day.ledgers,
    since,
  });
  if (!held.ok) throw slotRefusal('full', offering, policy);
  return { holdId: holdIdOf(token, offering, body.preferredDate), expiresAt: expiresAt.toISOString() };
}

/** Gives a hold's places back at once; a hold that is gone (booked, released, expired and cleared) needs nothing. */
export async function releaseSlotHold(deps: Pick<BookingDeps, 'models'>, holdId: string): Promise<void> {
  const { holder, offering, date } = parseHoldId(holdId);
  // Its blocks lie on its date, and past midnight only with a buffer: the next month's document too on a month's last day.
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await releaseHold(deps.models, offering, holder, [...new Set([ledgerId(offering, date), ledgerId(offering, next)])]);
}
