import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { BookingDeps } from './deps';
import { mountAppointments } from './routes/appointments';
import { mountAvailability } from './routes/availability';
import { mountCalendarFeed } from './routes/calendar-feed';
import { mountDateOverrides } from './routes/date-overrides';
import { mountDeposits } from './routes/deposits';
import { mountManage } from './routes/manage';
import { mountOfficeHours } from './routes/office-hours';
import { mountPractitioners } from './routes/practitioners';
import { mountReports } from './routes/reports';
import { mountRequirements } from './routes/requirements';
import { mountRooms } from './routes/rooms';
import { mountSettings } from './routes/settings';
import { mountSlotHolds } from './routes/slot-holds';
import { mountWaitlist } from './routes/waitlist';

export function buildApp(context: ServiceAppContext, deps: BookingDeps): Express {
  return createServiceApp({
    service: 'booking',
    context,
    deps,
    mounts: [
      mountAppointments,
      mountManage,
      mountAvailability,
      mountSlotHolds,
      mountOfficeHours,
      mountDateOverrides,
      mountSettings,
      mountPractitioners,
      mountRooms,
      mountRequirements,
      mountDeposits,
      mountReports,
      mountWaitlist,
      mountCalendarFeed,
    ],
  });
}
