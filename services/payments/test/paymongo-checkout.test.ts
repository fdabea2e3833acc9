import type { Payment } from '@bb/contracts';
import { api, waitFor } from '@bb/service-kit/testing';
import {
  depositRequest,
  heardOf,
  newAppointmentId,
  requestDeposit,
  saveSettings,
  startPayments,
  staffToken,
  statusBecomes,
  tokenOf,
  viewOf,
  type PaymentsHarness,
} from './support/harness';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPayments('pay_checkout');
});
afterAll(() => h.close());

const checkout = (token: string) =>
  api<{ checkoutUrl: string; message?: string }>(h.url, `/api/payments/by-link/${token}/checkout`, { method: 'POST', body: {} });
const paymentOf = async (appointmentId: string) => (await h.models.Payment.findOne({ appointmentId }).lean())!;
/** A payment without the relay's own fields, which change as its events leave. */
const withoutRelay = ({ outbox: _o, outboxPending: _p, outboxLockedUntil: _l, outboxAttempts: _a, ...rest }: Awaited<ReturnType<typeof paymentOf>>) => rest;
/** Every delivery of an event type has been answered (2xx or not), none still owed. */
const settled = () => waitFor('deliveries to settle', async () => (await h.paymongo.deliveries()).every((d) => d.status_code !== null));

describe('the pay page of a booking', () => {
  it('is not found until booking asked for a payment, nor for a token we did not make', async () => {
    const early = await api<{ message: string }>(h.url, `/api/payments/by-link/${tokenOf(newAppointmentId())}`);
    expect(early.status).toBe(404);
    expect(early.body.message).toMatch(/No payment is waiting/);
    const forged = `${tokenOf(newAppointmentId()).slice(0, 31)}A`;
    expect((await api(h.url, `/api/payments/by-link/${forged}`)).status).toBe(404);
    expect((await api(h.url, `/api/payments/by-link/not-a-token`)).status).toBe(400);
  });

  it("shows booking's amount, the hold and the methods offered; a request redelivered is one payment", async () => {
    await saveSettings(h, {
      transferAccounts: [{ kind: 'gcash', bankName: '', accountName: 'Lumière Clinic', accountNumber: '0917 000 1111' }],
      reviewHoldMinutes: 120,
      paymongoMethods: ['gcash', 'card'],
    });
    const { appointmentId, token } = await requestDeposit(h, { amount: 75_000 });
    await h.booking.publish('booking.deposit.requested', depositRequest(appointmentId, { amount: 1 }));
    const view = await viewOf(h, token);
    expect(view).toMatchObject({
      amount: 75_000,
      currency: 'PHP',
      purpose: 'deposit',
      status: 'awaiting',
      methods: { paymongo: ['gcash', 'card'], transfer: true },
    });
    expect(view.transferAccounts).toEqual([{ kind: 'gcash', bankName: '', accountName: 'Lumière Clinic', accountNumber: '0917 000 1111' }]);
    expect(JSON.stringify(view)).not.toContain('mia.cruz@example.com');
    await new Promise((r) => setTimeout(r, 300));
    expect(await h.models.Payment.countDocuments({ appointmentId })).toBe(1);
    expect((await paymentOf(appointmentId)).amount).toBe(75_000);
  });
});

describe("PayMongo's checkout", () => {
  it('is one session however many times it is asked for at once, and the same page again after', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(token)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const urls = new Set(answers.map((a) => a.body.checkoutUrl));
    expect(urls.size).toBe(1);
    const [url] = urls;
    expect(url).toMatch(new RegExp(`^${h.paymongo.env.PAYMONGO_URL}/checkout/cs_`));
    expect((await paymentOf(appointmentId)).paymongo.sessionIds).toHaveLength(1);
    expect((await checkout(token)).body.checkoutUrl).toBe(url);
    const session = await h.paymongo.session(url);
    expect(session.attributes).toMatchObject({
      line_items: [expect.objectContaining({ amount: 50_000, currency: 'PHP' })],
      success_url: `https://booking.example.com/pay/${token}?result=success`,
      cancel_url: `https://booking.example.com/pay/${token}?result=cancelled`,
    });
  });

  it('paid on the checkout page: the webhook makes it paid, announced once', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.outcome(url, 'paid', 'gcash');
    await statusBecomes(h, appointmentId, 'paid');
    await waitFor('paid announced', () => heardOf(h, 'payments.payment.paid', appointmentId).length === 1);
    await settled();
    const paid = heardOf(h, 'payments.payment.paid', appointmentId);
    expect(paid).toHaveLength(1);
    expect(paid[0].data).toMatchObject({ amount: 50_000, currency: 'PHP', method: 'paymongo', methodType: 'gcash', customerEmail: 'mia.cruz@example.com' });
    expect(await viewOf(h, token)).toMatchObject({ status: 'paid', methods: { paymongo: [], transfer: false } });
    const again = await checkout(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already paid/);
    // Both events were delivered and answered 200 (the second found nothing more to do).
    const deliveries = await h.paymongo.deliveries();
    expect(deliveries.filter((d) => ['payment.paid', 'checkout_session.payment.paid'].includes(d.event_type)).map((d) => d.status_code)).toEqual(
      expect.arrayContaining([200, 200]),
    );
  });

  it('a failed attempt is announced once and leaves the payment awaiting', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.outcome(url, 'failed', 'card');
    await waitFor('failure announced', () => heardOf(h, 'payments.payment.failed', appointmentId).length === 1);
    const [failed] = await h.paymongo.events('payment.failed');
    await h.paymongo.redeliver(failed.id);
    await settled();
    expect(heardOf(h, 'payments.payment.failed', appointmentId)).toHaveLength(1);
    expect((await paymentOf(appointmentId)).status).toBe('awaiting');
    expect((await checkout(token)).body.checkoutUrl).toBe(url);
  });

  it('a webhook replayed, resent later or badly signed changes nothing', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.outcome(url, 'paid', 'card');
    await statusBecomes(h, appointmentId, 'paid');
    await settled();
    const before = await paymentOf(appointmentId);
    const events = (await h.paymongo.events()).filter((e) => e.resource_id === url.split('/').pop() || e.resource_id === before.paymongo.paymentId);
    expect(events.map((e) => e.type).sort()).toEqual(['checkout_session.payment.paid', 'payment.paid']);
    for (const e of events) await h.paymongo.redeliver(e.id);
    for (const e of events) {
      expect(await h.paymongo.deliverRaw(e.id, null)).toBe(401);
      expect(await h.paymongo.deliverRaw(e.id, `t=${Math.floor(Date.now() / 1000)},te=${'0'.repeat(64)},li=`)).toBe(401);
      expect(await h.paymongo.deliverRaw(e.id, 'nonsense')).toBe(401);
    }
    await settled();
    expect(heardOf(h, 'payments.payment.paid', appointmentId)).toHaveLength(1);
    expect(withoutRelay(await paymentOf(appointmentId))).toEqual(withoutRelay(before));
  });

  it('a signed body of a stranger, or a forged one, is refused 401 with JSON and changes nothing', async () => {
    const forged = await api<{ message: string }>(h.url, '/api/payments/webhooks/paymongo', {
      method: 'POST',
      body: {
        data: {
          id: 'evt_forged',
          type: 'event',
          attributes: { type: 'payment.paid', livemode: false, data: { id: 'pay_x', type: 'payment', attributes: {} } },
        },
      },
      headers: { 'paymongo-signature': `t=${Math.floor(Date.now() / 1000)},te=${'ab'.repeat(32)},li=` },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toMatch(/does not match/);
    expect(await h.models.WebhookEvent.exists({ _id: 'evt_forged' })).toBeNull();
  });

  it('released with a full refund: refunded through PayMongo, announced with its reason', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.outcome(url, 'paid', 'card');
    await statusBecomes(h, appointmentId, 'paid');
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'full', reason: 'cancelled-by-customer' });
    await statusBecomes(h, appointmentId, 'refunded');
    await waitFor('refund announced', () => heardOf(h, 'payments.payment.refunded', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)[0].data).toMatchObject({
      amount: 50_000,
      reason: 'cancelled-by-customer',
      by: 'booking',
      method: 'paymongo',
    });
    const doc = await paymentOf(appointmentId);
    expect(doc.refunds).toEqual([expect.objectContaining({ amount: 50_000, status: 'succeeded', paymongoRefundId: expect.stringMatching(/^ref_/) })]);
    // Released again (a redelivery): nothing more.
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'full', reason: 'cancelled-by-customer' });
    await settled();
    await new Promise((r) => setTimeout(r, 500));
    expect((await paymentOf(appointmentId)).refunds).toHaveLength(1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)).toHaveLength(1);
  });

  it('released without a refund: kept; an owner may still refund it later', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.outcome(url, 'paid', 'gcash');
    await statusBecomes(h, appointmentId, 'paid');
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'none', reason: 'cancelled-by-customer' });
    await statusBecomes(h, appointmentId, 'kept');
    const { _id } = await paymentOf(appointmentId);
    const refused = await api(h.url, `/api/payments/${String(_id)}/refunds`, { method: 'POST', body: {}, token: staffToken('receptionist') });
    expect(refused.status).toBe(403);
    const refunded = await api<Payment>(h.url, `/api/payments/${String(_id)}/refunds`, {
      method: 'POST',
      body: { note: 'goodwill' },
      token: staffToken('owner'),
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.status).toMatch(/refunding|refunded/);
    await statusBecomes(h, appointmentId, 'refunded');
    await waitFor('refund announced', () => heardOf(h, 'payments.payment.refunded', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)[0].data).toMatchObject({ reason: 'by-staff', by: 'owner-1' });
    await waitFor('audited', () => h.heard.received.some((e) => e.type === 'audit.recorded' && (e.data as { action: string }).action === 'payment-refunded'));
    expect((await api(h.url, `/api/payments/${String(_id)}/refunds`, { method: 'POST', body: {}, token: staffToken('owner') })).status).toBe(409);
  });

  it('released unpaid: expired, its checkout page expired at PayMongo, and no checkout any more', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'none', reason: 'hold-expired' });
    await statusBecomes(h, appointmentId, 'expired');
    await waitFor('the session expired at PayMongo', async () => (await h.paymongo.session(url)).attributes.status === 'expired');
    await waitFor('expiry announced', () => heardOf(h, 'payments.payment.expired', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.expired', appointmentId).map((e) => e.data.reason)).toEqual(['hold-expired']);
    const late = await checkout(token);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/run out/);
  });

  it('events reordered and replayed (a refund before the payment it refunds) end in one paid and one refunded', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.pause();
    try {
      await h.paymongo.outcome(url, 'paid', 'gcash');
      // The visitor comes back and asks again before any webhook: payments reads the session.
      expect((await checkout(token)).status).toBe(409);
      expect((await paymentOf(appointmentId)).status).toBe('paid');
      await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'full', reason: 'cancelled-by-staff' });
      await waitFor('the refund asked of PayMongo', async () => (await paymentOf(appointmentId)).refunds[0]?.paymongoRefundId);
      await waitFor('the refund settled at PayMongo', async () => (await h.paymongo.events('payment.refund.updated')).length > 0);
    } finally {
      await h.paymongo.resume();
    }
    await statusBecomes(h, appointmentId, 'refunded');
    await settled();
    // Now the oldest events once more, after the newest.
    const doc = await paymentOf(appointmentId);
    for (const e of (await h.paymongo.events()).filter((x) => x.resource_id === doc.paymongo.paymentId || x.resource_id === url.split('/').pop()))
      await h.paymongo.redeliver(e.id);
    await settled();
    await waitFor('refund announced', () => heardOf(h, 'payments.payment.refunded', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.paid', appointmentId)).toHaveLength(1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)).toHaveLength(1);
    expect((await paymentOf(appointmentId)).status).toBe('refunded');
  });

  it('paid after the release (the hold ran out as the visitor paid): paid all the same, for booking to decide', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const url = (await checkout(token)).body.checkoutUrl;
    await h.paymongo.pause();
    try {
      await h.paymongo.outcome(url, 'paid', 'gcash');
      await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'none', reason: 'hold-expired' });
      // The release tries to expire the session, which PayMongo refuses: it was paid.
      await statusBecomes(h, appointmentId, 'paid');
    } finally {
      await h.paymongo.resume();
    }
    await waitFor('expiry announced', () => heardOf(h, 'payments.payment.expired', appointmentId).length === 1);
    await waitFor('paid announced', () => heardOf(h, 'payments.payment.paid', appointmentId).length === 1);
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'none', reason: 'slot-lost' });
    await statusBecomes(h, appointmentId, 'refunded');
    await waitFor('refund announced', () => heardOf(h, 'payments.payment.refunded', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)[0].data.reason).toBe('slot-lost');
  });
});
