import type { QueryFilter, UpdateQuery } from 'mongoose';
import type { OutboxEntry, OutboxRelay } from '@bb/service-kit';
import { nextStatus, type PaymentAction } from '../domain/payment-state';
import type { PaymentModels } from '../models';
import type { PaymentDoc } from '../models/payment';

/** What an action writes besides the new status: fields, list entries, and the events it announces. */
export interface Change {
  set?: Record<string, unknown>;
  unset?: Record<string, 1>;
  push?: Record<string, unknown>;
  /** Further conditions the document must still meet (a receipt not yet reviewed). */
  where?: QueryFilter<PaymentDoc>;
  events?: OutboxEntry[];
}

export interface Applied {
  doc: PaymentDoc;
  /** False when the action was not allowed from the status found (or `change` declined): nothing was written. */
  applied: boolean;
}

const MAX_TRIES = 8;

/**
 * Moves one payment by an action of the state machine, in one write guarded by the status it
 * was computed from: two replicas (or a webhook and a staff click) racing on one payment meet
 * there, and the loser computes again from what the winner wrote, usually to find its action
 * no longer allowed. The events go in the same write (the outbox) and are handed to the relay.
 * `action` may depend on the payment (a refund goes through PayMongo or by hand, by how it
 * was paid). Null when no payment matches `filter`.
 */
export async function applyAction(
  models: PaymentModels,
  relay: OutboxRelay,
  now: () => Date,
  filter: QueryFilter<PaymentDoc>,
  action: PaymentAction | ((doc: PaymentDoc) => PaymentAction | null),
  change: (doc: PaymentDoc) => Change | null,
): Promise<Applied | null> {
  const { Payment } = models;
  for (let i = 0; i < MAX_TRIES; i++) {
    const doc = await Payment.findOne(filter).lean<PaymentDoc>();
    if (!doc) return null;
    const chosen = typeof action === 'function' ? action(doc) : action;
    const next = chosen && nextStatus(doc.status, chosen);
    const planned = next && change(doc);
    if (!next || !planned) return { doc, applied: false };
    const events = planned.events ?? [];
    const update: UpdateQuery<PaymentDoc> = {
      $set: { ...planned.set, status: next, updatedAt: now() },
      ...(planned.unset && { $unset: planned.unset }),
      ...((events.length > 0 || planned.push) && { $push: { ...planned.push, ...(events.length > 0 && { outbox: { $each: events } }) } }),
    };
    const written = await Payment.findOneAndUpdate({ ...planned.where, _id: doc._id, status: doc.status }, update, {
      returnDocument: 'after',
    }).lean<PaymentDoc>();
    if (written) {
      if (events.length > 0) relay.publishDocument(Payment, doc._id);
      return { doc: written, applied: true };
    }
  }
  throw new Error(`payment ${JSON.stringify(filter)} kept changing under ${MAX_TRIES} attempts`);
}
