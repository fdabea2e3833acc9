import { api, mailpit, waitFor } from '@bb/service-kit/testing';
import { dueFields } from '../src/domain/due-hours';
import { appointmentMailId } from '../src/domain/mail-ids';
import { booked, mailSettings, mailsTo, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

// Two replicas on one database and one set of queues, as the scaled stack runs them: both
// consume, both send, and every mail goes out once.
let svc: NotificationsHarness;
const LEAD_MS = 60_000;

beforeAll(async () => {
  svc = await startNotifications('notif_replicas', { env: { MAIL_POLL_INTERVAL_MS: '100' } });
  await svc.addReplica();
  const saved = await api(svc.url, '/api/notification-settings/clinic', {
    method: 'PUT',
    token: svc.token,
    body: mailSettings('clinic', { reminderLeadHours: LEAD_MS / 3_600_000 }),
  });
  expect(saved.status).toBe(200);
});
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('two replicas', () => {
  it('send each confirmation and each reminder exactly once', async () => {
    // Reminders due 12 s on: a reminder whose moment has passed when its event is handled is not
    // planned at all, and a loaded machine took more than the 2 s this once allowed for 20 events.
    const bookings = Array.from({ length: 20 }, (_, i) => booked(uniqueAddress(`twin${i}`), { startsAt: new Date(Date.now() + LEAD_MS + 12_000 + i * 50) }));
    await Promise.all(bookings.map((b) => svc.publisher.publish('booking.appointment.created', b)));
    const ids = bookings.flatMap((b) => [appointmentMailId(b.appointmentId, 'confirmation', 0), appointmentMailId(b.appointmentId, 'reminder', 0)]);
    await waitFor('every mail sent', async () => (await svc.models.Mail.countDocuments({ _id: { $in: ids }, status: 'sent' })) === ids.length, 60_000, 200);
    // Both pollers keep looking for a while after: nothing goes out again.
    await sleep(1500);
    const perAddress = await Promise.all(bookings.map(async (b) => (await mailpit.messagesTo(b.email)).map((m) => m.Subject.split(':')[0]).sort()));
    expect(perAddress).toEqual(bookings.map(() => ['Appointment request received', 'Reminder']));
    expect(await svc.models.Mail.countDocuments({ _id: { $in: ids }, attempts: { $ne: 1 } })).toBe(0);
  });

  it('take over a mail whose sender died mid-send once its lease has run out', async () => {
    const email = uniqueAddress('orphan');
    const data = booked(email);
    await svc.publisher.publish('booking.appointment.created', data);
    const id = appointmentMailId(data.appointmentId, 'confirmation', 0);
    const sent = await waitFor('the confirmation sent', async () => {
      const mail = await svc.models.Mail.findById(id).lean();
      return mail?.status === 'sent' && mail;
    });
    // The record as a sender that claimed it and then died leaves it: queued (its due hour too), its lease running.
    const leaseUntil = new Date(Date.now() + 1500);
    await svc.models.Mail.updateOne(
      { _id: id },
      { $set: { status: 'queued', ...dueFields(sent.dueAt), leaseUntil, leaseToken: 'a-dead-replica', sentAt: null } },
    );
    await sleep(1000);
    expect((await svc.models.Mail.findById(id).lean())?.status).toBe('queued');
    const resent = await waitFor('the mail taken over', async () => {
      const mail = await svc.models.Mail.findById(id).lean();
      return mail?.status === 'sent' && mail;
    });
    expect(resent.sentAt?.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
    expect(resent.attempts).toBe(2);
    // At least once: the customer got it twice, with one Message-ID they can tell apart.
    const copies = await mailsTo(mailpit, email, /request received/i, 2);
    expect(copies.map((m) => m.MessageID)).toEqual([`${id}@beauty-booking`, `${id}@beauty-booking`]);
  });
});
