import type { Express, Request, Response } from 'express';
import { appointmentRoutes, idempotencyKeyHeader, idempotencyKeySchema } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { toAppointment, type AppointmentDoc } from '../models/appointment';
import { changeAppointment, deleteAppointment } from '../store/appointment-changes';
import { bookAppointment, type BookingDeps } from '../store/book-appointment';

const { create, list, update, remove, removeOlder } = appointmentRoutes;

function idempotencyKeyOf(req: Request): string | null {
  const header = req.headers[idempotencyKeyHeader];
  return header === undefined ? null : idempotencyKeySchema.parse(header);
}

export function mountAppointments(app: Express, deps: BookingDeps): void {
  const { models } = deps;

  const correlationOf = (res: Response) => res.locals.requestId as string | undefined;

  bind(app, create, ({ body, req, res }) => bookAppointment(deps, { body, idempotencyKey: idempotencyKeyOf(req), correlationId: correlationOf(res) }));

  bind(app, list, async () => {
    const docs = await models.Appointment.find({ deletedAt: null }, { outbox: 0, seats: 0 }).sort({ createdAt: -1, _id: -1 }).lean<AppointmentDoc[]>();
    return docs.map(toAppointment);
  });

  bind(app, update, ({ params, body, res }) => changeAppointment(deps, params.id, body, correlationOf(res)));

  const removeOne = async ({ params, res }: { params: { id: string }; res: Response }) => {
    await deleteAppointment(deps, params.id, correlationOf(res));
    return { message: 'Appointment deleted' };
  };
  bind(app, remove, removeOne);
  bind(app, removeOlder, removeOne);
}
