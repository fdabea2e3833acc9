// What tests and benchmarks outside the service may use of it: its collections in its own
// shapes, and the list as a year of contacts leaves it.
import type { Connection } from 'mongoose';
import type { OfferingType, SubscriberSource } from '@bb/contracts';
import { confirmTokenHash, newConfirmToken } from '../src/domain/confirm-token';
import { newSubscriber } from '../src/domain/contact';
import { createModels } from '../src/models';

export { createModels, type SubscriberModels } from '../src/models';

/** Someone who reached the business: through which channel, when first and when last. */
export interface HistoricContact {
  email: string;
  fullName: string;
  phone: string;
  source: SubscriberSource;
  offeringType: OfferingType;
  firstSeen: Date;
  lastSeen: Date;
  /** Unsubscribed since; a newsletter sign-up still waiting for its confirmation link. */
  unsubscribed?: boolean;
  awaitingConfirmation?: boolean;
}

/**
 * Stores subscribers as the service's own contact rules make them (newSubscriber), straight
 * into its database: captured from bookings and chats, signed up through the newsletter form
 * (consenting to marketing), some unsubscribed since, some sign-ups still unconfirmed (their
 * link's hash stored). Answers the number stored.
 */
export async function seedSubscriberHistory(conn: Connection, contacts: HistoricContact[]): Promise<number> {
  const { Subscriber } = createModels(conn);
  const docs = contacts.map((c) => {
    const optIn = c.source === 'newsletter' ? { consentMarketing: true } : undefined;
    const subscriber = newSubscriber({
      email: c.email,
      fullName: c.fullName,
      phone: c.phone,
      source: c.source,
      offeringType: c.offeringType,
      at: c.firstSeen,
      optIn,
    });
    return {
      ...subscriber,
      lastInteraction: c.lastSeen,
      subscribed: !c.unsubscribed && !c.awaitingConfirmation,
      revision: c.unsubscribed ? 1 : 0,
      pendingConfirmation: c.awaitingConfirmation === true,
      ...(c.awaitingConfirmation
        ? { confirmTokenHash: confirmTokenHash(newConfirmToken()), pendingConsentMarketing: true, confirmationMailedAt: c.firstSeen, consentMarketing: false }
        : {}),
      outbox: [],
      outboxLockedUntil: null,
      outboxAttempts: 0,
      deletedAt: null,
    };
  });
  for (let i = 0; i < docs.length; i += 1000) await Subscriber.insertMany(docs.slice(i, i + 1000), { lean: true });
  return docs.length;
}
