import { Schema, type Connection } from 'mongoose';
import { calendarFeedPath, type CalendarFeed, type PractitionerCalendarFeed, type Side } from '@bb/contracts';

/**
 * The secret address of a calendar feed: an offering's (`_id` is the offering) or a
 * practitioner's (`_id` is `practitioner:<staff id>`, `practitionerId` the staff id). One
 * collection, so one unique index holds every token and the feed route finds either kind.
 */
export interface CalendarFeedDoc {
  _id: Side | PractitionerFeedId;
  /** 32 base64url characters: the address is the only key to the feed. */
  token: string;
  rotatedAt: Date;
  /** Set on a practitioner's feed only. */
  practitionerId?: string;
}

type PractitionerFeedId = `practitioner:${string}`;
/** The `_id` of a practitioner's feed: apart from the offerings' by its prefix. */
export const practitionerFeedId = (practitionerId: string): PractitionerFeedId => `practitioner:${practitionerId}`;

const calendarFeedSchema = new Schema<CalendarFeedDoc>(
  { _id: String, token: { type: String, required: true }, rotatedAt: { type: Date, required: true }, practitionerId: { type: String } },
  { versionKey: false },
);
// The feed finds its offering or practitioner by the token of its address.
calendarFeedSchema.index({ token: 1 }, { unique: true });

export const calendarFeedModel = (conn: Connection) => conn.model<CalendarFeedDoc>('CalendarFeed', calendarFeedSchema, 'calendar_feeds');

export const toCalendarFeed = (doc: CalendarFeedDoc & { _id: Side }): CalendarFeed => ({
  offeringType: doc._id,
  path: calendarFeedPath(doc.token),
  rotatedAt: doc.rotatedAt.toISOString(),
});

export const toPractitionerCalendarFeed = (doc: CalendarFeedDoc & { practitionerId: string }): PractitionerCalendarFeed => ({
  practitionerId: doc.practitionerId,
  path: calendarFeedPath(doc.token),
  rotatedAt: doc.rotatedAt.toISOString(),
});
