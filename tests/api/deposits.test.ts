// Deposits through the gateway, every service and the local PayMongo double: a treatment that
// asks ₱500 ahead is booked, held, paid on PayMongo's hosted page (or by a transfer staff
// confirm) and only then confirmed and mailed; a replayed or forged webhook changes nothing; a
// cancel before the change cut-off is refunded through PayMongo, one inside it kept until a
// manager refunds it; an abandoned hold lapses by itself.
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import type { Appointment, BookedAppointment, Mail, Payment, PaymentPage, Settings } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import { adminToken, listenOn, mailpit, requireEnv, uniquePhone, waitFor, type Listener } from '@bb/service-kit/testing';
import {
  adminLogin,
  api,
  bookTreatment,
  depositTreatment,
  gateway,
  isFree as isFreeOf,
  pageOnce,
  payOnPayMongo,
  payPage,
  runAddress,
  staffView as staffViewOf,
} from './support';

const treatmentId = `deposit-${randomUUID()}`;
const DEPOSIT = 50_000;
const address = runAddress('deposit');
const paymongo = () => requireEnv('PAYMONGO_URL');

let token: string;
let catalog: EventBus;
let paidEvents: Listener<'payments.payment.paid'>;
let conn: Connection;

beforeAll(async () => {
  token = await adminLogin();
  conn = await mongoose.createConnection(requireEnv('MONGO_URL')).asPromise();
  catalog = await depositTreatment(token, treatmentId, DEPOSIT);
  paidEvents = await listenOn('bb.events', ['payments.payment.paid'], 'deposit-system-test');
});
afterAll(async () => {
  await api(`/api/deposit-policies/${treatmentId}`, { method: 'PUT', token, body: { kind: 'none' } });
  await paidEvents.close();
  await catalog.close();
  await conn.close();
});

const isFree = (date: string, time: string) => isFreeOf(treatmentId, date, time);
const staffView = (id: string): Promise<Appointment> => staffViewOf(token, id);

async function book(label: string) {
  const email = address(label);
  return { ...(await bookTreatment(treatmentId, email)), email };
}

/** The collection named, in whichever database the stack gave its service: the one holding a document that matches. */
async function collectionHolding<T extends { _id: unknown } = { _id: mongoose.Types.ObjectId }>(collection: string, filter: mongoose.mongo.Filter<T>) {
  const { databases } = await conn.db!.admin().listDatabases();
  for (const { name } of databases) {
    const found = conn.useDb(name, { useCache: true }).collection<T>(collection);
    if (await found.findOne(filter)) return found;
  }
  throw new Error(`no database holds ${collection} ${JSON.stringify(filter)}`);
}

/**
 * The hold's minutes pass for an appointment waiting for its deposit: every service's copy of
 * its end moves to a moment ago (booking's appointment and its ledger entry, payments' payment,
 * notifications' deposit and its reminder). What then happens is each service's own reading of
 * a lapsed hold: nothing is deleted here.
 */
async function lapseHold(appointmentId: string): Promise<void> {
  const past = new Date(Date.now() - 1000);
  const _id = new mongoose.Types.ObjectId(appointmentId);
  await (await collectionHolding('appointments', { _id })).updateOne({ _id }, { $set: { 'payment.holdExpiresAt': past } });
  const holder = `h.a${appointmentId}`;
  const ledger = await collectionHolding<{ _id: string; h: Record<string, string> }>('ledger', { [holder]: { $exists: true } });
  for (const month of await ledger.find({ [holder]: { $exists: true } }).toArray()) {
    // The entry `p <expiry> <blocks…>` (booking's encodeEntry) with the expiry a moment ago.
    const [state, , ...blocks] = month.h[`a${appointmentId}`].split(' ');
    expect(state).toBe('p');
    await ledger.updateOne({ _id: month._id }, { $set: { [holder]: [state, past.toISOString(), ...blocks].join(' ') } });
  }
  await (await collectionHolding('payments', { appointmentId })).updateOne({ appointmentId }, { $set: { holdExpiresAt: past } });
  await (await collectionHolding<{ _id: string }>('deposits', { _id: appointmentId })).updateOne({ _id: appointmentId }, { $set: { holdExpiresAt: past } });
  const reminder = { appointmentId, kind: 'payment-reminder', status: 'queued' };
  await (
    await collectionHolding('mails', reminder)
  ).updateOne(reminder, {
    $set: { dueAt: past, dueHour: past.toISOString().slice(0, 13), expiresAt: past },
  });
}

/** Moves the appointment's time in booking's database (its places stay where they were booked): only the change cut-off reads it here. */
async function moveStart(appointmentId: string, start: Date): Promise<void> {
  const _id = new mongoose.Types.ObjectId(appointmentId);
  await (await collectionHolding('appointments', { _id })).updateOne({ _id }, { $set: { startTime: start, endTime: new Date(start.getTime() + 3600_000) } });
}

const mailLog = async (appointmentId: string) => (await api<Mail[]>(`/api/appointments/${appointmentId}/mails`, { token })).body;

describe('a deposit through the gateway', () => {
  it('holds the slot unconfirmed, and once paid on PayMongo confirms and mails it, with one paid event however often and in whatever order the webhook comes', async () => {
    const { booked, email, date, time } = await book('paid');
    expect(booked.payment).toMatchObject({ state: 'awaiting', amount: DEPOSIT });
    expect(await isFree(date, time)).toBe(false);
    const page = await pageOnce(booked.manageToken as string);
    expect(page).toMatchObject({ amount: DEPOSIT, status: 'awaiting' });
    await mailpit.waitForMails(email, /^Pay your deposit to keep your time/);
    // Nothing confirmed before the money: no booking mail yet.
    expect((await mailpit.messagesTo(email)).map((m) => m.Subject).filter((subject) => /^Appointment request received/.test(subject))).toEqual([]);

    const sessionId = await payOnPayMongo(booked.manageToken as string);
    await waitFor('the appointment paid', async () => (await staffView(booked.id)).payment?.state === 'paid', 30_000, 500);
    expect(await isFree(date, time)).toBe(false);
    await mailpit.waitForMails(email, /^Receipt: ₱500\.00 paid to/);
    await mailpit.waitForMails(email, /^Appointment request received/);

    // PayMongo sends again what it sent (replays, signed afresh), in the other order: the
    // payment's event first, then the session's; and someone posts a forged event.
    const eventOf = async (type: string, resourceId: string | null | undefined) => {
      const events = (await (await fetch(`${paymongo()}/__control/events?type=${type}`)).json()) as { data: { id: string; resource_id: string }[] };
      const found = events.data.find((e) => e.resource_id === resourceId);
      if (!found) throw new Error(`no ${type} event of ${resourceId}`);
      return found.id;
    };
    const paymentId = (await api<PaymentPage>(`/api/payments?search=${booked.id}`, { token })).body.payments[0]?.paymongo.paymentId;
    const sent = [await eventOf('payment.paid', paymentId), await eventOf('checkout_session.payment.paid', sessionId)];
    for (const id of sent) {
      expect((await fetch(`${paymongo()}/__control/events/${id}/redeliver`, { method: 'POST' })).status).toBe(200);
      await waitFor(
        'the replay answered',
        async () => {
          const tries = (await (await fetch(`${paymongo()}/__control/deliveries?event=${id}`)).json()) as { data: { status_code: number }[] };
          return tries.data.filter((t) => t.status_code === 200).length >= 2;
        },
        30_000,
        200,
      );
    }
    const forged = await fetch(`${gateway()}/api/payments/webhooks/paymongo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paymongo-signature': `t=${Math.floor(Date.now() / 1000)},te=${'0'.repeat(64)},li=` },
      body: JSON.stringify({ data: { id: 'evt_forged', type: 'event', attributes: { type: 'payment.paid', livemode: false, data: {} } } }),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: expect.any(String) });
    await new Promise((r) => setTimeout(r, 1000));
    expect(paidEvents.received.filter((e) => e.data.appointmentId === booked.id)).toHaveLength(1);
    expect((await staffView(booked.id)).payment?.state).toBe('paid');
  });

  it('refunds in full through PayMongo when the customer cancels before the change cut-off', async () => {
    const { booked, date, time } = await book('cancel');
    await pageOnce(booked.manageToken as string);
    await payOnPayMongo(booked.manageToken as string);
    await waitFor('paid', async () => (await staffView(booked.id)).payment?.state === 'paid', 30_000, 500);
    const cancelled = await api(`/api/manage/${booked.manageToken}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    await waitFor('refunded', async () => (await staffView(booked.id)).payment?.state === 'refunded', 30_000, 500);
    expect((await payPage(booked.manageToken as string)).body).toMatchObject({ status: 'refunded', refundedAmount: DEPOSIT });
    expect(await isFree(date, time)).toBe(true);
  });

  it('takes a transfer receipt, and confirms the booking once the front desk confirms the transfer', async () => {
    const { booked } = await book('transfer');
    const page = await pageOnce(booked.manageToken as string);
    expect(page.methods.transfer).toBe(true);
    const form = new FormData();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    form.append('image', new Blob([new Uint8Array(png)]), 'receipt.png');
    form.append('referenceNumber', '5012 3344 9');
    form.append('kind', 'gcash');
    const sent = await fetch(`${gateway()}/api/payments/by-link/${booked.manageToken}/receipt`, { method: 'POST', body: form });
    expect(sent.status).toBe(201);
    const list = await api<PaymentPage>(`/api/payments?status=in_review&search=${encodeURIComponent('5012 3344 9')}`, { token });
    expect(list.status).toBe(200);
    const payment = list.body.payments.find((p) => p.appointmentId === booked.id) as Payment;
    expect(payment).toBeDefined();
    const confirmed = await api(`/api/payments/${payment.id}/transfer-confirmation`, { method: 'POST', token });
    expect(confirmed.status).toBe(200);
    await waitFor('paid by transfer', async () => (await staffView(booked.id)).payment?.state === 'paid', 30_000, 500);
  });

  it('lets the visitor pay again after staff reject a receipt, and keeps the slot held meanwhile', async () => {
    const { booked, date, time } = await book('rejected');
    await pageOnce(booked.manageToken as string);
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 9)]))]),
      'r.png',
    );
    form.append('referenceNumber', '7777 0000 1');
    form.append('kind', 'gcash');
    expect((await fetch(`${gateway()}/api/payments/by-link/${booked.manageToken}/receipt`, { method: 'POST', body: form })).status).toBe(201);
    const payment = (await api<PaymentPage>(`/api/payments?search=${encodeURIComponent('7777 0000 1')}`, { token })).body.payments[0];
    const rejected = await api(`/api/payments/${payment.id}/transfer-rejection`, {
      method: 'POST',
      token,
      body: { reason: 'The amount on the receipt is ₱50.' },
    });
    expect(rejected.status).toBe(200);
    const after = (await payPage(booked.manageToken as string)).body;
    expect(after).toMatchObject({ status: 'awaiting', receipt: { rejectionReason: 'The amount on the receipt is ₱50.' } });
    expect((await staffView(booked.id)).payment?.state).toBe('awaiting');
    expect(await isFree(date, time)).toBe(false);
  });

  it('lets an abandoned hold lapse: the slot free again, the payment expired, nothing mailed but the payment request', async () => {
    const { booked, email, date, time } = await book('abandoned');
    await pageOnce(booked.manageToken as string);
    await mailpit.waitForMails(email, /^Pay your deposit to keep your time/);
    // The reminder is planned for 5 minutes before the hold's end (15 minutes by default): queued, not sent yet.
    await waitFor('the reminder queued', async () => (await mailLog(booked.id)).some((m) => m.kind === 'payment-reminder' && m.status === 'queued'));

    await lapseHold(booked.id);
    expect(await isFree(date, time)).toBe(true);
    expect((await staffView(booked.id)).payment?.state).toBe('expired');
    expect((await payPage(booked.manageToken as string)).body).toMatchObject({ status: 'expired', methods: { paymongo: [], transfer: false } });
    const checkout = await api(`/api/payments/by-link/${booked.manageToken}/checkout`, { method: 'POST' });
    expect(checkout.status).toBe(409);
    const listed = await api<PaymentPage>(`/api/payments?status=expired&search=${booked.id}`, { token });
    expect(listed.body.payments.map((p) => [p.appointmentId, p.status])).toEqual([[booked.id, 'expired']]);
    expect((await api<PaymentPage>(`/api/payments?status=awaiting&search=${booked.id}`, { token })).body.payments).toEqual([]);
    // The reminder's time has passed with the hold: notifications drops it unsent.
    const log = await waitFor('the reminder dropped', async () => {
      const mails = await mailLog(booked.id);
      return mails.find((m) => m.kind === 'payment-reminder')?.status === 'cancelled' && mails;
    });
    expect(log.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['payment-reminder', 'cancelled'],
      ['payment-request', 'sent'],
    ]);
    expect((await mailpit.messagesTo(email)).map((m) => m.Subject)).toEqual([expect.stringMatching(/^Pay your deposit to keep your time/)]);

    // Another visitor books the time: the lapsed entry is cleared by their claim.
    const other = await api<BookedAppointment>('/api/appointments', {
      method: 'POST',
      body: {
        firstName: 'Nina',
        lastName: 'Cruz',
        email: address('after-lapse'),
        contact: uniquePhone(),
        preferredDate: date,
        preferredTime: time,
        treatments: [treatmentId],
        offeringType: 'clinic',
      },
    });
    expect(other.status).toBe(201);
    expect(await isFree(date, time)).toBe(false);
  });

  it('keeps the deposit on a cancel inside the change cut-off, until a manager refunds it (a receptionist may not)', async () => {
    const { booked, email, date, time } = await book('kept');
    await pageOnce(booked.manageToken as string);
    const sessionId = await payOnPayMongo(booked.manageToken as string);
    await waitFor('paid', async () => (await staffView(booked.id)).payment?.state === 'paid', 30_000, 500);
    const { changeCutoffHours } = (await api<Settings>('/api/settings/clinic', { token })).body;
    expect(changeCutoffHours).toBeGreaterThan(0);
    await moveStart(booked.id, new Date(Date.now() + (changeCutoffHours * 3600_000) / 2));

    const cancelled = await api(`/api/manage/${booked.manageToken}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    await waitFor('kept', async () => (await staffView(booked.id)).payment?.state === 'kept', 30_000, 500);
    const payment = await waitFor('the payment kept', async () => {
      const found = (await api<PaymentPage>(`/api/payments?search=${booked.id}`, { token })).body.payments[0];
      return found?.status === 'kept' && found;
    });
    expect(payment.refunds).toEqual([]);
    const atPaymongo = async () =>
      (
        (await (await fetch(`${paymongo()}/__control/checkout_sessions/${sessionId}`)).json()) as {
          data: { attributes: { payments: { attributes: { refunds: { attributes: { amount: number; status: string } }[] } }[] } };
        }
      ).data.attributes.payments[0].attributes.refunds;
    expect(await atPaymongo()).toEqual([]);
    expect(await isFree(date, time)).toBe(true);

    const receptionist = adminToken({ secret: requireEnv('JWT_SECRET'), role: 'receptionist', username: 'deposit-desk' });
    const refused = await api(`/api/payments/${payment.id}/refunds`, { method: 'POST', token: receptionist, body: {} });
    expect(refused.status).toBe(403);
    expect((await api<Payment>(`/api/payments/${payment.id}`, { token })).body).toMatchObject({ status: 'kept', refunds: [] });

    const manager = adminToken({ secret: requireEnv('JWT_SECRET'), role: 'manager', username: 'deposit-manager' });
    const refunded = await api<Payment>(`/api/payments/${payment.id}/refunds`, {
      method: 'POST',
      token: manager,
      body: { note: 'Goodwill: a family emergency.' },
    });
    expect(refunded.status).toBe(201);
    await waitFor(
      'refunded',
      async () =>
        (await api<Payment>(`/api/payments/${payment.id}`, { token })).body.status === 'refunded' && (await staffView(booked.id)).payment?.state === 'refunded',
      60_000,
      500,
    );
    expect(await atPaymongo()).toEqual([expect.objectContaining({ attributes: expect.objectContaining({ amount: DEPOSIT, status: 'succeeded' }) })]);
    await mailpit.waitForMails(email, /^Refund: ₱500\.00 from/);
  });
});
