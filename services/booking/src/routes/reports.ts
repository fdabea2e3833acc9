import type { Express } from 'express';
import { reportRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { appointmentReport } from '../domain/report';
import type { BookingModels } from '../models';

const { appointments: appointmentsReport } = reportRoutes;

export function mountReports(app: Express, { models }: { models: BookingModels }): void {
  bind(app, appointmentsReport, async ({ query }) => {
    const offering = query.offering && query.offering !== 'both' ? { offeringType: query.offering } : {};
    const appointments = await models.Appointment.find(
      { deletedAt: null, preferredDate: { $gte: query.from, $lte: query.to }, ...offering },
      { preferredDate: 1, preferredTime: 1, status: 1, age: 1, gender: 1, items: 1 },
    ).lean();
    // Items are named as the catalog names them now; as at booking time when gone from the copy.
    const ids = [...new Set(appointments.flatMap((a) => a.items.map((i) => i.id)))];
    const current = new Map((await models.Bookable.find({ _id: { $in: ids } }, { name: 1 }).lean()).map((b) => [b._id, b.name]));
    return appointmentReport(
      query.from,
      query.to,
      appointments.map((a) => ({ ...a, items: a.items.map((i) => ({ id: i.id, name: current.get(i.id) ?? i.name })) })),
    );
  });
}
