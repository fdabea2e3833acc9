import { createHmac } from 'node:crypto';
import { api, commandLedger, waitFor } from '@bb/service-kit/testing';
import { heardOf, requestDeposit, startPayments, type PaymentsHarness } from './support/harness';

// Database commands per payment operation, on the service's own connection: the pay page, a
// checkout made at PayMongo (the double), and PayMongo's webhook saying it was paid. The
// outbox relay's periodic pass and the reconcile pass are an hour apart, so only the operation
// (and the event it publishes) counts.
let h: PaymentsHarness;
const ledger = commandLedger(() => h.svc.ctx.conn);

beforeAll(async () => {
  h = await startPayments('pay_budget', { OUTBOX_SWEEP_INTERVAL_MS: '3600000' });
  await ledger.settle();
});
afterAll(async () => {
  console.log(ledger.report());
  await h.close();
});

/** PayMongo's delivery of an event about `resource`, signed with the webhook's current secret. */
async function deliver(id: string, type: string, resource: unknown): Promise<void> {
  const body = JSON.stringify({ data: { id, type: 'event', attributes: { type, livemode: false, data: resource, previous_data: {} } } });
  const secret = h.svc.ctx.config.PAYMONGO_WEBHOOK_SECRET.split(',').pop() as string;
  const t = Math.floor(Date.now() / 1000);
  const te = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const res = await fetch(`${h.url}/api/payments/webhooks/paymongo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'paymongo-signature': `t=${t},te=${te},li=` },
    body,
  });
  expect(res.status).toBe(200);
}

describe('database commands per payment operation', () => {
  it('the pay page, a checkout, and the webhook of its payment', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    await ledger.settle();
    const page = await ledger.measure('pay page', async () => expect((await api(h.url, `/api/payments/by-link/${token}`)).status).toBe(200));
    expect(page.length).toBe(BUDGET.payPage);

    let checkoutUrl = '';
    const checkout = await ledger.measure('checkout made at PayMongo', async () => {
      const made = await api<{ checkoutUrl: string }>(h.url, `/api/payments/by-link/${token}/checkout`, { method: 'POST' });
      expect(made.status).toBe(200);
      checkoutUrl = made.body.checkoutUrl;
    });
    expect(checkout.length).toBe(BUDGET.checkout);

    // PayMongo's deliveries held back: its two events are sent one after the other below, signed
    // as it signs them, so each one's commands are its own (sent together, they interleave).
    await h.paymongo.pause();
    await h.paymongo.outcome(checkoutUrl, 'paid');
    const session = (await h.paymongo.session(checkoutUrl)) as { attributes: { payments: unknown[] } };
    const [sessionEvent] = await h.paymongo.events('checkout_session.payment.paid');
    const [paymentEvent] = await h.paymongo.events('payment.paid');
    const first = await ledger.measure('webhook checkout_session.payment.paid: paid', async () => {
      await deliver(sessionEvent.id, 'checkout_session.payment.paid', session);
      await waitFor('the paid event published', async () => heardOf(h, 'payments.payment.paid', appointmentId).length === 1);
    });
    expect(first.length).toBe(BUDGET.paid);
    const second = await ledger.measure('webhook payment.paid after it: nothing to move', () =>
      deliver(paymentEvent.id, 'payment.paid', session.attributes.payments[0]),
    );
    expect(second.length).toBe(BUDGET.paidAgain);
    const replay = await ledger.measure('webhook checkout_session.payment.paid replayed', () =>
      deliver(sessionEvent.id, 'checkout_session.payment.paid', session),
    );
    expect(replay.length).toBe(BUDGET.replay);
    expect((await h.models.Payment.findOne({ appointmentId }).lean())?.status).toBe('paid');
    expect(heardOf(h, 'payments.payment.paid', appointmentId)).toHaveLength(1);
  });
});

/**
 * What each operation sends, as measured; a change either way should be looked at. The pay
 * page: the payment by its appointment, the settings. A checkout: the payment, the claim of the
 * checkout (a guarded update), the settings (its methods), the session stored under that claim
 * (a guarded update). PayMongo's paid event: whether its id was handled, the payment by the id in
 * its metadata, the payment read again by the state machine (the status its guarded write
 * expects), the move to paid with its event in the outbox (findAndModify), the event's id
 * recorded, and the relay's lease of the document (findAndModify) and its release once the event
 * is published (update). The payment's own payment.paid after that: handled?, the payment (already
 * paid: PayMongo is not asked), recorded. The same event again: handled?, and nothing else.
 */
const BUDGET = { payPage: 2, checkout: 4, paid: 7, paidAgain: 3, replay: 1 };
