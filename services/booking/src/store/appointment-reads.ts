import type { Appointment, AppointmentListQuery, Side } from '@bb/contracts';
import type { AttendedBooking, PractitionerBooking, ReportedAppointment } from '../domain/report';
import type { BookingModels } from '../models';
import { CONFIRMED, intervalOf, toAppointment, type AppointmentDoc } from '../models/appointment';

/**
 * Every appointment not deleted, newest first, or only a practitioner's (`practitionerId`: a
 * practitioner's own list); with `payment`, those whose deposit is in that state at `now` (as
 * the list shows it: an unpaid hold past its expiry is expired), or `none` for those without.
 */
export async function listAppointments(models: BookingModels, now: Date, practitionerId?: string, query: AppointmentListQuery = {}): Promise<Appointment[]> {
  const filter = practitionerId === undefined ? { deletedAt: null } : { deletedAt: null, 'practitioner.id': practitionerId };
  const docs = await models.Appointment.find(filter, { outbox: 0, seats: 0, noShowKeys: 0 }).sort({ createdAt: -1, _id: -1 }).lean<AppointmentDoc[]>();
  const shown = docs.map((doc) => toAppointment(doc, now));
  const wanted = query.payment;
  return wanted === undefined ? shown : shown.filter((a) => (a.payment?.state ?? 'none') === wanted);
}

/**
 * The appointments a report counts: booked for a date from `from` to `to`, of one offering or
 * both, confirmed (none waiting for or never paid its deposit), with who took each and for how
 * long (the per-practitioner figures) and whether the customer came, in one read.
 */
export async function reportedAppointments(
  models: BookingModels,
  from: string,
  to: string,
  offering?: Side,
): Promise<(ReportedAppointment & PractitionerBooking & AttendedBooking)[]> {
  const appointments = await models.Appointment.find(
    { deletedAt: null, preferredDate: { $gte: from, $lte: to }, ...(offering ? { offeringType: offering } : {}), ...CONFIRMED },
    { preferredDate: 1, preferredTime: 1, status: 1, age: 1, gender: 1, items: 1, practitioner: 1, startTime: 1, endTime: 1, attendance: 1 },
  ).lean<AppointmentDoc[]>();
  // Items are named as the catalog names them now; as at booking time when gone from the copy.
  const ids = [...new Set(appointments.flatMap((a) => a.items.map((i) => i.id)))];
  const current = new Map((await models.Bookable.find({ _id: { $in: ids } }, { name: 1 }).lean()).map((b) => [b._id, b.name]));
  return appointments.map((a) => {
    const { start, end } = intervalOf(a);
    return {
      preferredDate: a.preferredDate,
      preferredTime: a.preferredTime,
      status: a.status,
      age: a.age,
      gender: a.gender,
      items: a.items.map((i) => ({ id: i.id, name: current.get(i.id) ?? i.name })),
      practitioner: a.practitioner ?? null,
      minutes: Math.round((end.getTime() - start.getTime()) / 60_000),
      attendance: a.attendance ?? null,
      start,
    };
  });
}
