import { z } from 'zod';
import { sideSchema } from '../common';
import { route } from '../route';
import { offeringParamsSchema } from './schedule';
import { MANAGEMENT, MANAGEMENT_AND_OWN } from '../roles';

/**
 * Staff's calendar subscription: a secret address per offering serving its appointments as an
 * iCalendar feed, for Google or Apple Calendar to poll. Rotating it ends the old address.
 */
export const calendarFeedSchema = z.object({
  offeringType: sideSchema,
  /** Path to subscribe to on the site's origin: /api/calendar/<token>.ics */
  path: z.string(),
  rotatedAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * A practitioner's own calendar subscription: only the appointments they take. Its address is
 * of the same kind and served by the same route as the offerings' (one space of tokens).
 */
export const practitionerCalendarFeedSchema = z.object({
  practitionerId: z.string(),
  /** Path to subscribe to on the site's origin: /api/calendar/<token>.ics */
  path: z.string(),
  rotatedAt: z.string(),
});
export type PractitionerCalendarFeed = z.infer<typeof practitionerCalendarFeedSchema>;

/** A staff id as the catalog makes them (and tests name them): letters, digits, `_` and `-`. */
export const practitionerFeedParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'This practitioner id is not valid.' }),
});

/** The feed's file name: its token (32 base64url characters, 192 random bits) and `.ics`. */
export const calendarFeedParamsSchema = z.object({
  feed: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/, { error: 'This calendar address is not valid.' }),
});
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** How far back the feed reaches: staff still see last month's appointments in their calendar. */
export const CALENDAR_FEED_PAST_DAYS = 30;

const tag = 'Calendar feed';
export const calendarFeedRoutes = {
  feed: route({
    method: 'get',
    path: '/api/calendar/:feed',
    service: 'booking',
    access: 'public',
    tag,
    summary: "Appointments of an offering, or a practitioner's, as an iCalendar feed (the secret address is the key)",
    description:
      "Appointments from 30 days ago on, cancelled and deleted ones left out, in Asia/Manila time with a VTIMEZONE: an offering's address lists the offering's, a practitioner's those they take. Answers ETag / 304. An unknown or rotated address answers 404, as does a removed practitioner's.",
    params: calendarFeedParamsSchema,
    response: 'calendar',
    cacheable: true,
  }),
  show: route({
    method: 'get',
    path: '/api/calendar-feeds/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'The calendar feed address of an offering (made on first ask)',
    params: offeringParamsSchema,
    response: calendarFeedSchema,
  }),
  rotate: route({
    method: 'post',
    path: '/api/calendar-feeds/:offering/rotate',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'A new secret feed address; the old one answers 404 from now on',
    params: offeringParamsSchema,
    response: calendarFeedSchema,
  }),
  practitionerShow: route({
    method: 'get',
    path: '/api/practitioners/:id/calendar-feed',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT_AND_OWN,
    tag,
    summary: "A practitioner's own calendar feed address (made on first ask)",
    description: 'Only the appointments they take. A practitioner booking does not know (or removed) answers 404.',
    params: practitionerFeedParamsSchema,
    response: practitionerCalendarFeedSchema,
  }),
  practitionerRotate: route({
    method: 'post',
    path: '/api/practitioners/:id/calendar-feed/rotate',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT_AND_OWN,
    tag,
    summary: "A new secret address for a practitioner's feed; the old one answers 404 from now on",
    params: practitionerFeedParamsSchema,
    response: practitionerCalendarFeedSchema,
  }),
} as const;
