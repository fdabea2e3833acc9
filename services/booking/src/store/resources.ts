import type { z } from 'zod';
import {
  roomSlug,
  type OfferingType,
  type Practitioner,
  type practitionerUpdateSchema,
  type Requirement,
  type requirementUpdateSchema,
  type Room,
  type roomCreateSchema,
  type roomUpdateSchema,
  type Side,
} from '@bb/contracts';
import { conflict, invalid, isDuplicateKey, notFound } from '@bb/service-kit';
import { mergeWorkingHours } from '../domain/practitioners';
import type { BookingModels } from '../models';
import type { BookableDoc } from '../models/bookable';
import { newPractitionerFields, toPractitioner, type PractitionerDoc } from '../models/practitioner';
import { toRequirement, type RequirementDoc } from '../models/requirement';
import { toRoom, type RoomDoc } from '../models/room';

/** A write's answer and the offering whose replicas must read their copy again. */
export interface Saved<T> {
  saved: T;
  offering: OfferingType;
}

const listed = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(', ');

/** Every practitioner the catalog has (not deleted), by name. */
export async function listPractitioners(models: BookingModels): Promise<Practitioner[]> {
  const docs = await models.Practitioner.find({ deleted: false }).lean<PractitionerDoc[]>();
  return docs.map(toPractitioner).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Skills must be items booking knows and that are not deleted. */
async function checkSkills(models: BookingModels, skills: readonly string[]): Promise<void> {
  if (skills.length === 0) return;
  const known = new Set(
    (await models.Bookable.find({ _id: { $in: skills }, deleted: false }, { _id: 1 }).lean<Pick<BookableDoc, '_id'>[]>()).map((b) => b._id),
  );
  const unknown = skills.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const message = `skills lists no treatment or package with the id ${listed(unknown)}`;
  throw invalid(message, [{ path: 'skills', message }]);
}

/**
 * Booking's fields of a practitioner, those sent only, in one write; null for a staff member booking
 * does not know (or deleted). Hours are read and written whole: two editors saving the same person
 * at once, the later save's week wins.
 */
export async function updatePractitioner(
  models: BookingModels,
  id: string,
  changes: z.output<typeof practitionerUpdateSchema>,
): Promise<Saved<Practitioner> | null> {
  const current = await models.Practitioner.findOne({ _id: id, deleted: false }).lean<PractitionerDoc>();
  if (!current) return null;
  if (changes.skills) await checkSkills(models, changes.skills);
  const { hours, leave, ...plain } = changes;
  const set: Partial<PractitionerDoc> = { ...plain };
  if (hours) set.hours = mergeWorkingHours(current.hours ?? newPractitionerFields().hours, hours);
  if (leave) set.leave = [...leave].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const updated = await models.Practitioner.findOneAndUpdate({ _id: id, deleted: false }, { $set: set }, { returnDocument: 'after' }).lean<PractitionerDoc>();
  return updated && { saved: toPractitioner(updated), offering: updated.offeringType };
}

export async function listRooms(models: BookingModels, offering: Side | undefined): Promise<Room[]> {
  const docs = await models.Room.find(offering ? { offeringType: offering } : {})
    .sort({ name: 1, _id: 1 })
    .lean<RoomDoc[]>();
  return docs.map(toRoom);
}

/** Its id is the slug of its name; the unique `_id` refuses a second of the same slug, whichever replica writes it. */
export async function createRoom(models: BookingModels, body: z.output<typeof roomCreateSchema>): Promise<Room> {
  const _id = roomSlug(body.name);
  if (!_id) {
    const message = 'name must contain a letter or a digit';
    throw invalid(message, [{ path: 'name', message }]);
  }
  const doc: RoomDoc = { _id, offeringType: body.offeringType, name: body.name, kind: body.kind, count: body.count };
  try {
    await models.Room.create(doc);
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(`A room or equipment with the id "${_id}" exists already; give this one another name.`);
    throw err;
  }
  return toRoom(doc);
}

export async function updateRoom(models: BookingModels, id: string, changes: z.output<typeof roomUpdateSchema>): Promise<Room | null> {
  const updated = await models.Room.findOneAndUpdate({ _id: id }, { $set: changes }, { returnDocument: 'after' }).lean<RoomDoc>();
  return updated && toRoom(updated);
}

/**
 * Removes a room no item needs; a 409 names the items that do. Null when there is no such room.
 * A requirement saved at the same moment may still name it: a missing room then counts as none
 * of it free, so nothing is booked on a room that is gone.
 */
export async function removeRoom(models: BookingModels, id: string): Promise<Room | null> {
  const room = await models.Room.findById(id).lean<RoomDoc>();
  if (!room) return null;
  const needing = await models.Requirement.find({ rooms: id }, { _id: 1 }).lean<Pick<RequirementDoc, '_id'>[]>();
  if (needing.length > 0) {
    const ids = needing.map((r) => r._id);
    const names = new Map(
      (await models.Bookable.find({ _id: { $in: ids } }, { name: 1 }).lean<Pick<BookableDoc, '_id' | 'name'>[]>()).map((b) => [b._id, b.name]),
    );
    const items = ids.map((itemId) => names.get(itemId) ?? itemId).sort((a, b) => a.localeCompare(b));
    throw conflict(`${room.name} is needed by ${items.join(', ')}: change their requirements first.`);
  }
  await models.Room.deleteOne({ _id: id });
  return toRoom(room);
}

export async function listRequirements(models: BookingModels): Promise<Requirement[]> {
  return (await models.Requirement.find().sort({ _id: 1 }).lean<RequirementDoc[]>()).map(toRequirement);
}

/** Replaces what an item needs; every room must exist and belong to the item's offering (either, for an item of both). */
export async function saveRequirement(models: BookingModels, bookableId: string, body: z.output<typeof requirementUpdateSchema>): Promise<Saved<Requirement>> {
  const item = await models.Bookable.findOne({ _id: bookableId, deleted: false }).lean<BookableDoc>();
  if (!item) throw notFound('No treatment or package with this id');
  const rooms = body.rooms.length > 0 ? await models.Room.find({ _id: { $in: body.rooms } }).lean<RoomDoc[]>() : [];
  const found = new Map(rooms.map((room) => [room._id, room]));
  const unknown = body.rooms.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    const message = `rooms lists no room or equipment with the id ${listed(unknown)}`;
    throw invalid(message, [{ path: 'rooms', message }]);
  }
  const elsewhere = rooms.filter((room) => item.offeringType !== 'both' && room.offeringType !== item.offeringType);
  if (elsewhere.length > 0) {
    const message = `${elsewhere.map((room) => room.name).join(', ')} belong${elsewhere.length === 1 ? 's' : ''} to the ${elsewhere[0].offeringType}, not the ${item.offeringType}`;
    throw invalid(message, [{ path: 'rooms', message }]);
  }
  const doc: RequirementDoc = { _id: bookableId, practitioner: body.practitioner, rooms: body.rooms };
  await models.Requirement.updateOne({ _id: bookableId }, { $set: { practitioner: doc.practitioner, rooms: doc.rooms } }, { upsert: true });
  return { saved: toRequirement(doc), offering: item.offeringType };
}
