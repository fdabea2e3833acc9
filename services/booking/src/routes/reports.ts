import type { Express } from 'express';
import { reportRoutes, sideSchema } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { appointmentReport, attendanceFigures, practitionerFigures } from '../domain/report';
import type { PractitionerProfile } from '../domain/resources';
import { reportedAppointments } from '../store/appointment-reads';

const { appointments: appointmentsReport } = reportRoutes;

export function mountReports(app: Express, { models, schedule, now }: BookingDeps): void {
  bind(app, appointmentsReport, async ({ query }) => {
    const offering = query.offering && query.offering !== 'both' ? query.offering : undefined;
    const appointments = await reportedAppointments(models, query.from, query.to, offering);
    // Those configured now, from this replica's copy; one who works at both sides is listed once.
    const profiles = new Map<string, PractitionerProfile>();
    for (const side of offering ? [offering] : sideSchema.options) {
      for (const p of schedule.practitioners(side)) profiles.set(p._id, { id: p._id, name: p.name, skills: p.skills, hours: p.hours, leave: p.leave });
    }
    return {
      ...appointmentReport(query.from, query.to, appointments),
      byPractitioner: practitionerFigures(query.from, query.to, appointments, [...profiles.values()]),
      attendance: attendanceFigures(appointments, now()),
    };
  });
}
