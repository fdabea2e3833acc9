import type { MailKind } from '@bb/contracts';
import { mailpit, waitFor, type MailpitAddress, type MailpitMessage } from '@bb/service-kit/testing';
import { NOT_SENT } from '../src/domain/outgoing-mail';
import { dueFields } from '../src/domain/due-hours';
import { booked, cancelled, mailsTo, rescheduled, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

// Every mail goes to exactly one address. Addresses stored before the forms took only one
// plain address may be lists ("a@x.test, b@y.test"): a mail library sends to every address in
// such a string, so one anonymous booking mailed strangers, and every later mail of it again.
let svc: NotificationsHarness;

beforeAll(async () => {
  svc = await startNotifications('notif_one_rcpt');
});
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failed = (appointmentId: string, kind: MailKind) =>
  waitFor(`the ${kind} failed`, async () => {
    const mail = (await svc.mailLog(appointmentId)).find((m) => m.kind === kind);
    return mail?.status === 'failed' && mail;
  });
/** What Mailpit received, with the envelope recipients that no header names (Mailpit lists those as Bcc). */
const received = async (id: string) => (await mailpit.message(id)) as MailpitMessage & { Bcc?: MailpitAddress[] };
/** Settings as they may be stored from before the settings form took one address only. */
const storeSettings = (offering: 'clinic' | 'studio', over: { staffAlertEmail?: string; senderEmail?: string }) =>
  svc.models.Settings.updateOne(
    { _id: offering },
    {
      $set: {
        staffAlertEmail: '',
        senderName: offering === 'clinic' ? 'Lumière Clinic' : 'Lumière Studio',
        senderEmail: `${offering}@beauty-booking.local`,
        reminderLeadHours: 24,
        enabled: { confirmation: true, reschedule: true, cancellation: true, reminder: true, 'staff-alert': true, 'slot-opened': true },
        ...over,
      },
    },
    { upsert: true },
  );

describe('one address per mail', () => {
  it('sends a mail to exactly its one address: the only recipient on the envelope and in the header', async () => {
    await storeSettings('clinic', {});
    const email = uniqueAddress('single');
    await svc.publisher.publish('booking.appointment.created', booked(email));
    const [summary] = await mailsTo(mailpit, email, /request received/i);
    const message = await received(summary.ID);
    expect(message.To.map((t) => t.Address)).toEqual([email]);
    expect(message.Cc).toEqual([]);
    expect(message.Bcc ?? []).toEqual([]);
  });

  it('never mails a stored list of addresses: each of its mails fails at once, without an attempt, and the log says why', async () => {
    await storeSettings('clinic', {});
    const first = uniqueAddress('list-a');
    const second = uniqueAddress('list-b');
    const data = booked(`${first}, ${second}`);
    await svc.publisher.publish('booking.appointment.created', data);
    expect(await failed(data.appointmentId, 'confirmation')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.recipient, recipient: `${first}, ${second}` });

    // Its reminder when due, a move and a cancellation: the same.
    await svc.models.Mail.updateOne({ appointmentId: data.appointmentId, kind: 'reminder' }, { $set: dueFields(new Date()) });
    expect(await failed(data.appointmentId, 'reminder')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.recipient });
    const moved = rescheduled(data, new Date(Date.parse(data.startTime) + 3_600_000));
    await svc.publisher.publish('booking.appointment.rescheduled', moved);
    expect(await failed(data.appointmentId, 'reschedule')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.recipient });
    await svc.publisher.publish('booking.appointment.cancelled', cancelled(moved, 'customer'));
    expect(await failed(data.appointmentId, 'cancellation')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.recipient });

    // A failure for good: no sender tries again. (The move planned a new reminder, which the cancellation dropped.)
    await sleep(1000);
    expect((await svc.mailLog(data.appointmentId)).map((m) => [m.kind, m.status, m.attempts])).toEqual([
      ['confirmation', 'failed', 0],
      ['reminder', 'failed', 0],
      ['reschedule', 'failed', 0],
      ['reminder', 'cancelled', 0],
      ['cancellation', 'failed', 0],
    ]);
    expect(await mailpit.messagesTo(first)).toEqual([]);
    expect(await mailpit.messagesTo(second)).toEqual([]);
  });

  it('never mails a staff alert address stored as a list, while the customer is mailed as usual', async () => {
    const desk = uniqueAddress('desk');
    const stranger = uniqueAddress('stranger');
    await storeSettings('studio', { staffAlertEmail: `${desk}, ${stranger}` });
    const email = uniqueAddress('studio-customer');
    const data = booked(email, { offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }] });
    await svc.publisher.publish('booking.appointment.created', data);
    await mailsTo(mailpit, email, /request received/i);
    expect(await failed(data.appointmentId, 'staff-alert')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.recipient });
    await sleep(500);
    expect(await mailpit.messagesTo(desk)).toEqual([]);
    expect(await mailpit.messagesTo(stranger)).toEqual([]);
  });

  it('sends nothing from a sender address stored as a list', async () => {
    const spy = uniqueAddress('spy');
    await storeSettings('studio', { senderEmail: `studio@beauty-booking.local, ${spy}` });
    const email = uniqueAddress('from-list');
    const data = booked(email, { offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }] });
    await svc.publisher.publish('booking.appointment.created', data);
    expect(await failed(data.appointmentId, 'confirmation')).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.sender });
    await sleep(500);
    expect(await mailpit.messagesTo(email)).toEqual([]);
    expect(await mailpit.messagesTo(spy)).toEqual([]);
  });
});
