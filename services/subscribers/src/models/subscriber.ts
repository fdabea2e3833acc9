import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, SUBSCRIBER_SOURCES } from '@bb/contracts';
import type { NewSubscriber } from '../domain/contact';

export interface SubscriberDoc extends NewSubscriber {
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
  },
  { versionKey: false },
);

export const subscriberModel = (conn: Connection) => conn.model<SubscriberDoc>('Subscriber', subscriberSchema, 'subscribers');
