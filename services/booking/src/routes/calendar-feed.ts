import type { Express } from 'express';
import { calendarFeedRoutes } from '@bb/contracts';
import { bind, ICS_CONTENT_TYPE, requireOwnProfile } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { tokenOfFeed } from '../domain/calendar-feed';
import { feedByToken, feedOf, practitionerFeedOf, rotateFeed, rotatePractitionerFeed } from '../store/calendar-feed';

const { feed, show, rotate, practitionerShow, practitionerRotate } = calendarFeedRoutes;

export function mountCalendarFeed(app: Express, deps: BookingDeps): void {
  // Calendars poll: each poll asks again (no-cache) and gets 304 while nothing changed; only the
  // subscriber's own cache may keep the secret address's answer.
  bind(app, feed, async ({ params, req, res }) => {
    const { body, etag } = await feedByToken(deps.models, tokenOfFeed(params.feed), deps.now());
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return undefined;
    }
    res.setHeader('Content-Type', ICS_CONTENT_TYPE);
    res.send(body);
    return undefined;
  });

  bind(app, show, ({ params }) => feedOf(deps.models, params.offering, deps.now()));

  bind(app, rotate, ({ params }) => rotateFeed(deps.models, params.offering, deps.now()));

  bind(app, practitionerShow, ({ params, user }) => {
    requireOwnProfile(user, params.id);
    return practitionerFeedOf(deps.models, params.id, deps.now());
  });

  bind(app, practitionerRotate, ({ params, user }) => {
    requireOwnProfile(user, params.id);
    return rotatePractitionerFeed(deps.models, params.id, deps.now());
  });
}
