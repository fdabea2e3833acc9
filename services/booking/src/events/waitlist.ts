import { outboxEvent, type OutboxEntry } from '@bb/service-kit';
import type { WaitlistEntryDoc } from '../models/waitlist-entry';

/** The slot a visitor waits for has room again: stored with the write that marks them notified. */
export const slotOpened = (entry: WaitlistEntryDoc, position: number): OutboxEntry =>
  outboxEvent('booking', 'booking.waitlist.slot-opened', {
    entryId: String(entry._id),
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    offeringType: entry.offeringType,
    items: entry.items.map((item) => ({ id: item.id, name: item.name })),
    preferredDate: entry.preferredDate,
    preferredTime: entry.preferredTime,
    startTime: entry.startTime.toISOString(),
    position,
  });
