import type { Express } from 'express';
import { reportRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { appointmentReport } from '../domain/report';
import { reportedAppointments } from '../store/appointment-reads';

const { appointments: appointmentsReport } = reportRoutes;

export function mountReports(app: Express, { models }: BookingDeps): void {
  bind(app, appointmentsReport, async ({ query }) => {
    const offering = query.offering && query.offering !== 'both' ? query.offering : undefined;
    return appointmentReport(query.from, query.to, await reportedAppointments(models, query.from, query.to, offering));
  });
}
