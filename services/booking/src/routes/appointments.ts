import type { Express, Request } from 'express';
import { appointmentRoutes, idempotencyKeyHeader, idempotencyKeySchema } from '@bb/contracts';
import { auditBy, bind, ownStaffScope, type HandlerInput } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { changeAppointment, deleteAppointment } from '../store/appointment-changes';
import { setAttendance } from '../store/attendance';
import { listAppointments } from '../store/appointment-reads';
import { bookAppointment } from '../store/book-appointment';
import { reassignPractitioner } from '../store/reassign-practitioner';

const { create, list, update, reassign, attendance, remove, removeOlder } = appointmentRoutes;

function idempotencyKeyOf(req: Request): string | null {
  const header = req.headers[idempotencyKeyHeader];
  return header === undefined ? null : idempotencyKeySchema.parse(header);
}

export function mountAppointments(app: Express, deps: BookingDeps): void {
  bind(app, create, ({ body, req, requestId, user }) =>
    bookAppointment(deps, { body, idempotencyKey: idempotencyKeyOf(req), correlationId: requestId, byStaff: user !== undefined }),
  );

  bind(app, list, ({ user, query }) => listAppointments(deps.models, deps.now(), ownStaffScope(user), query));

  bind(app, update, ({ params, body, requestId }) => changeAppointment(deps, params.id, body, requestId));

  bind(app, reassign, ({ params, body, requestId }) => reassignPractitioner(deps, params.id, body.practitionerId, requestId));

  bind(app, attendance, (input) => setAttendance(deps, input.params.id, input.body.attendance, input.user, auditBy(input)));

  const removeOne = async (input: Pick<HandlerInput<typeof remove>, 'params' | 'user' | 'clientAddress' | 'requestId'>) => {
    await deleteAppointment(deps, input.params.id, auditBy(input));
    return { message: 'Appointment deleted' };
  };
  bind(app, remove, removeOne);
  bind(app, removeOlder, removeOne);
}
