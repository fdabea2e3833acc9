import type { DepositMailKind, EventData, EventType } from '@bb/contracts';
import { retentionOf } from '@bb/service-kit';
import { mailpit, privacyProbe, silentLogger, waitFor, type MailpitAddress, type MailpitMessage } from '@bb/service-kit/testing';
import { depositMailId } from '../src/domain/mail-ids';
import { manilaClock } from '../src/domain/manila-format';
import { NOT_SENT } from '../src/domain/outgoing-mail';
import { recipientCountOf } from '../src/domain/recipient-limit';
import { DepositMailer } from '../src/store/deposit-mailer';
import { DepositStore } from '../src/store/deposit-store';
import { MailStore } from '../src/store/mail-store';
import { expireCustomerMails } from '../src/store/privacy';
import { RecipientLimit } from '../src/store/recipient-limit';
import { SettingsStore } from '../src/store/settings-store';
import { manageTokenOf, mailsTo, notificationsInFile, PUBLIC_URL, startNotifications, uniqueAddress } from './harness';
import { depositRequested, paid, paymentFacts, refunded } from './support/deposit-events';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Reminders 3 s before a hold ends (time enough to send them on a busy machine): a hold of 6 s has its reminder in 3. */
const LEAD_MS = 3000;
const LIMIT = 3;

// The service's clock, moved to ten minutes past a whole hour when the file starts: the
// per-address limit counts per UTC hour, so the file's requests all fall in one, at any time of day.
const offset = 10 * MINUTE_MS - (Date.now() % HOUR_MS);
const clock = () => new Date(Date.now() + offset);

const file = notificationsInFile(() =>
  startNotifications('notif_deposits', {
    env: { DEPOSIT_REMINDER_LEAD_MS: String(LEAD_MS), PAYMENT_REQUESTS_PER_ADDRESS_PER_HOUR: String(LIMIT) },
    now: clock,
  }),
);
const publish = <T extends EventType>(type: T, data: EventData<T>) => file.svc.publisher.publish(type, data);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A request whose hold ends `holdMs` from now by the service's clock. */
const request = (label: string, holdMs = 30 * MINUTE_MS) => depositRequested(uniqueAddress(label), { now: clock(), holdMs });
const mailOf = async (appointmentId: string, kind: DepositMailKind, key?: string) =>
  (await file.svc.models.Mail.findById(depositMailId(appointmentId, kind, key)).lean()) ?? undefined;
const recordOf = (appointmentId: string) => file.svc.models.Deposit.findById(appointmentId).lean();
/** What Mailpit received, with the envelope recipients no header names (Bcc). */
const received = async (id: string) => (await mailpit.message(id)) as MailpitMessage & { Bcc?: MailpitAddress[] };
const subjectsTo = async (email: string, subject: RegExp) => (await mailpit.messagesTo(email)).filter((m) => subject.test(m.Subject));
/** Until the reminder of this request would have been due, and a little after. */
const pastReminderTime = (data: EventData<'booking.deposit.requested'>) =>
  sleep(Math.max(0, Date.parse(data.holdExpiresAt) - LEAD_MS - clock().getTime()) + 1000);

describe('the payment request', () => {
  it("goes to exactly the address the visitor typed, with the amount in pesos, what it is for, the hold's end in Manila time and the pay link", async () => {
    const data = request('pay-request');
    await publish('booking.deposit.requested', data);
    const [summary] = await mailsTo(mailpit, data.customerEmail, /pay your deposit/i);
    const message = await received(summary.ID);
    expect(message.To.map((t) => t.Address)).toEqual([data.customerEmail]);
    expect(message.Cc).toEqual([]);
    expect(message.Bcc ?? []).toEqual([]);
    expect(message.Subject).toBe('Pay your deposit to keep your time at Lumière Clinic');
    expect(message.Text).toContain('pay the deposit of ₱1,500.00 before then');
    expect(message.Text).toContain(`For: ${data.description}`);
    expect(message.Text).toContain(`We hold your time until ${manilaClock(new Date(data.holdExpiresAt))} (Manila time)`);
    expect(message.Text).toContain(`${PUBLIC_URL}/pay/${manageTokenOf(data.appointmentId)}`);
    // In the appointment's mail log, with its reminder waiting for its time.
    const log = await waitFor('the request recorded sent', async () => {
      const mails = await file.svc.mailLog(data.appointmentId);
      return mails.some((m) => m.kind === 'payment-request' && m.status === 'sent') && mails;
    });
    expect(log.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['payment-reminder', 'queued'],
      ['payment-request', 'sent'],
    ]);
    expect(log.find((m) => m.kind === 'payment-reminder')?.dueAt).toBe(new Date(Date.parse(data.holdExpiresAt) - LEAD_MS).toISOString());
  });

  it('is mailed once however often its event is delivered', async () => {
    const data = request('pay-twice');
    await publish('booking.deposit.requested', data);
    await mailsTo(mailpit, data.customerEmail, /pay your deposit/i);
    await publish('booking.deposit.requested', data);
    await publish('booking.deposit.requested', data);
    await sleep(1000);
    expect(await subjectsTo(data.customerEmail, /pay your deposit/i)).toHaveLength(1);
    expect(await file.svc.models.Mail.countDocuments({ appointmentId: data.appointmentId })).toBe(2);
  });
});

describe('the reminder of a hold', () => {
  it('is sent once before the hold ends when nothing came, with the pay link', async () => {
    const data = request('remind', 6000);
    await publish('booking.deposit.requested', data);
    const [summary] = await mailsTo(mailpit, data.customerEmail, /^Reminder: your time at Lumière Clinic is held until/);
    expect((await received(summary.ID)).Text).toContain(`${PUBLIC_URL}/pay/${manageTokenOf(data.appointmentId)}`);
    const sentAt = await waitFor('the reminder recorded sent', async () => (await mailOf(data.appointmentId, 'payment-reminder'))?.sentAt ?? undefined);
    expect(sentAt.getTime()).toBeLessThanOrEqual(Date.parse(data.holdExpiresAt));
    await sleep(1000);
    expect(await subjectsTo(data.customerEmail, /^Reminder/)).toHaveLength(1);
  });

  // Due 9 s after the request: the payment (or receipt) must be heard before that, even on a loaded machine.
  it('is not sent once the deposit was paid, and the receipt goes to the address of the request', async () => {
    const data = request('paid-early', 12_000);
    await publish('booking.deposit.requested', data);
    await waitFor('the reminder queued', () => mailOf(data.appointmentId, 'payment-reminder'));
    const payment = paid(data, clock());
    await publish('payments.payment.paid', payment);
    const [summary] = await mailsTo(mailpit, data.customerEmail, /^Receipt: ₱1,500\.00 paid to Lumière Clinic$/);
    const receipt = await received(summary.ID);
    expect(receipt.To.map((t) => t.Address)).toEqual([data.customerEmail]);
    expect(receipt.Text).toContain('Paid by: GCash');
    expect(receipt.Text).toContain('Your booking is confirmed: the confirmation with the calendar file follows');
    await pastReminderTime(data);
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await subjectsTo(data.customerEmail, /^Reminder/)).toEqual([]);
  });

  it('is not sent once a transfer receipt waits for staff, nor brought back by the hold booking extends for it', async () => {
    const data = request('receipt-sent', 12_000);
    await publish('booking.deposit.requested', data);
    await waitFor('the reminder queued', () => mailOf(data.appointmentId, 'payment-reminder'));
    const until = new Date(Date.parse(data.holdExpiresAt) + 4000).toISOString();
    await publish('payments.receipt.submitted', { ...paymentFacts(data, 'p1'), holdExpiresAt: until, referenceNumber: '1234 567 890', kind: 'gcash' });
    await waitFor('the reminder dropped', async () => (await mailOf(data.appointmentId, 'payment-reminder'))?.status === 'cancelled');
    await publish('booking.deposit.hold-extended', { appointmentId: data.appointmentId, holdExpiresAt: until });
    await waitFor('the hold extended', async () => (await recordOf(data.appointmentId))?.holdExpiresAt?.toISOString() === until);
    await pastReminderTime({ ...data, holdExpiresAt: until });
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await subjectsTo(data.customerEmail, /^Reminder/)).toEqual([]);
  });

  it("moves with booking's extension of the hold, rewritten for its new end, and is not brought back once paid", async () => {
    const data = request('extended', 10 * MINUTE_MS);
    await publish('booking.deposit.requested', data);
    await waitFor('the reminder queued', () => mailOf(data.appointmentId, 'payment-reminder'));
    const until = new Date(Date.parse(data.holdExpiresAt) + 20 * MINUTE_MS);
    await publish('booking.deposit.hold-extended', { appointmentId: data.appointmentId, holdExpiresAt: until.toISOString() });
    const moved = await waitFor('the reminder moved', async () => {
      const reminder = await mailOf(data.appointmentId, 'payment-reminder');
      return reminder?.dueAt.getTime() === until.getTime() - LEAD_MS && reminder;
    });
    expect(moved).toMatchObject({ status: 'queued', expiresAt: until, dueHour: until.toISOString().slice(0, 13) });
    expect(moved.text).toContain(`We hold your time until ${manilaClock(until)} (Manila time)`);

    await publish('payments.payment.paid', paid(data, clock()));
    await waitFor('the reminder dropped', async () => (await mailOf(data.appointmentId, 'payment-reminder'))?.status === 'cancelled');
    await publish('booking.deposit.hold-extended', { appointmentId: data.appointmentId, holdExpiresAt: new Date(until.getTime() + HOUR_MS).toISOString() });
    await waitFor('the later hold kept', async () => (await recordOf(data.appointmentId))?.holdExpiresAt?.getTime() === until.getTime() + HOUR_MS);
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ status: 'cancelled', dueAt: moved.dueAt });
  });

  it('queued before a restart is sent after it', async () => {
    const data = request('restart', 8000);
    await publish('booking.deposit.requested', data);
    await waitFor('the reminder queued', () => mailOf(data.appointmentId, 'payment-reminder'));
    await file.svc.stop();
    await file.svc.start();
    await mailsTo(mailpit, data.customerEmail, /^Reminder/);
    await waitFor('the reminder recorded sent', async () => (await mailOf(data.appointmentId, 'payment-reminder'))?.status === 'sent');
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ attempts: 1 });
  });
});

describe('after the payment', () => {
  it('a refund notice goes to the address of the request, with the amount refunded', async () => {
    const data = request('refund');
    await publish('booking.deposit.requested', data);
    const payment = paid(data, clock());
    await publish('payments.payment.paid', payment);
    await mailsTo(mailpit, data.customerEmail, /^Receipt/);
    await publish('payments.payment.refunded', refunded(payment));
    const [summary] = await mailsTo(mailpit, data.customerEmail, /^Refund: ₱1,500\.00 from Lumière Clinic$/);
    const notice = await received(summary.ID);
    expect(notice.To.map((t) => t.Address)).toEqual([data.customerEmail]);
    expect(notice.Text).toContain('Amount refunded: ₱1,500.00');
    // Delivered again: nothing more.
    await publish('payments.payment.refunded', refunded(payment));
    await sleep(1000);
    expect(await subjectsTo(data.customerEmail, /^Refund/)).toHaveLength(1);
  });

  it('a time lost to a late payment: the receipt promises nothing, the customer is told the deposit is refunded in full, and no reminder goes', async () => {
    const data = request('slot-lost');
    await publish('booking.deposit.requested', data);
    await waitFor('the reminder queued', () => mailOf(data.appointmentId, 'payment-reminder'));
    await publish('payments.payment.paid', paid(data, new Date(Date.parse(data.holdExpiresAt) + MINUTE_MS)));
    await publish('booking.deposit.released', { appointmentId: data.appointmentId, refund: 'full', reason: 'slot-lost' });
    const [lost] = await mailsTo(mailpit, data.customerEmail, /^We could not keep your time at Lumière Clinic$/);
    expect((await received(lost.ID)).Text).toContain('Your deposit of ₱1,500.00 is refunded in full');
    const [receipt] = await mailsTo(mailpit, data.customerEmail, /^Receipt/);
    expect((await received(receipt.ID)).Text).not.toContain('Your booking is confirmed');
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ status: 'cancelled' });
  });

  it('a payment heard of before its request: the receipt waits for the request, and no payment request is mailed', async () => {
    const data = request('paid-first');
    await publish('payments.payment.paid', paid(data, clock()));
    // The payment's handler closes the deposit, then fails for want of an address: the bus delivers it again.
    await waitFor('the deposit closed', async () => (await recordOf(data.appointmentId))?.closedBy === 'paid');
    await publish('booking.deposit.requested', data);
    await mailsTo(mailpit, data.customerEmail, /^Receipt/);
    expect(await mailOf(data.appointmentId, 'payment-request')).toBeUndefined();
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toBeUndefined();
  });

  it('a payment handled while its request was queueing its mails drops them', async () => {
    // The two events come on separate queues: the payment closes the deposit just after the
    // request wrote the record and just before it queued its mails.
    const { models } = file.svc;
    const deposits = new DepositStore(models);
    const deps = {
      mails: new MailStore(models),
      settings: new SettingsStore(models),
      limit: new RecipientLimit(models, LIMIT),
      publicUrl: PUBLIC_URL,
      reminderLeadMs: LEAD_MS,
      now: clock,
      queued: () => undefined,
      logger: silentLogger(),
    };
    const data = request('raced');
    const racing = Object.create(deposits) as DepositStore;
    racing.noteRequest = async (...args) => {
      const record = await deposits.noteRequest(...args);
      await new DepositMailer({ ...deps, deposits }).paid(paid(data, clock()));
      return record;
    };
    await new DepositMailer({ ...deps, deposits: racing }).requested(data);
    expect(await mailOf(data.appointmentId, 'payment-request')).toMatchObject({ status: 'cancelled' });
    expect(await mailOf(data.appointmentId, 'payment-reminder')).toMatchObject({ status: 'cancelled' });
  });

  it('a release for another reason (an unpaid booking cancelled) mails nothing and drops the reminder', async () => {
    const data = request('released');
    await publish('booking.deposit.requested', data);
    await mailsTo(mailpit, data.customerEmail, /pay your deposit/i);
    await publish('booking.deposit.released', { appointmentId: data.appointmentId, refund: 'none', reason: 'hold-expired' });
    await waitFor('the reminder dropped', async () => (await mailOf(data.appointmentId, 'payment-reminder'))?.status === 'cancelled');
    await sleep(500);
    expect((await mailpit.messagesTo(data.customerEmail)).map((m) => m.Subject)).toEqual(['Pay your deposit to keep your time at Lumière Clinic']);
  });
});

describe('the per-address limit', () => {
  it('mails at most the limit of payment requests to one address an hour, on any replica and in any letter case; the others are logged as not sent, with no reminder', async () => {
    const replica = await file.svc.addReplica();
    const email = uniqueAddress('flooded');
    const requests = [email, email.toUpperCase(), email, email].map((address) => depositRequested(address, { now: clock() }));
    await Promise.all(requests.map((data) => publish('booking.deposit.requested', data)));
    const requestMails = await waitFor('every request handled', async () => {
      const mails = await Promise.all(requests.map((data) => mailOf(data.appointmentId, 'payment-request')));
      return mails.every((m) => m !== undefined) && mails;
    });
    const refused = requestMails.filter((m) => m!.status === 'cancelled');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ attempts: 0, lastResponse: NOT_SENT.tooMany });
    expect(await mailOf(refused[0]!.appointmentId!, 'payment-reminder')).toBeUndefined();
    expect((await file.svc.mailLog(refused[0]!.appointmentId!))[0].outcome).toBe(NOT_SENT.tooMany);

    await mailsTo(mailpit, email, /pay your deposit/i, LIMIT);
    // A request delivered again keeps its place, and takes no other.
    const admitted = requests.find((r) => r.appointmentId !== refused[0]!.appointmentId)!;
    await publish('booking.deposit.requested', admitted);
    await sleep(1000);
    expect(await subjectsTo(email, /pay your deposit/i)).toHaveLength(LIMIT);
    expect(await file.svc.models.MailCount.findById(recipientCountOf(email, clock())._id).lean()).toMatchObject({ n: LIMIT });
    await replica.close();
    file.svc.replicas.splice(file.svc.replicas.indexOf(replica), 1);
  });
});

describe("a customer's deposits and privacy", () => {
  let probe: Awaited<ReturnType<typeof privacyProbe>>;
  beforeAll(async () => {
    probe = await privacyProbe(file.svc.replicas[0].ctx.config.BUS_EXCHANGE, 'notifications');
  });
  afterAll(() => probe.close());

  it('an access request gets what is kept of her deposits; an erasure forgets them with their mails, and a payment heard of after it mails nobody', async () => {
    const data = request('privacy');
    const hers = data.customerEmail;
    await publish('booking.deposit.requested', { ...data, customerName: 'Nina Ocampo' });
    await mailsTo(mailpit, hers, /pay your deposit/i);

    const { deposits } = await probe.access({ email: hers.toUpperCase() });
    expect(deposits).toEqual([
      expect.objectContaining({ appointmentId: data.appointmentId, customerName: 'Nina Ocampo', customerEmail: hers, amount: 150_000 }),
    ]);

    const counts = await probe.erase({ email: hers });
    expect(counts).toMatchObject({ deposits: 1, mails: 2 });
    const kept = JSON.stringify([await recordOf(data.appointmentId), await file.svc.models.Mail.find({ appointmentId: data.appointmentId }).lean()]);
    expect(kept).not.toContain(hers);
    expect(kept).not.toContain('Nina');
    expect(await file.svc.models.MailCount.countDocuments({ key: recipientCountOf(hers, clock()).key })).toBe(0);

    await publish('payments.payment.paid', paid(data, clock()));
    await waitFor('the payment handled', async () => (await recordOf(data.appointmentId))?.closedBy === 'paid');
    await sleep(500);
    expect(await file.svc.models.Mail.countDocuments({ appointmentId: data.appointmentId })).toBe(0);
    expect(await probe.erase({ email: hers })).toEqual({ mails: 0, appointments: 0, deposits: 0 });
  });

  it('retention forgets the deposits of appointments that started longer ago than customerMonths, with their mails', async () => {
    const data = request('retention');
    await publish('booking.deposit.requested', data);
    await mailsTo(mailpit, data.customerEmail, /pay your deposit/i);
    await probe.retention({ chatMonths: null, customerMonths: 2 }, 1);
    const models = file.svc.models;
    await waitFor('the setting kept', async () => (await retentionOf(models.RetentionCopy)).customerMonths === 2);
    const month = 31 * 24 * HOUR_MS;
    const start = Date.parse(data.startTime);
    await expireCustomerMails(models, new Date(start + month));
    expect(await recordOf(data.appointmentId)).toMatchObject({ erased: false, customerEmail: data.customerEmail });
    await expireCustomerMails(models, new Date(start + 3 * month));
    expect(await recordOf(data.appointmentId)).toMatchObject({ erased: true });
    expect(await recordOf(data.appointmentId)).not.toHaveProperty('customerEmail');
    expect(await models.Mail.countDocuments({ appointmentId: data.appointmentId })).toBe(0);
  });
});
