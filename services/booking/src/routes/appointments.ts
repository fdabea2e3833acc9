import type { Express, Request } from 'express';
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

  bind(app, create, ({ body, req, requestId }) => bookAppointment(deps, { body, idempotencyKey: idempotencyKeyOf(req), correlationId: requestId }));

  bind(app, list, async () => {
    const docs = await models.Appointment.find({ deletedAt: null }, { outbox: 0, seats: 0 }).sort({ createdAt: -1, _id: -1 }).lean<AppointmentDoc[]>();
    return docs.map(toAppointment);
  });

  bind(app, update, ({ params, body, requestId }) => changeAppointment(deps, params.id, body, requestId));

  const removeOne = async ({ params, requestId }: { params: { id: string }; requestId: string }) => {
    await deleteAppointment(deps, params.id, requestId);
    return { message: 'Appointment deleted' };
  };
  bind(app, remove, removeOne);
  bind(app, removeOlder, removeOne);
}
