import { ATTENDANCE_MESSAGES, DEPOSIT_MESSAGES, type Appointment, type Attendance, type TokenClaims } from '@bb/contracts';
import { auditEventBy, conflict, forbidden, notFound, ownStaffScope, type AuditBy } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { unconfirmed } from '../domain/deposit';
import { intervalOf, toAppointment, type AppointmentDoc } from '../models/appointment';
import { CHANGED_MEANWHILE } from './appointment-changes';
import { noShowKeysOf } from './no-shows';

const said = (attendance: Attendance | null | undefined) => attendance ?? 'not said';

/**
 * Staff say whether the customer came, once the appointment has started; not of one cancelled
 * or never paid. A practitioner says it of their own appointments only. In the same write as its
 * audit entry, a no-show keeps its contact's hashed keys (`noShowKeys`), by which the no-show rule
 * counts it; any other answer drops them. Guarded by the attendance read, so of two staff saying
 * it at once each write is audited with what it replaced. Not a lifecycle change: the customer is
 * not written to, the status stays.
 */
export async function setAttendance(
  deps: Pick<BookingDeps, 'models' | 'relay' | 'now'>,
  id: string,
  attendance: Attendance | null,
  user: Pick<TokenClaims, 'role' | 'staffId'> | undefined,
  by: AuditBy,
): Promise<Appointment> {
  const { models } = deps;
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }, { outbox: 0 }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const own = ownStaffScope(user);
  if (own !== undefined && current.practitioner?.id !== own) throw forbidden(ATTENDANCE_MESSAGES.notPractitioners);
  const now = deps.now();
  if (current.status === 'cancelled') throw conflict(ATTENDANCE_MESSAGES.cancelled);
  if (unconfirmed(current.payment)) throw conflict(DEPOSIT_MESSAGES.notPaid);
  if (intervalOf(current).start.getTime() > now.getTime()) throw conflict(ATTENDANCE_MESSAGES.notStarted);
  if ((current.attendance ?? null) === attendance) return toAppointment(current, now);
  const audit = auditEventBy('booking', by, {
    action: 'attendance-set',
    subject: `appointment ${current._id} (${current.preferredDate} ${current.preferredTime})`,
    before: said(current.attendance),
    after: said(attendance),
  });
  const keys = attendance === 'no_show' ? { $set: { attendance, noShowKeys: noShowKeysOf(current.email, current.contact) } } : { $set: { attendance } };
  const updated = await models.Appointment.findOneAndUpdate(
    { _id: current._id, deletedAt: null, status: { $ne: 'cancelled' }, attendance: current.attendance ?? null },
    { ...keys, ...(attendance === 'no_show' ? {} : { $unset: { noShowKeys: '' } }), $push: { outbox: audit } },
    // The whole document comes back: FerretDB v1 has no projection on findAndModify.
    { returnDocument: 'after' },
  ).lean<AppointmentDoc>();
  if (!updated) throw conflict(CHANGED_MEANWHILE);
  deps.relay.publishDocument(models.Appointment, current._id);
  return toAppointment(updated, now);
}
