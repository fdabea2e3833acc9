import { buildEnvelope } from '@bb/service-kit';
import { mailpit, waitFor } from '@bb/service-kit/testing';
import { renderAppointmentMail } from '../src/domain/appointment-mails';
import { MANAGE_TOKEN_PLACEHOLDER } from '../src/domain/manage-link';
import { appointmentMailId } from '../src/domain/mail-ids';
import { manilaDateTime } from '../src/domain/manila-format';
import { defaultSettings } from '../src/domain/settings';
import { MAIL_QUEUES } from '../src/events/mail-events';
import { MailStore, type Move } from '../src/store/mail-store';
import { Mailer } from '../src/store/mailer';
import {
  booked,
  cancelled,
  factsOf,
  inviteOf,
  mailerDeps,
  mailsTo,
  PUBLIC_URL,
  rescheduled,
  startNotifications,
  uniqueAddress,
  type NotificationsHarness,
} from './harness';

// Several moves of one appointment within the quiet period make one reschedule notice, sent
// once the appointment stayed put, telling the latest time (and SEQUENCE). Two replicas
// consume the events and send, as the scaled stack runs them.
let svc: NotificationsHarness;
// Long enough that the three moves of a test are handled within it on a loaded machine: a
// quiet period that passes between two of them rightly makes two notices (seen at 2 s while
// other suites kept FerretDB busy: the second notice said it moved from the first move's time).
const QUIET_MS = 5000;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  svc = await startNotifications('notif_notice', { env: { RESCHEDULE_MAIL_QUIET_MS: String(QUIET_MS) } });
  await svc.addReplica();
});
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const noticesTo = async (email: string) => (await mailpit.messagesTo(email)).filter((m) => /rescheduled/i.test(m.Subject));
/** Every event handed to the replicas has been handled. */
const drained = () =>
  waitFor('queues drained', async () => {
    const depths = await Promise.all(Object.values(MAIL_QUEUES).map((q) => svc.replicas[0].ctx.bus.queueDepth(q)));
    return depths.every((d) => d === 0);
  });
/** A booking three days ahead, its confirmation received. */
async function bookedAndConfirmed(label: string) {
  const data = booked(uniqueAddress(label));
  await svc.publisher.publish('booking.appointment.created', data);
  await mailsTo(mailpit, data.email, /request received/i);
  return data;
}

describe('reschedule notices', () => {
  it('make one mail of three quick moves, after the quiet period, with the last time, the last SEQUENCE and the time the customer knew', async () => {
    const data = await bookedAndConfirmed('thrice');
    const first = rescheduled(data, new Date(Date.parse(data.startTime) + HOUR_MS));
    const second = rescheduled(first, new Date(Date.parse(data.startTime) + 2 * HOUR_MS), 2);
    const third = rescheduled(second, new Date(Date.parse(data.startTime) + 3 * HOUR_MS), 3);
    for (const move of [first, second, third])
      await svc.publisher.publish('booking.appointment.rescheduled', { ...move, by: move === second ? 'staff' : 'customer' });
    const lastMoved = Date.now();

    const [notice] = await mailsTo(mailpit, data.email, /rescheduled/i);
    // After the quiet period, by the service's clock (Mailpit stamps mails with its own, which a
    // test run on a shifted clock cannot compare with).
    const sentAt = async () => (await svc.mailLog(data.appointmentId)).find((m) => m.kind === 'reschedule' && m.status === 'sent')?.sentAt;
    await waitFor('the notice recorded sent', sentAt);
    expect(Date.parse((await sentAt())!)).toBeGreaterThanOrEqual(lastMoved - 500 + QUIET_MS);
    expect(notice.Subject).toBe(`Appointment rescheduled: ${manilaDateTime(new Date(third.startTime))}`);
    const invite = await inviteOf(mailpit, notice.ID);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 3, uid: `appointment-${data.appointmentId}@beauty-booking` });
    expect(new Date(`${invite.wallTime}+08:00`).toISOString()).toBe(third.startTime);
    expect((await mailpit.message(notice.ID)).Text).toContain(`your appointment has moved from ${manilaDateTime(new Date(data.startTime))} to a new time`);

    await drained();
    await sleep(QUIET_MS + 1000);
    expect(await noticesTo(data.email)).toHaveLength(1);
    const notices = (await svc.mailLog(data.appointmentId)).filter((m) => m.kind === 'reschedule');
    expect(notices.map((m) => [m.status, m.attempts])).toEqual([['sent', 1]]);
    // The reminder follows the last time.
    const reminder = await svc.models.Mail.findOne({ appointmentId: data.appointmentId, kind: 'reminder', status: 'queued' }).lean();
    expect(reminder?.startsAt?.toISOString()).toBe(third.startTime);

    // A move after the notice went out is a new notice, from the time that one told.
    const fourth = rescheduled(third, new Date(Date.parse(data.startTime) + 4 * HOUR_MS), 4);
    await svc.publisher.publish('booking.appointment.rescheduled', fourth);
    const [later] = await waitFor(
      'a second notice',
      async () => {
        const found = await noticesTo(data.email);
        return found.length === 2 && found;
      },
      15_000,
      100,
    );
    expect((await inviteOf(mailpit, later.ID)).sequence).toBe(4);
    expect((await mailpit.message(later.ID)).Text).toContain(`moved from ${manilaDateTime(new Date(third.startTime))} to a new time`);
  });

  it('send nothing once a cancellation follows the move within the quiet period: the cancellation alone arrives', async () => {
    const data = await bookedAndConfirmed('moved-then-cancelled');
    const moved = rescheduled(data, new Date(Date.parse(data.startTime) + HOUR_MS));
    await svc.publisher.publish('booking.appointment.rescheduled', moved);
    await svc.publisher.publish('booking.appointment.cancelled', cancelled(moved, 'customer'));
    await mailsTo(mailpit, data.email, /cancelled/i);
    await drained();
    await sleep(QUIET_MS + 1500);
    expect(await noticesTo(data.email)).toEqual([]);
    const notice = (await svc.mailLog(data.appointmentId)).find((m) => m.kind === 'reschedule');
    expect(notice).toMatchObject({ status: 'cancelled', attempts: 0, lastResponse: 'Not sent: the appointment was cancelled' });
  });

  it('tell the time the customer knew when a later move was handled before an earlier one (two replicas, side by side)', async () => {
    const data = await bookedAndConfirmed('overtaken');
    const first = rescheduled(data, new Date(Date.parse(data.startTime) + HOUR_MS));
    const second = { ...rescheduled(first, new Date(Date.parse(data.startTime) + 2 * HOUR_MS)), by: 'staff' as const };
    await svc.publisher.publish('booking.appointment.rescheduled', second);
    await waitFor('the later move noticed first', async () => (await svc.mailLog(data.appointmentId)).some((m) => m.kind === 'reschedule'));
    await svc.publisher.publish('booking.appointment.rescheduled', first);

    const [notice] = await mailsTo(mailpit, data.email, /rescheduled/i);
    expect(notice.Subject).toBe(`Appointment rescheduled: ${manilaDateTime(new Date(second.startTime))}`);
    expect((await mailpit.message(notice.ID)).Text).toContain(
      `Our team has moved your appointment from ${manilaDateTime(new Date(data.startTime))} to a new time`,
    );
    expect((await inviteOf(mailpit, notice.ID)).sequence).toBe(2);
    await drained();
    await sleep(QUIET_MS + 1000);
    expect(await noticesTo(data.email)).toHaveLength(1);
  });

  it('make one mail of a move delivered again, before and after its notice went out', async () => {
    const data = await bookedAndConfirmed('again');
    const event = buildEnvelope('booking', 'booking.appointment.rescheduled', rescheduled(data, new Date(Date.parse(data.startTime) + HOUR_MS)));
    await svc.publisher.publishEnvelope(event);
    await svc.publisher.publishEnvelope(event);
    await mailsTo(mailpit, data.email, /rescheduled/i);
    await svc.publisher.publishEnvelope(event);
    await drained();
    await sleep(QUIET_MS + 1000);
    expect(await noticesTo(data.email)).toHaveLength(1);
    expect((await svc.mailLog(data.appointmentId)).filter((m) => m.kind === 'reschedule')).toHaveLength(1);
  });
});

describe('a reschedule notice in the store', () => {
  const mails = () => new MailStore(svc.models);
  const moveOf = (data: ReturnType<typeof booked>, revision: number, now: Date): Move => {
    const facts = { ...factsOf(data), revision };
    return {
      appointmentId: data.appointmentId,
      offeringType: 'clinic',
      recipient: data.email,
      from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
      revision,
      previousStart: new Date(data.startTime),
      by: 'customer',
      // Far ahead: the running senders leave it alone.
      dueAt: new Date(now.getTime() + HOUR_MS),
      now,
      render: (previousStart) =>
        renderAppointmentMail({
          kind: 'reschedule',
          appointment: facts,
          manageToken: MANAGE_TOKEN_PLACEHOLDER,
          settings: defaultSettings('clinic'),
          publicUrl: PUBLIC_URL,
          previousStart,
          by: 'customer',
        }),
    };
  };

  it('is one per appointment however many moves are handled at once, and tells the latest', async () => {
    const data = booked(uniqueAddress('at-once'));
    const now = new Date();
    const outcomes = await Promise.all([1, 2, 3, 4, 5, 6].map((revision) => mails().noticeMove(moveOf(data, revision, now))));
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);
    const queued = await svc.models.Mail.find({ appointmentId: data.appointmentId, status: 'queued' }).lean();
    expect(queued.map((m) => [m.kind, m.factsRevision, m.pendingNotice])).toEqual([['reschedule', 6, data.appointmentId]]);
    // The unique index holds it, whoever writes.
    const { _id, pendingNotice: _open, ...rest } = queued[0];
    await expect(svc.models.Mail.create({ ...rest, _id: `${_id}-copy`, pendingNotice: data.appointmentId })).rejects.toThrow(/duplicate key/i);
    await svc.models.Mail.deleteMany({ appointmentId: data.appointmentId });
  });

  it('is closed while a sender has it, and the move opens a new one: the one being sent goes or fails, never again', async () => {
    const data = booked(uniqueAddress('in-flight'));
    const now = new Date();
    expect(await mails().noticeMove(moveOf(data, 1, now))).toBe('queued');
    const firstId = appointmentMailId(data.appointmentId, 'reschedule', 1);
    // As a sender's claim leaves it.
    await svc.models.Mail.updateOne({ _id: firstId }, { $set: { leaseUntil: new Date(now.getTime() + 60_000), leaseToken: 'a-sender', attempts: 1 } });

    expect(await mails().noticeMove(moveOf(data, 2, now))).toBe('queued');
    expect(await mails().noticeMove(moveOf(data, 2, now))).toBe('told');
    const first = await svc.models.Mail.findById(firstId).lean();
    expect(first).toMatchObject({ status: 'cancelled', factsRevision: 1 });
    expect(first).not.toHaveProperty('pendingNotice');
    const second = await svc.models.Mail.findById(appointmentMailId(data.appointmentId, 'reschedule', 2)).lean();
    expect(second).toMatchObject({ status: 'queued', pendingNotice: data.appointmentId, factsRevision: 2 });

    // The sender's attempt failing leaves it closed; a third move folds into the open one.
    expect(await mails().recordRetry(first!, 'connection lost', new Date())).toBe(true);
    expect((await svc.models.Mail.findById(firstId).lean())?.status).toBe('cancelled');
    expect(await mails().noticeMove(moveOf(data, 3, now))).toBe('folded');
    expect(await svc.models.Mail.countDocuments({ appointmentId: data.appointmentId, status: 'queued' })).toBe(1);
    await svc.models.Mail.deleteMany({ appointmentId: data.appointmentId });
  });

  it('is dropped when the cancellation was handled while the move was being written', async () => {
    // The events come on separate queues: the cancellation (revision 2) applies and looks for
    // notices just before the move (revision 1) writes its notice.
    const store = mails();
    const deps = mailerDeps(svc, HOUR_MS);
    const data = booked(uniqueAddress('raced-notice'));
    await new Mailer({ ...deps, mails: store }).created(data);
    const moved = rescheduled(data, new Date(Date.parse(data.startTime) + HOUR_MS));
    const cancellation = cancelled(moved, 'customer', false);
    const racing = Object.create(store) as MailStore;
    racing.noticeMove = async (move) => {
      await new Mailer({ ...deps, mails: store }).cancelled(cancellation);
      return store.noticeMove(move);
    };
    await new Mailer({ ...deps, mails: racing }).rescheduled(moved);
    const notice = await svc.models.Mail.findById(appointmentMailId(data.appointmentId, 'reschedule', 1)).lean();
    expect(notice).toMatchObject({ status: 'cancelled' });
    expect(notice).not.toHaveProperty('pendingNotice');
  });
});
