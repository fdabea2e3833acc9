import { CALENDAR_FEED_PAST_DAYS, sideSchema, type CalendarFeed, type PractitionerCalendarFeed, type Side } from '@bb/contracts';
import { DAY_MS, isDuplicateKey, notFound } from '@bb/service-kit';
import { newFeedToken, offeringFeed, practitionerFeed, staffEntry, type Feed } from '../domain/calendar-feed';
import type { BookingModels } from '../models';
import { CONFIRMED, toAppointmentFacts, type AppointmentDoc } from '../models/appointment';
import { practitionerFeedId, toCalendarFeed, toPractitionerCalendarFeed, type CalendarFeedDoc } from '../models/calendar-feed';

export const FEED_NOT_FOUND = 'This calendar address is not valid.';
export const PRACTITIONER_NOT_FOUND = 'Practitioner not found';

/** What a feed entry needs of an appointment. */
const FEED_FIELDS = {
  firstName: 1,
  lastName: 1,
  email: 1,
  contact: 1,
  offeringType: 1,
  items: 1,
  notes: 1,
  preferredDate: 1,
  preferredTime: 1,
  startTime: 1,
  endTime: 1,
  status: 1,
  revision: 1,
  practitioner: 1,
};

/**
 * A feed's address, made on first ask. Two first asks at once store one: the upsert only
 * inserts, and one that loses the race on `_id` reads the winner's.
 */
async function feedDoc(
  models: BookingModels,
  _id: CalendarFeedDoc['_id'],
  fields: Pick<CalendarFeedDoc, 'practitionerId'>,
  now: Date,
): Promise<CalendarFeedDoc> {
  await models.CalendarFeed.updateOne({ _id }, { $setOnInsert: { token: newFeedToken(), rotatedAt: now, ...fields } }, { upsert: true }).catch(
    (err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    },
  );
  const doc = await models.CalendarFeed.findById(_id).lean<CalendarFeedDoc>();
  if (!doc) throw new Error(`calendar feed ${_id} missing after its upsert`);
  return doc;
}

/** A new secret address for the feed: the old one answers 404 from now on. */
async function rotatedDoc(
  models: BookingModels,
  _id: CalendarFeedDoc['_id'],
  fields: Pick<CalendarFeedDoc, 'practitionerId'>,
  now: Date,
): Promise<CalendarFeedDoc> {
  const doc = await models.CalendarFeed.findOneAndUpdate(
    { _id },
    { $set: { token: newFeedToken(), rotatedAt: now, ...fields } },
    { upsert: true, returnDocument: 'after' },
  ).lean<CalendarFeedDoc>();
  if (!doc) throw new Error(`calendar feed ${_id} missing after its rotation`);
  return doc;
}

/** The offering's feed address, made on first ask. */
export async function feedOf(models: BookingModels, offering: Side, now: Date): Promise<CalendarFeed> {
  return toCalendarFeed({ ...(await feedDoc(models, offering, {}, now)), _id: offering });
}

/** A new secret address for the offering's feed. */
export async function rotateFeed(models: BookingModels, offering: Side, now: Date): Promise<CalendarFeed> {
  return toCalendarFeed({ ...(await rotatedDoc(models, offering, {}, now)), _id: offering });
}

/** The practitioner booking knows and has not seen removed, by name; null otherwise. */
async function practitionerNamed(models: BookingModels, practitionerId: string): Promise<{ name: string } | null> {
  return models.Practitioner.findOne({ _id: practitionerId, deleted: { $ne: true } }, { name: 1 }).lean<{ name: string }>();
}

/** A practitioner's own feed address, made on first ask; 404 for a practitioner booking does not know (or removed). */
export async function practitionerFeedOf(models: BookingModels, practitionerId: string, now: Date): Promise<PractitionerCalendarFeed> {
  if (!(await practitionerNamed(models, practitionerId))) throw notFound(PRACTITIONER_NOT_FOUND);
  return toPractitionerCalendarFeed({ ...(await feedDoc(models, practitionerFeedId(practitionerId), { practitionerId }, now)), practitionerId });
}

/** A new secret address for a practitioner's feed; 404 for a practitioner booking does not know (or removed). */
export async function rotatePractitionerFeed(models: BookingModels, practitionerId: string, now: Date): Promise<PractitionerCalendarFeed> {
  if (!(await practitionerNamed(models, practitionerId))) throw notFound(PRACTITIONER_NOT_FOUND);
  return toPractitionerCalendarFeed({ ...(await rotatedDoc(models, practitionerFeedId(practitionerId), { practitionerId }, now)), practitionerId });
}

/**
 * The feed of the address: its offering's appointments, or those its practitioner takes
 * (whichever side), from CALENDAR_FEED_PAST_DAYS ago on, cancelled and deleted ones left out
 * (a calendar drops an entry the feed no longer lists), and those never confirmed (a deposit
 * awaited or lapsed). A removed practitioner's address is
 * no longer valid. One read by the offering and start index (both offerings for a practitioner).
 */
export async function feedByToken(models: BookingModels, token: string, now: Date): Promise<Feed> {
  const feed = await models.CalendarFeed.findOne({ token }).lean<CalendarFeedDoc>();
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const current = { startTime: { $gte: since }, status: { $ne: 'cancelled' }, deletedAt: null, ...CONFIRMED };
  if (feed.practitionerId) {
    const person = await practitionerNamed(models, feed.practitionerId);
    if (!person) throw notFound(FEED_NOT_FOUND);
    const docs = await appointmentsOf(models, { offeringType: { $in: sideSchema.options }, ...current, 'practitioner.id': feed.practitionerId });
    return practitionerFeed(person.name, docs);
  }
  const offering = sideSchema.parse(feed._id);
  return offeringFeed(offering, await appointmentsOf(models, { offeringType: offering, ...current }));
}

const appointmentsOf = async (models: BookingModels, filter: Record<string, unknown>) => {
  const docs = await models.Appointment.find(filter, FEED_FIELDS).sort({ startTime: 1 }).lean<AppointmentDoc[]>();
  return docs.map((doc) => staffEntry(toAppointmentFacts(doc), doc.notes));
};
