import type { Appointment, Side } from '@bb/contracts';
import type { ReportedAppointment } from '../domain/report';
import type { BookingModels } from '../models';
import { toAppointment, type AppointmentDoc } from '../models/appointment';

/** Every appointment not deleted, newest first. */
export async function listAppointments(models: BookingModels): Promise<Appointment[]> {
  const docs = await models.Appointment.find({ deletedAt: null }, { outbox: 0, seats: 0 }).sort({ createdAt: -1, _id: -1 }).lean<AppointmentDoc[]>();
  return docs.map(toAppointment);
}

/** The appointments a report counts: booked for a date from `from` to `to`, of one offering or both. */
export async function reportedAppointments(models: BookingModels, from: string, to: string, offering?: Side): Promise<ReportedAppointment[]> {
  const appointments = await models.Appointment.find(
    { deletedAt: null, preferredDate: { $gte: from, $lte: to }, ...(offering ? { offeringType: offering } : {}) },
    { preferredDate: 1, preferredTime: 1, status: 1, age: 1, gender: 1, items: 1 },
  ).lean();
  // Items are named as the catalog names them now; as at booking time when gone from the copy.
  const ids = [...new Set(appointments.flatMap((a) => a.items.map((i) => i.id)))];
  const current = new Map((await models.Bookable.find({ _id: { $in: ids } }, { name: 1 }).lean()).map((b) => [b._id, b.name]));
  return appointments.map((a) => ({ ...a, items: a.items.map((i) => ({ id: i.id, name: current.get(i.id) ?? i.name })) }));
}
