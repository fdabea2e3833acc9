import type { PrivacyCounts, PrivacyRecords } from '@bb/contracts';
import { idsOfSubject, isoOrNull, monthsBefore, retentionOf, type PrivacySubjectData } from '@bb/service-kit';
import type { NotificationModels } from '../models';
import type { AppointmentDoc } from '../models/appointment';
import type { MailDoc } from '../models/mail';

const ERASED = { firstName: 'Erased', lastName: 'customer', email: 'erased', contact: 'erased' } as const;

/**
 * The mails about the subject: those to their address, and every mail of their appointments
 * (staff alerts and the practitioner's name the customer, the .ics their details).
 */
async function mailIdsOf(models: NotificationModels, subject: PrivacySubjectData): Promise<{ mailIds: string[]; appointmentIds: string[] }> {
  const appointmentIds = await idsOfSubject<AppointmentDoc, string>(models.Appointment, subject, { email: 'email', phone: 'contact' });
  const mailIds = new Set(await idsOfSubject<MailDoc, string>(models.Mail, subject, { email: 'recipient' }));
  const ofAppointments = await models.Mail.find({ appointmentId: { $in: appointmentIds } }, { _id: 1 }).lean();
  for (const mail of ofAppointments) mailIds.add(String(mail._id));
  return { mailIds: [...mailIds], appointmentIds };
}

/** The mails sent or queued to the subject or about their appointments, with what they said. */
export async function notificationRecordsOf(models: NotificationModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const { mailIds } = await mailIdsOf(models, subject);
  const mails = await models.Mail.find({ _id: { $in: mailIds } })
    .sort({ createdAt: 1 })
    .lean<MailDoc[]>();
  return {
    mails: mails.map((m) => ({
      id: m._id,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      text: m.text,
      status: m.status,
      createdAt: isoOrNull(m.createdAt),
      sentAt: isoOrNull(m.sentAt),
    })),
  };
}

/**
 * Forgets the subject: their mails deleted (recipient, subject, body, .ics and all), and this
 * service's copy of their appointments anonymised as booking's are. Idempotent.
 */
export async function eraseFromNotifications(models: NotificationModels, subject: PrivacySubjectData): Promise<PrivacyCounts> {
  const { mailIds, appointmentIds } = await mailIdsOf(models, subject);
  const mails = (await models.Mail.deleteMany({ _id: { $in: mailIds } })).deletedCount;
  const appointments = (await models.Appointment.updateMany({ _id: { $in: appointmentIds } }, { $set: ERASED })).modifiedCount;
  return { mails, appointments };
}

// One pass forgets the mails of at most this many appointments; the next pass goes on.
const RETENTION_BATCH = 500;

/**
 * Retention: appointments that ended more than `customerMonths` ago lose their mails and this
 * service's copy its customer, as an erasure does; mails of no appointment (newsletter
 * confirmations, freed slots) older than that go too. Idempotent.
 */
export async function expireCustomerMails(models: NotificationModels, now: Date): Promise<number> {
  const { customerMonths } = await retentionOf(models.RetentionCopy);
  if (customerMonths === null) return 0;
  const cutoff = monthsBefore(now, customerMonths);
  // The copy keeps instants as ISO strings, which order as the instants do.
  const ended = await models.Appointment.find({ endTime: { $lt: cutoff.toISOString() }, email: { $ne: ERASED.email } }, { _id: 1 })
    .limit(RETENTION_BATCH)
    .lean();
  const ids = ended.map((doc) => doc._id);
  const mails = await models.Mail.deleteMany({ appointmentId: { $in: ids } });
  await models.Appointment.updateMany({ _id: { $in: ids } }, { $set: ERASED });
  const loose = await models.Mail.deleteMany({ appointmentId: null, createdAt: { $lt: cutoff } });
  return mails.deletedCount + loose.deletedCount;
}
