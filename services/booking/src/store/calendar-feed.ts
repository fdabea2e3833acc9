import { CALENDAR_FEED_PAST_DAYS, type CalendarFeed, type Side } from '@bb/contracts';
import { DAY_MS, isDuplicateKey, notFound } from '@bb/service-kit';
import { newFeedToken, offeringFeed, staffEntry, type Feed } from '../domain/calendar-feed';
import type { BookingModels } from '../models';
import { toAppointmentFacts, type AppointmentDoc } from '../models/appointment';
import { toCalendarFeed, type CalendarFeedDoc } from '../models/calendar-feed';

export const FEED_NOT_FOUND = 'This calendar address is not valid.';

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
};

/**
 * The offering's feed address, made on first ask. Two first asks at once store one: the upsert
 * only inserts, and one that loses the race on `_id` reads the winner's.
 */
export async function feedOf(models: BookingModels, offering: Side, now: Date): Promise<CalendarFeed> {
  await models.CalendarFeed.updateOne({ _id: offering }, { $setOnInsert: { token: newFeedToken(), rotatedAt: now } }, { upsert: true }).catch(
    (err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    },
  );
  const doc = await models.CalendarFeed.findById(offering).lean<CalendarFeedDoc>();
  if (!doc) throw new Error(`calendar feed of ${offering} missing after its upsert`);
  return toCalendarFeed(doc);
}

/** A new secret address: the old one answers 404 from now on. */
export async function rotateFeed(models: BookingModels, offering: Side, now: Date): Promise<CalendarFeed> {
  const doc = await models.CalendarFeed.findOneAndUpdate(
    { _id: offering },
    { $set: { token: newFeedToken(), rotatedAt: now } },
    { upsert: true, returnDocument: 'after' },
  ).lean<CalendarFeedDoc>();
  if (!doc) throw new Error(`calendar feed of ${offering} missing after its rotation`);
  return toCalendarFeed(doc);
}

/**
 * The feed of the address's offering: its appointments from CALENDAR_FEED_PAST_DAYS ago on,
 * cancelled and deleted ones left out (a calendar drops an entry the feed no longer lists).
 * One read by the offering and start index.
 */
export async function feedByToken(models: BookingModels, token: string, now: Date): Promise<Feed> {
  const feed = await models.CalendarFeed.findOne({ token }).lean<CalendarFeedDoc>();
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const docs = await models.Appointment.find({ offeringType: feed._id, startTime: { $gte: since }, status: { $ne: 'cancelled' }, deletedAt: null }, FEED_FIELDS)
    .sort({ startTime: 1 })
    .lean<AppointmentDoc[]>();
  return offeringFeed(
    feed._id,
    docs.map((doc) => staffEntry(toAppointmentFacts(doc), doc.notes)),
  );
}
