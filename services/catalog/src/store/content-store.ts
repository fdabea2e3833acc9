import type { Model, SortOrder } from 'mongoose';
import type { OfferingType } from '@bb/contracts';
import type { OutboxRelay } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { Stored } from '../models/stored';
import type { EditableFields, VersionedDoc } from '../models/versioned';
import { VersionedWrites, type Announce } from './versioned-writes';

/** What the routes of a content resource ask of its collection, in API shapes. */
export interface ContentStore<Item, Create, Update> {
  list(offering: OfferingType | undefined): Promise<Item[]>;
  /** Null when there is no such item (an id that cannot be ours included). */
  read(id: string): Promise<Item | null>;
  create(body: Create, requestId: string): Promise<Item>;
  update(id: string, changes: Update, requestId: string): Promise<Item | null>;
  /** False when there was no such item. */
  remove(id: string, requestId: string): Promise<boolean>;
}

/** Lists without an order of their own: newest first, ties by id so pages never shuffle. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

interface ReadOptions<Doc, Item> {
  /** API shapes of stored documents, all at once (results look their treatments' names up in one read). */
  toItems: (docs: Stored<Doc>[]) => Item[] | Promise<Item[]>;
  /** The list's database order; without one, `order` sorts the items. */
  sort?: Record<string, SortOrder>;
  order?: (a: Item, b: Item) => number;
  /** What a live document matches besides its id (a bookable's tombstone is not content). */
  live?: Record<string, unknown>;
}

function contentReads<Doc, Item>(
  model: Model<Doc>,
  { toItems, sort, order, live = {} }: ReadOptions<Doc, Item>,
): Pick<ContentStore<Item, never, never>, 'list' | 'read'> {
  return {
    async list(offering) {
      const query = model.find({ ...offeringFilter(offering), ...live });
      const items = await toItems(await (sort ? query.sort(sort) : query).lean<Stored<Doc>[]>());
      return order ? items.sort(order) : items;
    },
    async read(id) {
      const doc = isObjectIdText(id) ? await model.findOne({ _id: id, ...live }).lean<Stored<Doc>>() : null;
      return doc ? (await toItems([doc]))[0] : null;
    },
  };
}

interface DocumentOptions<Doc, Item, Create, Update> extends ReadOptions<Doc, Item> {
  /** The stored form of a new item; the body as it is by default. */
  toDocument?: (body: Create) => object;
  /** The `$set` of an update; the body as it is by default. */
  toChanges?: (changes: Update) => object;
  /** Refuses a write before it is made (a 400 for a reference to nothing). */
  check?: (body: Create | Update) => Promise<void>;
}

/** A collection whose documents are written as they are: no versions, no events, deleted for good. */
export function documentStore<Doc, Item, Create extends object, Update extends object>(
  model: Model<Doc>,
  options: DocumentOptions<Doc, Item, Create, Update>,
): ContentStore<Item, Create, Update> {
  const { toItems, toDocument = (body) => body, toChanges = (changes) => changes, check } = options;
  const one = async (doc: Stored<Doc>) => (await toItems([doc]))[0];
  return {
    ...contentReads(model, options),
    async create(body) {
      await check?.(body);
      return one((await model.create(toDocument(body))).toObject() as Stored<Doc>);
    },
    async update(id, changes) {
      await check?.(changes);
      const doc = isObjectIdText(id) ? await model.findByIdAndUpdate(id, { $set: toChanges(changes) }, { returnDocument: 'after' }).lean<Stored<Doc>>() : null;
      return doc ? one(doc) : null;
    },
    async remove(id) {
      return isObjectIdText(id) && (await model.deleteOne({ _id: id })).deletedCount === 1;
    },
  };
}

/**
 * A collection whose changes leave as events (treatments and packages: catalog.bookable.changed;
 * staff: catalog.staff.changed): versioned writes that carry their event (VersionedWrites), which
 * leaves at once, looked up by id; a deleted item stays as a tombstone until its event is out.
 */
export function versionedStore<Doc extends VersionedDoc, Item, Create>(
  model: Model<Doc>,
  announce: Announce<Doc>,
  relay: OutboxRelay,
  { toItem, toFields, order }: { toItem: (doc: Stored<Doc>) => Item; toFields: (body: Create) => EditableFields<Doc>; order?: (a: Item, b: Item) => number },
): ContentStore<Item, Create, Partial<EditableFields<Doc>>> {
  const writes = new VersionedWrites(model, announce);
  const reads = order ? { order } : { sort: NEWEST_FIRST };
  return {
    ...contentReads(model, { toItems: (docs) => docs.map(toItem), ...reads, live: { deletedAt: null } }),
    async create(body, requestId) {
      const doc = await writes.create(toFields(body), requestId);
      relay.publishDocument(model, doc._id);
      return toItem(doc);
    },
    async update(id, changes, requestId) {
      const doc = await writes.update(id, changes, requestId);
      if (doc) relay.publishDocument(model, doc._id);
      return doc && toItem(doc);
    },
    async remove(id, requestId) {
      const deleted = await writes.delete(id, requestId);
      if (deleted) relay.publishDocument(model, id);
      return deleted;
    },
  };
}
