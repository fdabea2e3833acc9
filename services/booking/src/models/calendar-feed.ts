import { Schema, type Connection } from 'mongoose';
import { calendarFeedPath, type CalendarFeed, type Side } from '@bb/contracts';

/** The secret address of an offering's calendar feed; `_id` is the offering. */
export interface CalendarFeedDoc {
  _id: Side;
  /** 32 base64url characters: the address is the only key to the feed. */
  token: string;
  rotatedAt: Date;
}

const calendarFeedSchema = new Schema<CalendarFeedDoc>(
  { _id: String, token: { type: String, required: true }, rotatedAt: { type: Date, required: true } },
  { versionKey: false },
);
// The feed finds its offering by the token of its address.
calendarFeedSchema.index({ token: 1 }, { unique: true });

export const calendarFeedModel = (conn: Connection) => conn.model<CalendarFeedDoc>('CalendarFeed', calendarFeedSchema, 'calendar_feeds');

export const toCalendarFeed = (doc: CalendarFeedDoc): CalendarFeed => ({
  offeringType: doc._id,
  path: calendarFeedPath(doc.token),
  rotatedAt: doc.rotatedAt.toISOString(),
});
