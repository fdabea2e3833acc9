import type { Express } from 'express';
import { waitlistRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { joinWaitlist, removeWaitlistEntry, waitlistEntries } from '../store/waitlist';

const { join, list, remove } = waitlistRoutes;

export function mountWaitlist(app: Express, deps: BookingDeps): void {
  bind(app, join, ({ body }) => joinWaitlist(deps, body));

  bind(app, list, ({ query }) => waitlistEntries(deps, query.offeringType));

  bind(app, remove, async ({ params }) => {
    await removeWaitlistEntry(deps.models, params.id);
    return { message: 'Waitlist entry removed' };
  });
}
