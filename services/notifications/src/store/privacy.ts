import { ERASED_CUSTOMER_CONTACT, type PrivacyCounts, type PrivacyRecords } from '@bb/contracts';
import { idsOfSubject, isoOrNull, monthsBefore, retentionOf, type PrivacySubjectData } from '@bb/service-kit';
import type { NotificationModels } from '../models';
import { recipientKey } from '../domain/recipient-limit';
import type { AppointmentDoc } from '../models/appointment';
import type { DepositDoc } from '../models/deposit';
import type { MailDoc } from '../models/mail';

/** A deposit record erased: what names the customer goes, and no mail is written from it again. */
const ERASED_DEPOSIT = { $set: { erased: true }, $unset: { customerName: 1, customerEmail: 1, description: 1 } };

/**
 * The mails about the subject: those to their address, and every mail of their appointments
 * (staff alerts and the practitioner's name the customer, the .ics their details) and of their
 * deposits (an appointment never paid has no copy here, only its deposit record).
 */
async function mailIdsOf(
  models: NotificationModels,
  subject: PrivacySubjectData,
): Promise<{ mailIds: string[]; appointmentIds: string[]; depositIds: string[] }> {
  const appointmentIds = await idsOfSubject<AppointmentDoc, string>(models.Appointment, subject, { email: 'email', phone: 'contact' });
  const depositIds = await idsOfSubject<DepositDoc, string>(models.Deposit, subject, { email: 'customerEmail' });
  const mailIds = new Set(await idsOfSubject<MailDoc, string>(models.Mail, subject, { email: 'recipient' }));
  const ofAppointments = await models.Mail.find({ appointmentId: { $in: [...new Set([...appointmentIds, ...depositIds])] } }, { _id: 1 }).lean();
  for (const mail of ofAppointments) mailIds.add(String(mail._id));
  return { mailIds: [...mailIds], appointmentIds, depositIds };
}

/** The mails sent or queued to the subject or about their appointments, with what they said, and what is kept of their deposits. */
export async function notificationRecordsOf(models: NotificationModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const { mailIds, depositIds } = await mailIdsOf(models, subject);
  const mails = await models.Mail.find({ _id: { $in: mailIds } })
    .sort({ createdAt: 1 })
    .lean<MailDoc[]>();
  const deposits = await models.Deposit.find({ _id: { $in: depositIds } }).lean<DepositDoc[]>();
  return {
    deposits: deposits.map((d) => ({
      appointmentId: d._id,
      customerName: d.customerName ?? null,
      customerEmail: d.customerEmail ?? null,
      amount: d.amount ?? null,
      description: d.description ?? null,
      startTime: isoOrNull(d.startTime),
      holdExpiresAt: isoOrNull(d.holdExpiresAt),
    })),
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
 * Forgets the subject: their mails deleted (recipient, subject, body, .ics and all), this
 * service's copy of their appointments anonymised as booking's are, their deposit records
 * anonymised (a payment event coming later finds them erased and mails nobody), and the
 * per-address count of payment requests to their address dropped. Idempotent.
 */
export async function eraseFromNotifications(models: NotificationModels, subject: PrivacySubjectData): Promise<PrivacyCounts> {
  const { mailIds, appointmentIds, depositIds } = await mailIdsOf(models, subject);
  const mails = (await models.Mail.deleteMany({ _id: { $in: mailIds } })).deletedCount;
  const appointments = (await models.Appointment.updateMany({ _id: { $in: appointmentIds } }, { $set: ERASED_CUSTOMER_CONTACT })).modifiedCount;
  const deposits = (await models.Deposit.updateMany({ _id: { $in: depositIds } }, ERASED_DEPOSIT)).modifiedCount;
  if (subject.email) await models.MailCount.deleteMany({ key: recipientKey(subject.email) });
  return { mails, appointments, deposits };
}

// One pass forgets the mails of at most this many appointments; the next pass goes on.
const RETENTION_BATCH = 500;

/**
 * Retention: appointments that ended more than `customerMonths` ago lose their mails and this
 * service's copy its customer, as an erasure does, and so do deposits of appointments that
 * started that long ago (never paid ones have no copy); mails of no appointment (newsletter
 * confirmations, freed slots) older than that go too. Idempotent.
 */
export async function expireCustomerMails(models: NotificationModels, now: Date): Promise<number> {
  const { customerMonths } = await retentionOf(models.RetentionCopy);
  if (customerMonths === null) return 0;
  const cutoff = monthsBefore(now, customerMonths);
  // The copy keeps instants as ISO strings, which order as the instants do.
  const ended = await models.Appointment.find({ endTime: { $lt: cutoff.toISOString() }, email: { $ne: ERASED_CUSTOMER_CONTACT.email } }, { _id: 1 })
    .limit(RETENTION_BATCH)
    .lean();
  const ids = ended.map((doc) => doc._id);
  const mails = await models.Mail.deleteMany({ appointmentId: { $in: ids } });
  await models.Appointment.updateMany({ _id: { $in: ids } }, { $set: ERASED_CUSTOMER_CONTACT });
  const oldDeposits = await models.Deposit.find({ startTime: { $lt: cutoff }, erased: false }, { _id: 1 })
    .limit(RETENTION_BATCH)
    .lean();
  const depositIds = oldDeposits.map((doc) => doc._id);
  const ofDeposits = await models.Mail.deleteMany({ appointmentId: { $in: depositIds } });
  await models.Deposit.updateMany({ _id: { $in: depositIds } }, ERASED_DEPOSIT);
  const loose = await models.Mail.deleteMany({ appointmentId: null, createdAt: { $lt: cutoff } });
  return mails.deletedCount + ofDeposits.deletedCount + loose.deletedCount;
}
