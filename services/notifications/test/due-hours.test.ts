import { analyzeCollection, mailpit, settledRowsRead, waitFor } from '@bb/service-kit/testing';
import { dueFields, dueHourOf, RECENT_DUE_HOURS, recentDueHours } from '../src/domain/due-hours';
import type { MailDoc } from '../src/models/mail';
import { READ_AHEAD } from '../src/store/mail-sender';
import { MailStore } from '../src/store/mail-store';
import { startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

describe('due hours', () => {
  it('names the UTC hour a mail falls due in', () => {
    expect(dueHourOf(new Date('2026-11-26T14:59:59.999Z'))).toBe('2026-11-26T14');
    expect(dueHourOf(new Date('2026-11-26T15:00:00.000Z'))).toBe('2026-11-26T15');
    expect(dueFields(new Date('2026-01-01T00:30:00Z'))).toEqual({ dueAt: new Date('2026-01-01T00:30:00Z'), dueHour: '2026-01-01T00' });
  });

  it('looks at the current hour and the RECENT_DUE_HOURS before it, across a day and a year', () => {
    expect(RECENT_DUE_HOURS).toBe(2);
    expect(recentDueHours(new Date('2026-01-01T00:10:00Z'))).toEqual(['2026-01-01T00', '2025-12-31T23', '2025-12-31T22']);
  });
});

const DAY_MS = 24 * 3_600_000;

/** A queued mail as the store writes one, straight into the collection. */
function queuedMail(id: string, dueAt: Date, dueHour: boolean): Partial<MailDoc> {
  return {
    _id: id,
    kind: 'reminder',
    appointmentId: null,
    offeringType: 'clinic',
    recipient: uniqueAddress('due'),
    from: { name: 'Clinic', address: 'clinic@example.com' },
    subject: 'Reminder',
    html: '<p>See you soon</p>',
    text: 'See you soon',
    status: 'queued',
    messageId: `${id}@beauty-booking`,
    createdAt: new Date(dueAt.getTime() - DAY_MS),
    ...(dueHour ? dueFields(dueAt) : { dueAt }),
  };
}

/** A notifications service whose senders each test starts itself (none run between tests). */
function stoppedService(label: string): () => NotificationsHarness {
  let svc: NotificationsHarness;
  beforeAll(async () => {
    svc = await startNotifications(label);
    await svc.stop();
  });
  afterAll(() => svc.close());
  return () => svc;
}

/**
 * Stores `mails`, has PostgreSQL count the collection (autovacuum's ANALYZE, at once), and
 * answers the rows read while the senders look for 3 s: about 15 looks at the tests' 200 ms.
 */
async function rowsReadWhileLooking(svc: NotificationsHarness, mails: Partial<MailDoc>[]): Promise<number> {
  await svc.models.Mail.insertMany(mails);
  const db = svc.conn.db!.databaseName;
  analyzeCollection(db, 'mails');
  await svc.start();
  const before = await settledRowsRead(db);
  await new Promise((r) => setTimeout(r, 3000));
  const read = (await settledRowsRead(db)) - before;
  await svc.stop();
  return read;
}

describe("the senders' claim", () => {
  let svc: NotificationsHarness;
  beforeAll(async () => {
    svc = await startNotifications('notif_due_hours');
  });
  afterAll(() => svc.close());

  it('sends a mail due days ago and without a due hour (queued before there were any) once a sender starts', async () => {
    await svc.models.Mail.create(queuedMail('old-backlog-mail', new Date(Date.now() - 3 * DAY_MS), false));
    await svc.addReplica();
    const sent = await waitFor('the old mail sent', async () => {
      const mail = await svc.models.Mail.findById('old-backlog-mail').lean();
      return mail?.status === 'sent' && mail;
    });
    expect(sent.attempts).toBe(1);
  });

  // On FerretDB (BB_POSTGRES_URL) the rows PostgreSQL reads: the claim of every poll (200 ms,
  // two replicas) read every queued reminder before due hours; now only those due about now.
  // Counted once PostgreSQL knows what the collection holds (autovacuum's ANALYZE, done here at
  // once): before, the planner may guess the status index the narrower one.
  it('reads, while polling, the mails due about now and not every queued reminder of the months ahead', async () => {
    const later = Array.from({ length: 2000 }, (_, i) => queuedMail(`later-${i}`, new Date(Date.now() + 30 * DAY_MS + i * 60_000), true));
    await svc.models.Mail.insertMany(later);
    const db = svc.conn.db!.databaseName;
    analyzeCollection(db, 'mails');
    const before = await settledRowsRead(db);
    await new Promise((r) => setTimeout(r, 3000));
    const read = (await settledRowsRead(db)) - before;
    expect(read).toBeLessThan(later.length);
    expect(await svc.models.Mail.countDocuments({ status: 'queued' })).toBe(later.length);
  }, 90_000);
});

// With a year stored nearly every mail is sent and a few reminders wait months ahead. Given a
// status, PostgreSQL served the senders' every-second look from the status index and read every
// queued reminder each time (the idle bench: 178 rows a second, 19 % of a CPU in FerretDB).
describe("the senders' look, most mails sent", () => {
  const service = stoppedService('notif_look_sent');

  it('reads no queued reminder of the months ahead', async () => {
    // One mail in 500 queued, as in the year of data (44 of 30,000 after the benches).
    const sent = Array.from({ length: 4000 }, (_, i) => ({
      ...queuedMail(`sent-${i}`, new Date(Date.now() - 200 * DAY_MS + i * 3_600_000), false),
      status: 'sent' as const,
    }));
    const ahead = Array.from({ length: 8 }, (_, i) => queuedMail(`ahead-${i}`, new Date(Date.now() + 30 * DAY_MS + i * 3_600_000), true));
    // Each of the looks read every reminder ahead.
    expect(await rowsReadWhileLooking(service(), [...sent, ...ahead])).toBeLessThan(ahead.length);
  }, 90_000);

  it('never offers a mail that left the queue before due hours were dropped on leaving it', async () => {
    const now = new Date();
    const { models } = service();
    await models.Mail.create({ ...queuedMail('sent-keeping-its-hour', new Date(now.getTime() - 60_000), true), status: 'sent' });
    await models.Mail.create(queuedMail('queued-due', new Date(now.getTime() - 30_000), true));
    expect(await new MailStore(models).dueIds(now, 50, { recent: true })).toEqual(['queued-due']);
  });
});

// A backlog (an SMTP outage over, a sender back after a crash): each claim used to read every
// due mail to find the earliest, so draining N mails read about N²/2 rows (300 mails: ~45,000).
// The senders now read READ_AHEAD ids per look and claim them by id.
describe('draining a backlog', () => {
  const service = stoppedService('notif_backlog');

  it('sends 300 due mails once each from two senders, reading each due mail a few times rather than once per claim', async () => {
    const svc = service();
    const now = Date.now();
    const recipient = uniqueAddress('backlog');
    const backlog = Array.from({ length: 300 }, (_, i) => ({ ...queuedMail(`backlog-${i}`, new Date(now - 60_000 + i), true), recipient }));
    await svc.models.Mail.insertMany(backlog);
    const db = svc.conn.db!.databaseName;
    analyzeCollection(db, 'mails');
    const before = await settledRowsRead(db);
    // No poll during the drain (a sender drains by itself once kicked at start), so what is
    // counted is the draining alone: with polls every 10 s a drain slowed by a loaded machine
    // counted every poll's look too (6,570 rows in one CI run) and the figure followed the clock.
    await svc.addReplica({ MAIL_POLL_INTERVAL_MS: '3600000' });
    await svc.addReplica({ MAIL_POLL_INTERVAL_MS: '3600000' });
    // Watched in Mailpit: a count in the database would read rows itself.
    await waitFor('the backlog received', async () => (await mailpit.search(`to:"${recipient}"`, 500)).length >= backlog.length, 90_000, 500);
    // The senders stop before the count: their polls afterwards read the sent mails of the hour.
    await svc.stop();
    const read = (await settledRowsRead(db)) - before;
    expect(await svc.models.Mail.countDocuments({ status: 'sent', attempts: 1 })).toBe(backlog.length);
    // The design's most: each sender looks once per READ_AHEAD claims it tries (the other's
    // taken ones too), besides its first and last look, each look reading every mail still due;
    // and a few rows a mail to claim, send and record it. 20 a mail (6,000) sat below that, and
    // two senders racing on a loaded machine read 6,270 in one CI run. Once per claim was N²/2.
    const n = backlog.length;
    const designMost = 2 * (n / READ_AHEAD + 2) * n + 6 * n;
    expect(designMost).toBeLessThan((n * n) / 4);
    console.info(`backlog of ${n} mails drained by two senders: ${read} rows read (the design's most ${designMost})`);
    expect(read).toBeLessThan(designMost);
  }, 150_000);

  // The look of every poll used to read every mail due in the recent hours, sent or not: after
  // the benchmarks' busy hour, 2,054 rows a second with nothing to send.
  it('keeps no due hour on a sent mail, so the every-second look reads none of the hour’s sent mails', async () => {
    const svc = service();
    expect(await svc.models.Mail.countDocuments({ status: 'sent', dueHour: { $exists: true } })).toBe(0);
    // As with a year stored: months of reminders queued ahead, and PostgreSQL's statistics up to
    // date, so the planner takes the due hours' index, which used to list the sent mails too.
    const ahead = Array.from({ length: 2000 }, (_, i) => queuedMail(`ahead-${i}`, new Date(Date.now() + 30 * DAY_MS + i * 60_000), true));
    expect(await rowsReadWhileLooking(svc, ahead)).toBeLessThan(300);
  }, 90_000);
});
