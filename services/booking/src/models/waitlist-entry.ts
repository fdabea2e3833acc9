import { Schema, type Connection, type Types } from 'mongoose';
import { WAITLIST_STATUSES, type Side, type WaitlistEntry } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';
import type { BookedItem } from './appointment';

export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** A visitor waiting for a full slot; its outbox carries the slot-opened event. */
export interface WaitlistEntryDoc extends WithOutbox {
  _id: Types.ObjectId;
  offeringType: Side;
  firstName: string;
  lastName: string;
  /** Lower-cased: one entry per address and slot. */
  email: string;
  contact: string;
  /** Manila date and time of the slot (yyyy-MM-dd, HH:mm). */
  preferredDate: string;
  preferredTime: string;
  /** The slot's start and the chosen items' length, so a freed-slot check needs no catalog. */
  startTime: Date;
  durationMinutes: number;
  treatments: string[];
  items: BookedItem[];
  status: WaitlistStatus;
  createdAt: Date;
  notifiedAt: Date | null;
}

/** How long after its slot's start an entry is kept (for staff to look back), then deleted. */
export const WAITLIST_KEEP_DAYS = 7;

const waitlistEntrySchema = new Schema<WaitlistEntryDoc>(
  {
    offeringType: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    email: { type: String, required: true },
    contact: { type: String, required: true },
    preferredDate: { type: String, required: true },
    preferredTime: { type: String, required: true },
    startTime: { type: Date, required: true },
    durationMinutes: { type: Number, required: true },
    treatments: { type: [String], default: [] },
    items: { type: [new Schema<BookedItem>({ id: String, name: String }, { _id: false })], default: [] },
    status: { type: String, enum: WAITLIST_STATUSES, default: 'waiting' },
    createdAt: { type: Date, required: true },
    notifiedAt: { type: Date, default: null },
    ...outboxFields,
  },
  { versionKey: false },
);
// One entry per address and slot: two identical sign-ups at once store one.
waitlistEntrySchema.index({ offeringType: 1, preferredDate: 1, preferredTime: 1, email: 1 }, { unique: true });
// The freed-slot check (waiting entries of an offering's day) and the staff list (by slot, sign-up order).
waitlistEntrySchema.index({ status: 1, offeringType: 1, preferredDate: 1 });
waitlistEntrySchema.index({ startTime: 1, createdAt: 1 });

waitlistEntrySchema.plugin(outboxPendingFlag);

export const waitlistEntryModel = (conn: Connection) => conn.model<WaitlistEntryDoc>('WaitlistEntry', waitlistEntrySchema, 'waitlist');

/** Sign-up order: the business clock, then the id (two sign-ups in the same millisecond). */
export const SIGN_UP_ORDER = { createdAt: 1, _id: 1 } as const;

export function toWaitlistEntry(doc: WaitlistEntryDoc): WaitlistEntry {
  return {
    id: String(doc._id),
    offeringType: doc.offeringType,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    contact: doc.contact,
    preferredDate: doc.preferredDate,
    preferredTime: doc.preferredTime,
    items: doc.items.map((item) => ({ id: item.id, name: item.name })),
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    notifiedAt: doc.notifiedAt?.toISOString() ?? null,
  };
}
