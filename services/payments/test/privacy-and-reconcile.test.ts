import { privacyProbe, waitFor } from '@bb/service-kit/testing';
import { heardOf, requestDeposit, saveSettings, startPayments, staffToken, statusBecomes, type PaymentsHarness } from './support/harness';

// The clock of this file's payments process: moved on to make the reconcile pass's time come.
let ahead = 0;
let h: PaymentsHarness;
let probe: Awaited<ReturnType<typeof privacyProbe>>;
beforeAll(async () => {
  h = await startPayments('pay_privacy', { RECONCILE_INTERVAL_MS: '200' }, () => new Date(Date.now() + ahead));
  probe = await privacyProbe(h.svc.ctx.config.BUS_EXCHANGE, 'payments');
  await saveSettings(h, {
    transferAccounts: [{ kind: 'gcash', bankName: '', accountName: 'Clinic', accountNumber: '0917 000 1111' }],
    reviewHoldMinutes: 60,
    paymongoMethods: ['gcash'],
  });
});
afterAll(async () => {
  await probe.close();
  await h.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 1)]);
const checkoutUrl = async (token: string) =>
  ((await (await fetch(`${h.url}/api/payments/by-link/${token}/checkout`, { method: 'POST' })).json()) as { checkoutUrl: string }).checkoutUrl;

describe("a customer's payments", () => {
  it('are answered to an access request by address in any case or by number however written, and nobody else', async () => {
    const { appointmentId } = await requestDeposit(h, { customerEmail: 'Rosa.Tan@Example.com', customerPhone: '0917 222 3333', customerName: 'Rosa Tan' });
    await requestDeposit(h, { customerEmail: 'vic@example.com', customerPhone: '0917 999 8888', customerName: 'Vic' });
    const byPhone = await probe.access({ phone: '+63 917-222-3333' });
    expect(byPhone.payments).toEqual([expect.objectContaining({ appointmentId, customerName: 'Rosa Tan', amountCentavos: 50_000, status: 'awaiting' })]);
    expect((await probe.access({ email: 'rosa.tan@example.com' })).payments).toHaveLength(1);
    expect(await probe.access({ email: 'nobody@example.com' })).toEqual({ payments: [] });
  });

  it('are anonymised by an erasure, receipt image and all, while amounts stay for the books', async () => {
    const { appointmentId, token } = await requestDeposit(h, { customerEmail: 'lou@example.com', customerName: 'Lou Reyes', customerPhone: '0917 111 2222' });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)]), 'r.png');
    form.append('referenceNumber', 'REF-1234');
    form.append('kind', 'gcash');
    expect((await fetch(`${h.url}/api/payments/by-link/${token}/receipt`, { method: 'POST', body: form })).status).toBe(201);
    const before = (await h.models.Payment.findOne({ appointmentId }).lean())!;
    expect(await probe.erase({ email: 'LOU@example.com' })).toEqual({ payments: 1, receipts: 1 });
    const after = (await h.models.Payment.findOne({ appointmentId }).lean())!;
    expect(after).toMatchObject({
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      amount: 50_000,
      status: 'in_review',
      receipt: { key: '', referenceNumber: 'REF-1234' },
    });
    expect(JSON.stringify(after).toLowerCase()).not.toContain('lou');
    const image = await fetch(`${h.url}/api/payments/${String(before._id)}/receipt`, {
      headers: { authorization: `Bearer ${staffToken('owner')}` },
    });
    expect(image.status).toBe(404);
    expect(await probe.erase({ email: 'lou@example.com' })).toEqual({ payments: 0, receipts: 0 });
  });
});

describe('the reconcile pass', () => {
  it('finds a payment whose webhook never came, and announces it once', async () => {
    const { appointmentId, token } = await requestDeposit(h, {}, 60);
    const url = await checkoutUrl(token);
    await h.paymongo.pause();
    try {
      await h.paymongo.outcome(url, 'paid', 'gcash');
      await new Promise((r) => setTimeout(r, 500));
      expect((await h.models.Payment.findOne({ appointmentId }).lean())!.status).toBe('awaiting');
      // Two minutes on: the pass's first look at the checkout is due.
      ahead = 2 * 60_000;
      await statusBecomes(h, appointmentId, 'paid');
      await waitFor('the pass to let it go', async () => (await h.models.Payment.findOne({ appointmentId }).lean())!.reconcileAt === undefined);
    } finally {
      ahead = 0;
      await h.paymongo.resume();
    }
    await waitFor('paid announced', () => heardOf(h, 'payments.payment.paid', appointmentId).length === 1);
    await waitFor('deliveries answered', async () => (await h.paymongo.deliveries()).every((d) => d.status_code !== null));
    expect(heardOf(h, 'payments.payment.paid', appointmentId)).toHaveLength(1);
  });
});
