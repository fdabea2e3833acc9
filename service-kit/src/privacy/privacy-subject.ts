import type { Model, Types } from 'mongoose';
import { exactAddressPattern, isPrivacySubject } from '@bb/contracts';

/** Whom a request is about, as its event carries it. */
export interface PrivacySubjectData {
  email?: string;
  phone?: string;
}

/**
 * The `_id`s of a collection's documents about the subject: the address matched in any case by
 * the database; the number compared on every document's field (however it was typed, so no
 * filter finds it: erasures are rare and a pass over one field is cheap).
 */
export async function idsOfSubject<T, Id = Types.ObjectId>(
  model: Model<T>,
  subject: PrivacySubjectData,
  fields: { email?: string; phone?: string },
): Promise<Id[]> {
  const ids = new Map<string, Id>();
  if (subject.email && fields.email) {
    const found = await model
      .find({ [fields.email]: { $regex: exactAddressPattern(subject.email), $options: 'i' } } as never, { _id: 1 })
      .lean<{ _id: Id }[]>();
    for (const doc of found) ids.set(String(doc._id), doc._id);
  }
  const phoneField = fields.phone;
  if (subject.phone && phoneField) {
    for await (const doc of model
      .find({}, { [phoneField]: 1 })
      .lean<Record<string, unknown> & { _id: Id }>()
      .cursor()) {
      const stored = doc[phoneField];
      if (typeof stored === 'string' && isPrivacySubject({ phone: subject.phone }, { phone: stored })) ids.set(String(doc._id), doc._id);
    }
  }
  return [...ids.values()];
}

/**
 * The subject's documents of a collection, oldest first, without their outbox (events not yet
 * sent are the service's plumbing, not the person's data): what an access answer lists.
 */
export async function documentsOfSubject<T, Id = Types.ObjectId>(
  model: Model<T>,
  subject: PrivacySubjectData,
  fields: { email?: string; phone?: string },
): Promise<(T & { _id: Id })[]> {
  const ids = await idsOfSubject<T, Id>(model, subject, fields);
  return model
    .find({ _id: { $in: ids } } as never, { outbox: 0, outboxParked: 0 })
    .sort({ createdAt: 1 })
    .lean<(T & { _id: Id })[]>();
}

/** A date for an access answer's row. */
export const isoOrNull = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/**
 * The outbox entries an erased document keeps: only audit entries (they name no customer); its
 * other events carry the person and are dropped unsent.
 */
export const keptOutbox = <E extends { type: string }>(entries: readonly E[]): E[] => entries.filter((entry) => entry.type === 'audit.recorded');
