import { Types, type Model, type UpdateQuery } from 'mongoose';
import { conflict, type OutboxEntry } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import type { Stored } from '../models/stored';
import type { EditableFields, VersionedDoc } from '../models/versioned';

// Two admins saving the same item at once: the loser re-reads and retries a few times, so
// both saves land in order, each with its own version and event.
const MAX_ATTEMPTS = 5;
const raced = () => conflict('This item was being changed at the same time; please reload it and try again');

/** The event announcing an item's state at a version (catalog.bookable.changed, catalog.staff.changed). */
export type Announce<T> = (id: Types.ObjectId, fields: EditableFields<T>, version: number, deleted: boolean, correlationId?: string) => OutboxEntry;

/**
 * Writes to a collection whose changes leave as events. Every change is one document write
 * that carries the new state, the next version and its event, so the event exists if and only
 * if the change does. Writes are conditional on the version read, which orders them.
 */
export class VersionedWrites<T extends VersionedDoc> {
  constructor(
    private readonly model: Model<T>,
    private readonly announce: Announce<T>,
  ) {}

  async create(fields: EditableFields<T>, correlationId?: string): Promise<Stored<T>> {
    const _id = new Types.ObjectId();
    const doc = new this.model({ ...this.firstVersion(_id, fields, correlationId), _id });
    await doc.save();
    return doc.toObject() as Stored<T>;
  }

  /** A new item's stored form: version 1 with its created event (also used by the seed). */
  firstVersion(id: Types.ObjectId, fields: EditableFields<T>, correlationId?: string) {
    return { ...fields, version: 1, outbox: [this.announce(id, fields, 1, false, correlationId)] };
  }

  /** Applies the changes to a live item; null when there is none with that id. */
  async update(id: string, changes: Partial<EditableFields<T>>, correlationId?: string): Promise<Stored<T> | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.findLive(id);
      if (!current) return null;
      const version = versionOf(current) + 1;
      const event = this.announce(current._id, { ...current, ...changes }, version, false, correlationId);
      const update = { $set: { ...changes, version }, $push: { outbox: event } } as UpdateQuery<T>;
      const updated = await this.model.findOneAndUpdate(this.unchanged(current), update, { returnDocument: 'after' }).lean<Stored<T>>();
      if (updated) return updated;
    }
    throw raced();
  }

  /**
   * Marks a live item deleted and records the deleted event in the same write; the relay
   * removes the tombstone once the event is published. False when there is no such item.
   */
  async delete(id: string, correlationId?: string): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.findLive(id);
      if (!current) return false;
      const version = versionOf(current) + 1;
      const event = this.announce(current._id, current, version, true, correlationId);
      const update = { $set: { deletedAt: new Date(), version }, $push: { outbox: event } } as UpdateQuery<T>;
      const result = await this.model.updateOne(this.unchanged(current), update);
      if (result.modifiedCount === 1) return true;
    }
    throw raced();
  }

  /** The item as it was read: still live and at the version read (none, for staff stored before they were versioned). */
  private unchanged(current: Stored<T>) {
    return { _id: current._id, version: current.version ?? null, deletedAt: null };
  }

  private findLive(id: string): Promise<Stored<T> | null> {
    if (!isObjectIdText(id)) return Promise.resolve(null);
    return this.model.findOne({ _id: id, deletedAt: null }).lean<Stored<T>>();
  }
}

// Staff stored before their changes were announced have no version: their first change is version 1.
const versionOf = (doc: { version?: number }) => doc.version ?? 0;
