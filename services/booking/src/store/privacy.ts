import { sideSchema, type PrivacyCounts, type PrivacyRecords } from '@bb/contracts';
import type { Types } from 'mongoose';
import { documentsOfSubject, idsOfSubject, isoOrNull, keptOutbox, monthsBefore, retentionOf, type PrivacySubjectData } from '@bb/service-kit';
import { mailboxOf, phoneOf } from '../domain/contact-keys';
import { ERASED_CUSTOMER } from '../domain/privacy';
import type { BookingModels } from '../models';
import type { AppointmentDoc } from '../models/appointment';
import { contactCountId } from '../models/contact-count';

const APPOINTMENT_FIELDS = { email: 'email', phone: 'contact' };
// An appointment changed by staff while it is erased is read and written again (its revision guards the write).
const ERASE_ATTEMPTS = 5;

/** Everything booking holds of the subject: their appointments and waitlist entries. */
export async function bookingRecordsOf(models: BookingModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const appointments = await documentsOfSubject<AppointmentDoc>(models.Appointment, subject, APPOINTMENT_FIELDS);
  const waitlist = await documentsOfSubject(models.WaitlistEntry, subject, APPOINTMENT_FIELDS);
  return {
    appointments: appointments.map((a) => ({
      id: String(a._id),
      firstName: a.firstName,
      lastName: a.lastName,
      gender: a.gender,
      age: a.age,
      email: a.email,
      contact: a.contact,
      offeringType: a.offeringType,
      items: a.items.map((item) => item.name).join('; '),
      practitioner: a.practitioner?.name ?? null,
      preferredDate: a.preferredDate,
      preferredTime: a.preferredTime,
      startTime: isoOrNull(a.startTime),
      endTime: isoOrNull(a.endTime),
      status: a.status,
      notes: a.notes,
      staffComment: a.adminComment,
      depositCentavos: a.payment?.amount ?? null,
      depositState: a.payment?.state ?? null,
      attendance: a.attendance ?? null,
      deleted: Boolean(a.deletedAt),
      createdAt: isoOrNull(a.createdAt),
    })),
    waitlist: waitlist.map((w) => ({
      id: String(w._id),
      firstName: w.firstName,
      lastName: w.lastName,
      email: w.email,
      contact: w.contact,
      offeringType: w.offeringType,
      items: w.items.map((item) => item.name).join('; '),
      preferredDate: w.preferredDate,
      preferredTime: w.preferredTime,
      status: w.status,
      createdAt: isoOrNull(w.createdAt),
    })),
  };
}

/**
 * Erases the subject from booking. Appointments stay for the books (status, times, items,
 * practitioner, deposit, attendance) but lose the person: name, address, number, age, gender, notes and staff comment, the keys their no-shows are counted by,
 * and any event still waiting in their outbox that carries them. Waitlist entries and the
 * per-contact counts of the subject's keys go. Idempotent: an erased appointment no longer matches.
 */
export async function eraseFromBooking(models: BookingModels, subject: PrivacySubjectData): Promise<PrivacyCounts> {
  const appointmentIds = await idsOfSubject(models.Appointment, subject, APPOINTMENT_FIELDS);
  const countIds = new Set<string>();
  for (const offering of sideSchema.options) {
    if (subject.email) countIds.add(contactCountId(offering, `e:${mailboxOf(subject.email)}`));
    const phone = subject.phone ? phoneOf(subject.phone) : null;
    if (phone) countIds.add(contactCountId(offering, `p:${phone}`));
  }
  const appointments = await anonymiseAppointments(models, appointmentIds, countIds);
  const waitlistIds = await idsOfSubject(models.WaitlistEntry, subject, APPOINTMENT_FIELDS);
  const waitlist = (await models.WaitlistEntry.deleteMany({ _id: { $in: waitlistIds } })).deletedCount;
  const contactCounts = (await models.ContactCount.deleteMany({ _id: { $in: [...countIds] } })).deletedCount;
  return { appointments, waitlist, contactCounts };
}

/** Anonymises appointments as an erasure does; the per-contact counts they were in are added to `countIds` for the caller to delete. */
async function anonymiseAppointments(models: BookingModels, appointmentIds: readonly Types.ObjectId[], countIds: Set<string>): Promise<number> {
  let appointments = 0;
  for (const id of appointmentIds) {
    for (let attempt = 0; ; attempt++) {
      const doc = await models.Appointment.findById(id, { revision: 1, outbox: 1, outboxParked: 1, contactCounts: 1 }).lean<AppointmentDoc>();
      if (!doc) break;
      for (const countId of doc.contactCounts ?? []) countIds.add(countId);
      const outbox = keptOutbox(doc.outbox);
      const written = await models.Appointment.updateOne(
        { _id: doc._id, revision: doc.revision ?? null },
        {
          $set: { ...ERASED_CUSTOMER, outbox, outboxParked: keptOutbox(doc.outboxParked ?? []) },
          // A no-show's hashed keys go too: the no-show rule forgets the person.
          $unset: { contactCounts: 1, requestHash: 1, noShowKeys: 1, ...(outbox.length === 0 ? { outboxPending: 1 } : {}) },
        },
      );
      if (written.matchedCount === 1) {
        appointments += 1;
        break;
      }
      if (attempt + 1 >= ERASE_ATTEMPTS) throw new Error(`appointment ${String(id)} kept changing while it was erased`);
    }
  }
  return appointments;
}

// One pass anonymises at most this many appointments; the next pass goes on.
const RETENTION_BATCH = 500;

/**
 * Retention: the customers' details of appointments that ended more than `customerMonths` ago
 * are erased as an erasure erases them (appointments kept for the books). Waitlist entries go 7
 * days after their slot anyway. Idempotent: an anonymised appointment is not found again.
 */
export async function expireCustomerDetails(models: BookingModels, now: Date): Promise<number> {
  const { customerMonths } = await retentionOf(models.RetentionCopy);
  if (customerMonths === null) return 0;
  const ended = await models.Appointment.find({ endTime: { $lt: monthsBefore(now, customerMonths) }, email: { $ne: ERASED_CUSTOMER.email } }, { _id: 1 })
    .limit(RETENTION_BATCH)
    .lean();
  const countIds = new Set<string>();
  const anonymised = await anonymiseAppointments(
    models,
    ended.map((doc) => doc._id),
    countIds,
  );
  await models.ContactCount.deleteMany({ _id: { $in: [...countIds] } });
  return anonymised;
}
