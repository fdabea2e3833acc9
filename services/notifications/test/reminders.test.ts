import type { NotificationSettings } from '@bb/contracts';
import { api, mailpit, waitFor } from '@bb/service-kit/testing';
import { appointmentMailId } from '../src/domain/mail-ids';
import { MailStore } from '../src/store/mail-store';
import { Mailer } from '../src/store/mailer';
import { booked, cancelled, factsOf, mailSettings, mailerDeps, mailsTo, notificationsInFile, rescheduled, startNotifications, uniqueAddress } from './harness';

// Reminders with a one-minute lead: an appointment starting a minute and a few seconds from
// now has its reminder due in those few seconds.
const LEAD_MS = 60_000;
const file = notificationsInFile(
  () => startNotifications('notif_remind'),
  () => saveSettings(),
);
const settings = (over: Partial<NotificationSettings> = {}) => ({ ...mailSettings('clinic', { reminderLeadHours: LEAD_MS / 3_600_000 }), ...over });
const saveSettings = async (over: Partial<NotificationSettings> = {}) =>
  expect((await api(file.svc.url, '/api/notification-settings/clinic', { method: 'PUT', token: file.svc.token, body: settings(over) })).status).toBe(200);

/** A start whose reminder is due `dueInMs` from now. */
const startingSoon = (dueInMs: number) => new Date(Date.now() + LEAD_MS + dueInMs);
/** The reminder planned from that revision, or undefined (so waitFor waits for it). */
const reminderOf = async (appointmentId: string, revision = 0) =>
  (await file.svc.models.Mail.findById(appointmentMailId(appointmentId, 'reminder', revision)).lean()) ?? undefined;
const remindersIn = async (email: string) => (await mailpit.messagesTo(email)).filter((m) => /reminder/i.test(m.Subject));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reminders', () => {
  it('sends a reminder due in seconds exactly once, and none for an appointment cancelled meanwhile', async () => {
    // Each event must be heard before its reminder is due (one whose moment passed is not planned), the cancellation
    // before the dropped one's: 5 and 10 s leave a loaded machine room.
    const kept = booked(uniqueAddress('kept'), { startsAt: startingSoon(5000) });
    const dropped = booked(uniqueAddress('dropped'), { startsAt: startingSoon(10_000) });
    await file.svc.publisher.publish('booking.appointment.created', kept);
    await file.svc.publisher.publish('booking.appointment.created', dropped);
    await waitFor('both reminders queued', async () => (await reminderOf(kept.appointmentId)) && (await reminderOf(dropped.appointmentId)));
    await file.svc.publisher.publish('booking.appointment.cancelled', cancelled(dropped, 'customer'));

    await mailsTo(mailpit, kept.email, /reminder/i, 1, 20_000);
    // Not before it was due, by the service's clock: Mailpit stamps mails with its own, which a
    // test run on a shifted clock (scripts/test-at-times.mjs) cannot compare with.
    await waitFor('the reminder recorded sent', async () => (await reminderOf(kept.appointmentId))?.sentAt);
    expect((await reminderOf(kept.appointmentId))!.sentAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(kept.startTime) - LEAD_MS);
    await mailsTo(mailpit, dropped.email, /cancelled/i);
    // Until after the dropped reminder would have been due, and a sender had time to take it.
    await sleep(Math.max(3000, Date.parse(dropped.startTime) - LEAD_MS + 2000 - Date.now()));
    expect(await remindersIn(kept.email)).toHaveLength(1);
    expect(await remindersIn(dropped.email)).toEqual([]);
    expect(await reminderOf(dropped.appointmentId)).toMatchObject({ status: 'cancelled', attempts: 0 });
    const log = await file.svc.mailLog(kept.appointmentId);
    expect(log.find((m) => m.kind === 'reminder')).toMatchObject({
      status: 'sent',
      attempts: 1,
      dueAt: new Date(Date.parse(kept.startTime) - LEAD_MS).toISOString(),
    });
  });

  it('drops the reminder of a booking whose cancellation was handled while its confirmation was being written', async () => {
    // The two events come on separate queues: the cancellation (revision 1) applies and drops
    // the reminders just after the booking (revision 0) read them and just before it wrote its
    // own. Found by the system test: the cancelled appointment's reminder went out.
    const mails = new MailStore(file.svc.models);
    const deps = mailerDeps(file.svc, 0);
    const made = booked(uniqueAddress('raced'), { startsAt: new Date(Date.now() + 3_600_000) });
    const cancellation = cancelled(made, 'customer', false);
    const racing = Object.create(mails) as MailStore;
    racing.remindersOf = async (appointmentId) => {
      const found = await mails.remindersOf(appointmentId);
      await new Mailer({ ...deps, mails }).cancelled(cancellation);
      return found;
    };
    await new Mailer({ ...deps, mails: racing }).created(made);
    expect(await reminderOf(made.appointmentId)).toMatchObject({ status: 'cancelled' });
  });

  it('skips a reminder whose time has already passed at booking', async () => {
    const late = booked(uniqueAddress('late'), { startsAt: startingSoon(-1000) });
    await file.svc.publisher.publish('booking.appointment.created', late);
    await mailsTo(mailpit, late.email, /request received/i);
    expect(await reminderOf(late.appointmentId)).toBeUndefined();
  });

  it('moves a queued reminder with its appointment, and gives a new time a new one once it went out', async () => {
    const far = booked(uniqueAddress('far'));
    await file.svc.publisher.publish('booking.appointment.created', far);
    const planned = await waitFor('the reminder queued', () => reminderOf(far.appointmentId));
    const later = new Date(Date.parse(far.startTime) + 86_400_000);
    await file.svc.publisher.publish('booking.appointment.rescheduled', rescheduled(far, later));
    const moved = await waitFor('the reminder moved', async () => {
      const r = await reminderOf(far.appointmentId);
      return r?.factsRevision === 1 && r;
    });
    expect(moved).toMatchObject({ status: 'queued', dueAt: new Date(later.getTime() - LEAD_MS), startsAt: later });
    // Rewritten for the new time, too.
    expect(moved.subject).not.toBe(planned.subject);
    expect(await file.svc.models.Mail.countDocuments({ appointmentId: far.appointmentId, kind: 'reminder' })).toBe(1);

    // Due seconds ahead, not one: a reminder whose moment passed before its event is handled is not planned.
    const soon = booked(uniqueAddress('again'), { startsAt: startingSoon(5000) });
    await file.svc.publisher.publish('booking.appointment.created', soon);
    await mailsTo(mailpit, soon.email, /reminder/i, 1, 20_000);
    await file.svc.publisher.publish('booking.appointment.rescheduled', rescheduled(soon, startingSoon(5000)));
    await mailsTo(mailpit, soon.email, /reminder/i, 2, 20_000);
    expect((await reminderOf(soon.appointmentId, 1))?.status).toBe('sent');
  });

  it('drops the reminder when the appointment is done, and plans it again when it is re-opened', async () => {
    const data = booked(uniqueAddress('done'));
    await file.svc.publisher.publish('booking.appointment.created', data);
    await waitFor('the reminder queued', () => reminderOf(data.appointmentId));
    await file.svc.publisher.publish('booking.appointment.status-changed', { ...factsOf(data), revision: 1, status: 'done', previousStatus: 'pending' });
    await waitFor('the reminder dropped', async () => (await reminderOf(data.appointmentId))?.status === 'cancelled');
    await file.svc.publisher.publish('booking.appointment.status-changed', { ...factsOf(data), revision: 2, status: 'pending', previousStatus: 'done' });
    const back = await waitFor('a reminder planned again', () => reminderOf(data.appointmentId, 2));
    expect(back).toMatchObject({ status: 'queued', dueAt: new Date(Date.parse(data.startTime) - LEAD_MS) });
  });

  it('moves queued reminders to a new lead time, and leaves sent ones alone', async () => {
    const queued = booked(uniqueAddress('lead'));
    await file.svc.publisher.publish('booking.appointment.created', queued);
    await waitFor('the reminder queued', () => reminderOf(queued.appointmentId));
    const sentBefore = await file.svc.models.Mail.find({ kind: 'reminder', status: 'sent' }).lean();
    try {
      await saveSettings({ reminderLeadHours: 48 });
      expect((await reminderOf(queued.appointmentId))?.dueAt).toEqual(new Date(Date.parse(queued.startTime) - 48 * 3_600_000));
      const sentAfter = await file.svc.models.Mail.find({ kind: 'reminder', status: 'sent' }).lean();
      expect(sentAfter.map((m) => m.dueAt)).toEqual(sentBefore.map((m) => m.dueAt));
    } finally {
      await saveSettings();
    }
    expect((await reminderOf(queued.appointmentId))?.dueAt).toEqual(new Date(Date.parse(queued.startTime) - LEAD_MS));
  });

  // Its due hour was that of the past moment, older than the senders' recent buckets: it waited
  // for the look without buckets, which runs once an hour.
  it('sends at once a reminder whose new lead time lies hours in the past', async () => {
    const data = booked(uniqueAddress('lead-past'), { startsAt: new Date(Date.now() + 2 * 3_600_000) });
    await file.svc.publisher.publish('booking.appointment.created', data);
    await waitFor('the reminder queued', () => reminderOf(data.appointmentId));
    try {
      await saveSettings({ reminderLeadHours: 6 });
      const [mail] = await mailsTo(mailpit, data.email, /reminder/i);
      expect(mail.Subject).toMatch(/reminder/i);
    } finally {
      await saveSettings();
    }
  });

  it('moves 150 queued reminders to a new lead time (one command each: FerretDB deadlocked on one command of 150 updates)', async () => {
    const many = Array.from({ length: 150 }, (_, i) => booked(uniqueAddress(`many-${i}`)));
    const ids = many.map((m) => m.appointmentId);
    const queuedReminders = () =>
      file.svc.models.Mail.find({ kind: 'reminder', status: 'queued', appointmentId: { $in: ids } }, { appointmentId: 1, dueAt: 1 }).lean();
    for (const made of many) await file.svc.publisher.publish('booking.appointment.created', made);
    await waitFor('150 reminders queued', async () => (await queuedReminders()).length === many.length, 60_000, 500);
    try {
      await saveSettings({ reminderLeadHours: 36 });
      const dueAt = new Map((await queuedReminders()).map((r) => [r.appointmentId, r.dueAt.getTime()]));
      expect(many.filter((m) => dueAt.get(m.appointmentId) !== Date.parse(m.startTime) - 36 * 3_600_000).map((m) => m.appointmentId)).toEqual([]);
    } finally {
      await saveSettings();
    }
  }, 120_000);

  it('keeps reminders across a restart: one due while the service was down goes out once it is back', async () => {
    // Stopped as soon as the reminder is queued, well before it is due, and kept down past that.
    const data = booked(uniqueAddress('restart'), { startsAt: startingSoon(8000) });
    await file.svc.publisher.publish('booking.appointment.created', data);
    await waitFor('the reminder queued', () => reminderOf(data.appointmentId));
    await file.svc.stop();
    await sleep(Math.max(0, Date.parse(data.startTime) - LEAD_MS + 1000 - Date.now()));
    expect(await remindersIn(data.email)).toEqual([]);
    await file.svc.start();
    await mailsTo(mailpit, data.email, /reminder/i);
    await sleep(1000);
    expect(await remindersIn(data.email)).toHaveLength(1);
  });
});
