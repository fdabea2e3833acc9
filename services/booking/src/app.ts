import type { Express } from 'express';
import { createServiceApp, type EventBus, type Logger, type OutboxRelay } from '@bb/service-kit';
import type { BookingModels } from './models';
import { mountAppointments } from './routes/appointments';
import { mountAvailability } from './routes/availability';
import { mountManage } from './routes/manage';
import { mountOfficeHours } from './routes/office-hours';
import { mountReports } from './routes/reports';
import { mountSettings } from './routes/settings';
import type { ScheduleCopy } from './store/schedule-copy';

export interface BookingAppDeps {
  logger: Logger;
  models: BookingModels;
  relay: OutboxRelay;
  bus: EventBus;
  schedule: ScheduleCopy;
  jwtSecret: string;
  isRevoked: (jti: string) => boolean;
  isReady: () => boolean;
  /** The business clock; tests inject one to decide which slots are past. */
  now: () => Date;
}

export function buildApp(deps: BookingAppDeps): Express {
  const routeDeps = { models: deps.models, relay: deps.relay, bus: deps.bus, schedule: deps.schedule, now: deps.now };
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
      mountSettings(app, routeDeps);
      mountReports(app, routeDeps);
    },
  });
}
