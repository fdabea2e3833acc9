import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, SUBSCRIBER_SOURCES, type Subscriber } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';
import type { NewSubscriber } from '../domain/contact';

/** Double opt-in state; absent on subscribers stored before it existed. */
export interface ConfirmationFields {
  /** A newsletter sign-up waits for its mailed link to be followed. */
  pendingConfirmation?: boolean;
  /** SHA-256 of the waiting link's token; the token itself leaves only in the event. */
  confirmTokenHash?: string;
  /** The marketing consent the waiting sign-up asked for, recorded when it is confirmed. */
  pendingConsentMarketing?: boolean;
  /** The last link followed, so following it again is still a success. */
  confirmedTokenHash?: string;
  /** When a confirmation mail was last asked for this address: at most one per CONFIRMATION_MAIL_INTERVAL_MS. */
  confirmationMailedAt?: Date;
}

export interface SubscriberDoc extends NewSubscriber, ConfirmationFields, WithOutbox {
  /** Bumped by every change: an update applies only to the state it was computed from. */
  revision: number;
}

const subscriberSchema = new Schema<SubscriberDoc>(
  {
    email: { type: String, required: true },
    // The invariant "one subscriber per address" lives in this unique index.
    emailKey: { type: String, required: true, unique: true },
    fullName: { type: String, default: '' },
    phone: { type: String, default: '' },
    source: { type: String, enum: SUBSCRIBER_SOURCES, required: true },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    subscribed: { type: Boolean, default: true },
    consentMarketing: { type: Boolean, default: false },
    createdAt: { type: Date, required: true, index: -1 },
    lastInteraction: { type: Date, required: true },
    tags: { type: [String], default: [] },
    notes: { type: String, default: '' },
    revision: { type: Number, default: 0 },
    pendingConfirmation: { type: Boolean, default: false },
    // No defaults: the hashes are absent when unset, which keeps them out of their sparse indexes.
    confirmTokenHash: { type: String },
    pendingConsentMarketing: { type: Boolean },
    confirmedTokenHash: { type: String },
    confirmationMailedAt: { type: Date },
    ...outboxFields,
  },
  { versionKey: false },
);
// A confirmation link finds its subscriber by the token's hash.
subscriberSchema.index({ confirmTokenHash: 1 }, { sparse: true });
subscriberSchema.index({ confirmedTokenHash: 1 }, { sparse: true });

subscriberSchema.plugin(outboxPendingFlag);

export const subscriberModel = (conn: Connection) => conn.model<SubscriberDoc>('Subscriber', subscriberSchema, 'subscribers');

/** A stored subscriber as the staff list shows it, with its signed unsubscribe link. */
export const toSubscriber = (doc: SubscriberDoc & { _id: unknown }, unsubscribeUrl: string): Subscriber => ({
  id: String(doc._id),
  email: doc.email,
  fullName: doc.fullName,
  phone: doc.phone,
  source: doc.source,
  offeringType: doc.offeringType,
  subscribed: doc.subscribed,
  consentMarketing: doc.consentMarketing,
  createdAt: doc.createdAt.toISOString(),
  lastInteraction: doc.lastInteraction.toISOString(),
  tags: doc.tags,
  notes: doc.notes,
  unsubscribeUrl,
  pendingConfirmation: doc.pendingConfirmation === true,
});
