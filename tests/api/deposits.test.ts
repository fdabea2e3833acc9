// Deposits through the gateway, every service and the local PayMongo double: a treatment that
// asks ₱500 ahead is booked, held, paid on PayMongo's hosted page (or by a transfer staff
// confirm) and only then confirmed and mailed; a replayed or forged webhook changes nothing; a
// cancel before the change cut-off is refunded through PayMongo.
import { randomUUID } from 'node:crypto';
import type { Appointment, Payment, PaymentPage } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import { listenOn, mailpit, requireEnv, waitFor, type Listener } from '@bb/service-kit/testing';
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

beforeAll(async () => {
  token = await adminLogin();
  catalog = await depositTreatment(token, treatmentId, DEPOSIT);
  paidEvents = await listenOn('bb.events', ['payments.payment.paid'], 'deposit-system-test');
});
afterAll(async () => {
  await api(`/api/deposit-policies/${treatmentId}`, { method: 'PUT', token, body: { kind: 'none' } });
  await paidEvents.close();
  await catalog.close();
});

const isFree = (date: string, time: string) => isFreeOf(treatmentId, date, time);
const staffView = (id: string): Promise<Appointment> => staffViewOf(token, id);

async function book(label: string) {
  const email = address(label);
  return { ...(await bookTreatment(treatmentId, email)), email };
}

describe('a deposit through the gateway', () => {
  it('holds the slot unconfirmed, and once paid on PayMongo confirms and mails it, with one paid event however often the webhook comes', async () => {
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

    // PayMongo sends again what it sent (a replay, signed afresh) and someone posts a forged event.
    const events = (await (await fetch(`${paymongo()}/__control/events?type=checkout_session.payment.paid`)).json()) as {
      data: { id: string; resource_id: string }[];
    };
    const sent = events.data.find((e) => e.resource_id === sessionId);
    expect(sent).toBeDefined();
    expect((await fetch(`${paymongo()}/__control/events/${sent?.id}/redeliver`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      'the replay answered',
      async () => {
        const tries = (await (await fetch(`${paymongo()}/__control/deliveries?event=${sent?.id}`)).json()) as { data: { status_code: number }[] };
        return tries.data.filter((t) => t.status_code === 200).length >= 2;
      },
      30_000,
      200,
    );
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
});
