import { mailpit, requireEnv, silentLogger, TEST_MANAGE_LINK_SECRET } from '@bb/service-kit/testing';
import { smtpClient } from '../src/clients/smtp';
import { MailSender } from '../src/store/mail-sender';
import { MailStore } from '../src/store/mail-store';
import { mailsTo, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

// A mail queued for a moment (a reschedule notice after its quiet period) is sent then, not at
// the next poll: polls here are an hour apart, so only the wake-ups can send it.
let svc: NotificationsHarness;
let sender: MailSender | null = null;

beforeAll(async () => {
  svc = await startNotifications('notif_wakeups', { env: { MAIL_POLL_INTERVAL_MS: '3600000' } });
});
afterAll(async () => {
  await sender?.stop();
  await svc.close();
});

/** How far the wall clock of the test's own sender is behind its timers' clock. */
let lagMs = 0;

/** A sender of its own on the service's database, on a wall clock `lagMs` behind. */
function senderOfItsOwn(): MailSender {
  const created = new MailSender({
    mails: new MailStore(svc.models),
    smtp: smtpClient({ url: requireEnv('SMTP_URL'), timeoutMs: 10_000, maxConnections: 2 }),
    policy: { baseMs: 1000, maxMs: 60_000, maxAttempts: 3 },
    pollIntervalMs: 3_600_000,
    concurrency: 2,
    leaseMs: 60_000,
    manageLinkSecret: TEST_MANAGE_LINK_SECRET,
    now: () => new Date(Date.now() - lagMs),
    logger: silentLogger(),
  });
  created.start();
  return created;
}

describe('the mail sender', () => {
  it('sends a mail at its time when the timer fires before the wall clock gets there', async () => {
    // Node's timers run on the monotonic clock; the claim compares with the wall clock, which
    // may be a little behind it when the timer fires (seen under libfaketime).
    sender = senderOfItsOwn();
    const email = uniqueAddress('early-timer');
    const store = new MailStore(svc.models);
    const dueAt = new Date(Date.now() + 300);
    await store.queue({
      id: `wakeup-${email}`,
      kind: 'slot-opened',
      appointmentId: null,
      offeringType: 'clinic',
      recipient: email,
      from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
      content: { subject: 'A time opened up', html: '<p>A time opened up</p>', text: 'A time opened up', attachments: [] },
      dueAt,
      createdAt: new Date(),
    });
    sender.kickAt(dueAt);
    // The wall clock falls behind after the timer was set: it fires 150 ms before its time by that clock.
    lagMs = 150;
    const [mail] = await mailsTo(mailpit, email, /opened up/, 1, 5000);
    expect(mail.To.map((to) => to.Address)).toEqual([email]);
  });
});
