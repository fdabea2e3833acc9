import type { Express } from 'express';
import { createServiceApp, type EventBus, type Logger, type OutboxRelay } from '@bb/service-kit';
import type { BookingModels } from './models';
import type { ManageLinkSettings } from './store/book-appointment';
import { mountAppointments } from './routes/appointments';
import { mountAvailability } from './routes/availability';
import { mountCalendarFeed } from './routes/calendar-feed';
import { mountDateOverrides } from './routes/date-overrides';
import { mountManage } from './routes/manage';
import { mountOfficeHours } from './routes/office-hours';
import { mountReports } from './routes/reports';
import { mountSettings } from './routes/settings';
import { mountWaitlist } from './routes/waitlist';
import type { ScheduleCopy } from './store/schedule-copy';
import type { WaitlistNotifier } from './store/waitlist-notify';

export interface BookingAppDeps {
  logger: Logger;
  models: BookingModels;
  relay: OutboxRelay;
  bus: EventBus;
  schedule: ScheduleCopy;
  waitlist: WaitlistNotifier;
  jwtSecret: string;
  manageLink: ManageLinkSettings;
  isRevoked: (jti: string) => boolean;
  isReady: () => boolean;
  /** The business clock; tests inject one to decide which slots are past. */
  now: () => Date;
}

export function buildApp(deps: BookingAppDeps): Express {
  const routeDeps = { models: deps.models, manageLink: deps.manageLink, relay: deps.relay, bus: deps.bus, schedule: deps.schedule, waitlist: deps.waitlist, now: deps.now };
  return createServiceApp({
    service: 'booking',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: deps.isRevoked,
    isReady: deps.isReady,
    routes: (app) => {
      mountAppointments(app, routeDeps);
      mountManage(app, routeDeps);
      mountAvailability(app, routeDeps);
      mountOfficeHours(app, routeDeps);
      mountDateOverrides(app, routeDeps);
      mountSettings(app, routeDeps);
      mountReports(app, routeDeps);
      mountWaitlist(app, routeDeps);
      mountCalendarFeed(app, routeDeps);
    },
  });
}
