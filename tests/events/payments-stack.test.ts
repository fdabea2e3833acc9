// Payments in the running stack: booking's request announced on the broker, the visitor's pay
// page and PayMongo's checkout through the gateway, the payment on the local PayMongo double's
// page, and its webhook back through the gateway (registered by the launcher, signed by the
// double), ending in payments.payment.paid on the bus once.
import { randomBytes } from 'node:crypto';
import type { PaymentLinkView } from '@bb/contracts';
import { EventBus, manageLinkToken } from '@bb/service-kit';
import { listenOn, requireEnv, silentLogger, waitFor, type Listener } from '@bb/service-kit/testing';

const gateway = () => requireEnv('GATEWAY_URL');

let booking: EventBus;
let heard: Listener<'payments.payment.paid'>;
beforeAll(async () => {
  booking = new EventBus({ url: requireEnv('AMQP_URL'), exchange: 'bb.events', source: 'booking', logger: silentLogger() });
  await booking.start();
  heard = await listenOn('bb.events', ['payments.payment.paid'], 'booking');
});
afterAll(async () => {
  await heard.close();
  await booking.close();
});

describe('a deposit through the gateway and the PayMongo double', () => {
  it("is paid on PayMongo's page, and its signed webhook through the gateway makes it paid once", async () => {
    const appointmentId = randomBytes(12).toString('hex');
    const token = manageLinkToken(requireEnv('MANAGE_LINK_SECRET'), appointmentId);
    await booking.publish('booking.deposit.requested', {
      appointmentId,
      offeringType: 'clinic',
      amount: 50_000,
      currency: 'PHP',
      purpose: 'deposit',
      customerName: 'Paz Villanueva',
      customerEmail: `paz-${appointmentId}@example.com`,
      customerPhone: '0917 555 0202',
      description: 'Deposit: Hydrafacial',
      startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    const page = await waitFor('the pay page', async () => {
      const res = await fetch(`${gateway()}/api/payments/by-link/${token}`);
      return res.status === 200 ? ((await res.json()) as PaymentLinkView) : undefined;
    });
    expect(page).toMatchObject({ amount: 50_000, status: 'awaiting' });
    const checkout = await fetch(`${gateway()}/api/payments/by-link/${token}/checkout`, { method: 'POST' });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    expect(checkoutUrl.startsWith(`${requireEnv('PAYMONGO_URL')}/checkout/cs_`)).toBe(true);
    const paid = await fetch(`${requireEnv('PAYMONGO_URL')}/__control/checkout_sessions/${checkoutUrl.split('/').pop()}/outcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid', method: 'gcash' }),
    });
    expect(paid.status).toBe(200);
    await waitFor('paid announced', () => heard.received.some((e) => e.data.appointmentId === appointmentId), 15_000, 100);
    const after = (await (await fetch(`${gateway()}/api/payments/by-link/${token}`)).json()) as PaymentLinkView;
    expect(after.status).toBe('paid');
    await new Promise((r) => setTimeout(r, 500));
    expect(heard.received.filter((e) => e.data.appointmentId === appointmentId)).toHaveLength(1);
  });
});
