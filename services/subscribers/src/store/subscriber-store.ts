import { isDuplicateKey, notFound } from '@bb/service-kit';
import { emailKeyOf, mergeContact, newSubscriber, type Contact } from '../domain/contact';
import type { SubscriberModels } from '../models';
import type { SubscriberDoc } from '../models/subscriber';

const MAX_TRIES = 10;

/** The subscriber list; every change is one conditional single-document write. */
export class SubscriberStore {
  constructor(private readonly models: SubscriberModels) {}

  /**
   * Adds a contact: a new address becomes a subscriber, a known one is merged. Two writers on
   * one address meet at the unique email index (insert) or the revision (update), and the
   * loser recomputes from what the winner wrote.
   */
  async capture(contact: Contact): Promise<void> {
    const { Subscriber } = this.models;
    const emailKey = emailKeyOf(contact.email);
    for (let i = 0; i < MAX_TRIES; i++) {
      const held = await Subscriber.findOne({ emailKey }).lean();
      if (!held) {
        try {
          await Subscriber.create(newSubscriber(contact));
          return;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const next = mergeContact(held, contact);
      if (!next) return;
      const written = await Subscriber.updateOne({ _id: held._id, revision: held.revision }, { $set: next, $inc: { revision: 1 } });
      if (written.matchedCount === 1) return;
    }
    throw new Error(`subscriber ${emailKey} kept changing under ${MAX_TRIES} attempts`);
  }

  async list(): Promise<(SubscriberDoc & { _id: unknown })[]> {
    return this.models.Subscriber.find().sort({ createdAt: -1, _id: -1 }).lean();
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.models.Subscriber.deleteOne({ _id: id });
    if (deleted.deletedCount === 0) throw notFound('Subscriber not found');
  }

  /** A subscriber deleted meanwhile is not on the list either: nothing to do. */
  async unsubscribe(id: string): Promise<void> {
    await this.models.Subscriber.updateOne({ _id: id }, { $set: { subscribed: false }, $inc: { revision: 1 } });
  }
}
