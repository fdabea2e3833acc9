// What tests and benchmarks outside the service may use of it: its collections in its own
// shapes, how the senders' claim picks the mails due about now, mails as a year of bookings
// leaves them, and the service itself on a given database.
import type { Connection } from 'mongoose';
import type { AppointmentFacts, AppointmentMailKind } from '@bb/contracts';
import { requireEnv, startHarness, type Harness } from '@bb/service-kit/testing';
import { notificationsEnvShape, type NotificationsConfig } from '../src/config';
import { renderAppointmentMail, type RenderedMail } from '../src/domain/appointment-mails';
import { dueFields } from '../src/domain/due-hours';
import { appointmentMailId, messageIdOf } from '../src/domain/mail-ids';
import { MANAGE_TOKEN_PLACEHOLDER } from '../src/domain/manage-link';
import { defaultSettings, senderOf } from '../src/domain/settings';
import { createModels } from '../src/models';
import { NO_LEASE, type MailDoc } from '../src/models/mail';
import { MailStore } from '../src/store/mail-store';
import { wire } from '../src/wire';

export { dueFields } from '../src/domain/due-hours';
export { recentlyDue } from '../src/store/mail-store';
export { createModels, type NotificationModels } from '../src/models';

/** Queued mails whose time has come, as the senders' gauge counts them. */
export const dueMailCount = (conn: Connection, now: Date): Promise<number> => new MailStore(createModels(conn)).dueCount(now);

/** Where staff alerts of seeded appointments went. */
const STAFF_ADDRESS = 'front-desk@example.com';
const SECOND_MS = 1000;
/** One in this many mails that went out failed for good instead (a mailbox that does not exist). */
const FAILED_ONE_IN = 200;

/**
 * Stores the mails a year of bookings leaves (and this service's copy of each appointment),
 * straight into the database in the service's own shapes: for each appointment its confirmation
 * and staff alert (sent just after it was booked), then its cancellation when cancelled (sent
 * when it was), otherwise its reminder, `reminderLeadHours` before the start with the default
 * settings: sent once that time passed (one in FAILED_ONE_IN failed), queued until then. Each
 * kind's content is rendered once per offering by the service's own templates. Answers the
 * number of mails stored.
 */
export async function seedMailHistory(
  conn: Connection,
  appointments: AppointmentFacts[],
  { now, timesOf, publicUrl }: { now: Date; timesOf: (appointmentId: string) => { bookedAt: Date; changedAt: Date }; publicUrl: string },
): Promise<number> {
  const models = createModels(conn);
  const rendered = new Map<string, RenderedMail>();
  const contentOf = async (kind: AppointmentMailKind, appointment: AppointmentFacts): Promise<RenderedMail> => {
    const key = `${kind}|${appointment.offeringType}`;
    if (!rendered.has(key)) {
      const settings = defaultSettings(appointment.offeringType);
      const input = { appointment, manageToken: MANAGE_TOKEN_PLACEHOLDER, settings, publicUrl };
      rendered.set(
        key,
        await renderAppointmentMail(
          kind === 'cancellation'
            ? { ...input, kind, by: 'customer' }
            : kind === 'reschedule'
              ? { ...input, kind, by: 'customer', previousStart: now }
              : { ...input, kind },
        ),
      );
    }
    return rendered.get(key)!;
  };
  const mails: MailDoc[] = [];
  for (const a of appointments) {
    const settings = defaultSettings(a.offeringType);
    const { bookedAt, changedAt } = timesOf(a.appointmentId);
    const mail = async (kind: AppointmentMailKind, revision: number, recipient: string, createdAt: Date, dueAt = createdAt): Promise<MailDoc> => {
      const id = appointmentMailId(a.appointmentId, kind, revision);
      const sent = dueAt.getTime() <= now.getTime();
      const failed = sent && mails.length % FAILED_ONE_IN === FAILED_ONE_IN - 1;
      return {
        _id: id,
        kind,
        appointmentId: a.appointmentId,
        offeringType: a.offeringType,
        recipient,
        from: senderOf(settings),
        ...(await contentOf(kind, a)),
        status: !sent ? 'queued' : failed ? 'failed' : 'sent',
        attempts: sent ? 1 : 0,
        lastResponse: !sent ? null : failed ? '550 5.1.1 mailbox unavailable' : '250 OK',
        messageId: messageIdOf(id),
        // A due hour only while queued, as the store keeps it.
        ...(sent ? { dueAt } : dueFields(dueAt)),
        sentAt: sent && !failed ? new Date(dueAt.getTime() + 2 * SECOND_MS) : null,
        createdAt,
        resendOf: null,
        leaseUntil: NO_LEASE,
        leaseToken: null,
        factsRevision: kind === 'reminder' ? revision : null,
        startsAt: kind === 'reminder' ? new Date(a.startTime) : null,
        expiresAt: null,
        listUnsubscribeUrl: null,
        previousStart: null,
        previousStartRevision: null,
        movedBy: null,
      };
    };
    // Queued one after the other as the booking's event is handled, a moment after it.
    const handled = (n: number) => new Date(bookedAt.getTime() + SECOND_MS + n * 10);
    mails.push(await mail('confirmation', 0, a.email, handled(0)));
    mails.push(await mail('staff-alert', 0, STAFF_ADDRESS, handled(1)));
    if (a.status === 'cancelled') mails.push(await mail('cancellation', a.revision, a.email, changedAt));
    else mails.push(await mail('reminder', 0, a.email, handled(2), new Date(new Date(a.startTime).getTime() - settings.reminderLeadHours * 3_600_000)));
  }
  for (let i = 0; i < mails.length; i += 500) await models.Mail.insertMany(mails.slice(i, i + 500), { lean: true });
  const copies = appointments.map(({ appointmentId, ...facts }) => ({ _id: appointmentId, ...facts }));
  for (let i = 0; i < copies.length; i += 1000) await models.Appointment.insertMany(copies.slice(i, i + 1000), { lean: true });
  return mails.length;
}

/** The notifications service as main.ts wires it, on the given database, without the broker, sending to SMTP_URL, its clock at `now`. */
export function startNotificationsOn(mongoUrl: string, publicUrl: string, now: () => Date = () => new Date()): Promise<Harness<NotificationsConfig>> {
  return startHarness('notifications', notificationsEnvShape, wire, {
    label: 'history',
    mongoUrl,
    now,
    connectBus: false,
    env: { SMTP_URL: requireEnv('SMTP_URL'), PUBLIC_URL: publicUrl },
  });
}
