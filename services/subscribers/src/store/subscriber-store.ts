import { Types } from 'mongoose';
import type { Subscriber } from '@bb/contracts';
import { isDuplicateKey, notFound, type OutboxEntry, type OutboxRelay } from '@bb/service-kit';
import { confirmTokenHash, newConfirmToken } from '../domain/confirm-token';
import {
  emailKeyOf,
  mayMailConfirmation,
  mergeContact,
  needsConfirmation,
  newSubscriber,
  unconfirmed,
  unconfirmedSubscriber,
  type Contact,
  type NewSubscriber,
  type SignUp,
} from '../domain/contact';
import { confirmationRequested } from '../events/confirmation-requested';
import type { SubscriberModels } from '../models';
import { toSubscriber, type ConfirmationFields, type SubscriberDoc } from '../models/subscriber';

const MAX_TRIES = 10;

type Held = SubscriberDoc & { _id: Types.ObjectId };

/** A change to someone on the list, written in one update guarded by the revision it was computed from. */
interface Change {
  set: Partial<SubscriberDoc>;
  unset?: Partial<Record<keyof ConfirmationFields, 1>>;
  /** The event the change announces, stored in the same write. */
  event?: OutboxEntry;
}

/** What a contact does to the list: the document of a new address, and the change to a known one (null: none). */
interface Plan {
  create: () => NewSubscriber & ConfirmationFields & { _id?: Types.ObjectId; outbox?: OutboxEntry[] };
  change: (held: Held) => Change | null;
}

export interface SignUpOptions {
  /** Read from the settings at each sign-up. */
  doubleOptIn: boolean;
  correlationId?: string;
}

/** The link a sign-up waits on; removed once it is confirmed, replaced or no longer wanted. */
const WAITING_LINK = { confirmTokenHash: 1, pendingConsentMarketing: 1 } as const;

const changeTo = (set: Partial<SubscriberDoc> | null): Change | null => set && { set };

/**
 * A sign-up subscribed at once. It ends any confirmation still waiting, whose link then says
 * what is true: the subscription is confirmed.
 */
function subscribedAtOnce(held: Held, signUp: SignUp): Change | null {
  const next = mergeContact(held, signUp);
  if (!held.pendingConfirmation) return changeTo(next);
  return { set: { ...next, pendingConfirmation: false, confirmedTokenHash: held.confirmTokenHash }, unset: WAITING_LINK };
}

/**
 * A sign-up that needs confirming within CONFIRMATION_MAIL_INTERVAL_MS of the last confirmation
 * mail: no new mail. A link still waiting keeps working and confirms the consent asked for
 * last; without one (the address unsubscribed since), only the contact is kept.
 */
function unmailed(held: Held, signUp: SignUp): Change | null {
  const contact = mergeContact(held, unconfirmed(signUp));
  const consent = signUp.optIn.consentMarketing;
  if (!held.confirmTokenHash || held.pendingConsentMarketing === consent) return changeTo(contact);
  return { set: { ...contact, pendingConsentMarketing: consent } };
}

/** The subscriber list; every change is one conditional single-document write. */
export class SubscriberStore {
  constructor(
    private readonly models: SubscriberModels,
    private readonly relay: OutboxRelay,
    /** The signed unsubscribe link of a subscriber (it goes into the confirmation mail's List-Unsubscribe). */
    private readonly unsubscribeUrlOf: (subscriberId: string) => string,
  ) {}

  /** Adds a contact from a booking or a chat: a new address becomes a subscriber, a known one is merged. */
  async capture(contact: Contact): Promise<void> {
    await this.apply(contact.email, { create: () => newSubscriber(contact), change: (held) => changeTo(mergeContact(held, contact)) });
  }

  /**
   * A newsletter sign-up. Without double opt-in it subscribes at once. With it, an address
   * that is not yet subscribed with the consent asked for waits for confirmation: a fresh
   * token (replacing any earlier one), its hash kept, the token itself in the event that
   * asks for the mail, both in one write. At most one such mail per address per
   * CONFIRMATION_MAIL_INTERVAL_MS, held by `confirmationMailedAt` in the same guarded write,
   * so sign-ups through any replica cannot flood an address; the answer is the same either way.
   */
  async signUp(signUp: SignUp, { doubleOptIn, correlationId }: SignUpOptions): Promise<void> {
    if (!doubleOptIn) {
      await this.apply(signUp.email, { create: () => newSubscriber(signUp), change: (held) => subscribedAtOnce(held, signUp) });
      return;
    }
    const token = newConfirmToken();
    const waiting = (subscriberId: Types.ObjectId) => ({
      set: {
        pendingConfirmation: true,
        confirmTokenHash: confirmTokenHash(token),
        pendingConsentMarketing: signUp.optIn.consentMarketing,
        confirmationMailedAt: signUp.at,
      },
      event: confirmationRequested(
        {
          subscriberId: String(subscriberId),
          email: signUp.email,
          offeringType: signUp.offeringType,
          confirmToken: token,
          requestedAt: signUp.at.toISOString(),
          unsubscribeUrl: this.unsubscribeUrlOf(String(subscriberId)),
        },
        correlationId,
      ),
    });
    await this.apply(signUp.email, {
      create: () => {
        const _id = new Types.ObjectId();
        const { set, event } = waiting(_id);
        return { _id, ...unconfirmedSubscriber(signUp), ...set, outbox: [event] };
      },
      change: (held) => {
        if (!needsConfirmation(held, signUp)) return subscribedAtOnce(held, signUp);
        if (!mayMailConfirmation(held.confirmationMailedAt, signUp.at)) return unmailed(held, signUp);
        const { set, event } = waiting(held._id);
        return { set: { ...mergeContact(held, unconfirmed(signUp)), ...set }, event };
      },
    });
  }

  /**
   * Follows a confirmation link: true when it confirmed a sign-up, now or before; false when
   * no sign-up waits for it (never issued, replaced by a newer sign-up, or unsubscribed since).
   */
  async confirm(tokenHash: string, at: Date): Promise<boolean> {
    const { Subscriber } = this.models;
    const waiting = await Subscriber.findOne({ confirmTokenHash: tokenHash }, { pendingConsentMarketing: 1 }).lean();
    if (waiting) {
      // The filter holds the token: a sign-up that replaced it meanwhile wins, and this link is stale.
      const written = await Subscriber.updateOne(
        { _id: waiting._id, confirmTokenHash: tokenHash },
        {
          $set: {
            subscribed: true,
            consentMarketing: waiting.pendingConsentMarketing === true,
            lastInteraction: at,
            pendingConfirmation: false,
            confirmedTokenHash: tokenHash,
          },
          $unset: WAITING_LINK,
          $inc: { revision: 1 },
        },
      );
      if (written.matchedCount === 1) return true;
    }
    // Followed before, or by a second click a moment ago: the same success.
    return (await Subscriber.exists({ confirmedTokenHash: tokenHash })) !== null;
  }

  /** What a confirmation link would do now, read without changing anything (the link's page). */
  async confirmationState(tokenHash: string): Promise<'waiting' | 'confirmed' | 'unknown'> {
    const { Subscriber } = this.models;
    if (await Subscriber.exists({ confirmTokenHash: tokenHash })) return 'waiting';
    return (await Subscriber.exists({ confirmedTokenHash: tokenHash })) ? 'confirmed' : 'unknown';
  }

  /** Newest first. */
  async list(): Promise<Subscriber[]> {
    const docs = await this.models.Subscriber.find().sort({ createdAt: -1, _id: -1 }).lean<Held[]>();
    return docs.map((doc) => toSubscriber(doc, this.unsubscribeUrlOf(String(doc._id))));
  }

  /** A confirmation event not yet handed to the broker goes with the subscriber: its link could not work anyway. */
  async remove(id: string): Promise<void> {
    const deleted = await this.models.Subscriber.deleteOne({ _id: id });
    if (deleted.deletedCount === 0) throw notFound('Subscriber not found');
  }

  /** A subscriber deleted meanwhile is not on the list either: nothing to do. No confirmation link works afterwards. */
  async unsubscribe(id: string): Promise<void> {
    await this.models.Subscriber.updateOne(
      { _id: id },
      { $set: { subscribed: false, pendingConfirmation: false }, $unset: { ...WAITING_LINK, confirmedTokenHash: 1 }, $inc: { revision: 1 } },
    );
  }

  /**
   * Applies a plan to the address's record. Two writers on one address meet at the unique
   * email index (insert) or the revision (update), and the loser recomputes from what the
   * winner wrote. An event written with the change is handed to the relay at once.
   */
  private async apply(email: string, plan: Plan): Promise<void> {
    const { Subscriber } = this.models;
    const emailKey = emailKeyOf(email);
    for (let i = 0; i < MAX_TRIES; i++) {
      const held = await Subscriber.findOne({ emailKey }).lean<Held>();
      if (!held) {
        const doc = plan.create();
        const created = await Subscriber.create(doc).catch((err: unknown) => {
          if (isDuplicateKey(err)) return null;
          throw err;
        });
        if (!created) continue;
        if (doc.outbox) this.relay.publishDocument(Subscriber, created._id);
        return;
      }
      const change = plan.change(held);
      if (!change) return;
      const written = await Subscriber.updateOne(
        { _id: held._id, revision: held.revision },
        { $set: change.set, $inc: { revision: 1 }, ...(change.unset && { $unset: change.unset }), ...(change.event && { $push: { outbox: change.event } }) },
      );
      if (written.matchedCount === 1) {
        if (change.event) this.relay.publishDocument(Subscriber, held._id);
        return;
      }
    }
    throw new Error(`subscriber ${emailKey} kept changing under ${MAX_TRIES} attempts`);
  }
}
