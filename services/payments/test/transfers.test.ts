import type { Payment, PaymentLinkView, PaymentPage } from '@bb/contracts';
import { api, waitFor } from '@bb/service-kit/testing';
import { heardOf, requestDeposit, saveSettings, startPayments, staffToken, statusBecomes, type PaymentsHarness } from './support/harness';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPayments('pay_transfer');
  await saveSettings(h, {
    transferAccounts: [
      { kind: 'gcash', bankName: '', accountName: 'Lumière Clinic', accountNumber: '0917 000 1111' },
      { kind: 'bank', bankName: 'BPI', accountName: 'Lumière Clinic Inc.', accountNumber: '1234-5678-90' },
    ],
    reviewHoldMinutes: 180,
    paymongoMethods: ['gcash'],
  });
});
afterAll(() => h.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);

async function sendReceipt(
  token: string,
  { image = PNG as Buffer | null, name = 'receipt.png', referenceNumber = '1029 3847 5610' as unknown, kind = 'gcash' as unknown } = {},
) {
  const form = new FormData();
  if (image) form.append('image', new Blob([new Uint8Array(image)]), name);
  if (referenceNumber !== null) form.append('referenceNumber', String(referenceNumber));
  if (kind !== null) form.append('kind', String(kind));
  const res = await fetch(`${h.url}/api/payments/by-link/${token}/receipt`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as PaymentLinkView & { message?: string } };
}
const paymentIdOf = async (appointmentId: string) => String((await h.models.Payment.findOne({ appointmentId }).lean())!._id);
const staffCall = <T>(method: string, path: string, role: Parameters<typeof staffToken>[0], body?: unknown) =>
  api<T>(h.url, path, { method, body, token: staffToken(role) });

describe('a transfer receipt', () => {
  it('puts the payment in review and holds the slot for the review time: booking is told', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const started = Date.now();
    const sent = await sendReceipt(token);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'in_review',
      receipt: { referenceNumber: '1029 3847 5610', kind: 'gcash', rejectionReason: null },
      methods: { paymongo: [], transfer: false },
    });
    const hold = new Date(sent.body.holdExpiresAt).getTime();
    expect(hold).toBeGreaterThanOrEqual(started + 180 * 60_000);
    await waitFor('receipt announced', () => heardOf(h, 'payments.receipt.submitted', appointmentId).length === 1);
    expect(heardOf(h, 'payments.receipt.submitted', appointmentId)[0].data).toMatchObject({
      holdExpiresAt: sent.body.holdExpiresAt,
      referenceNumber: '1029 3847 5610',
      kind: 'gcash',
    });
    // A second one while the first waits: refused, and nothing is stored of it.
    const again = await sendReceipt(token, { image: JPEG, name: 'again.jpg' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/waiting for our staff/);
    // Nor can the visitor pay online meanwhile.
    expect((await api(h.url, `/api/payments/by-link/${token}/checkout`, { method: 'POST' })).status).toBe(409);
    const image = await fetch(`${h.url}/api/payments/${await paymentIdOf(appointmentId)}/receipt`, {
      headers: { authorization: `Bearer ${staffToken('receptionist')}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ['a file that is no image (by its content, whatever its name)', { image: Buffer.from('GIF89a not ours'), name: 'x.png' }, 415],
    ['no file', { image: null }, 400],
    ['no reference number', { referenceNumber: null }, 400],
    ['no account kind', { kind: null }, 400],
    ['a reference number with odd characters', { referenceNumber: '<script>' }, 400],
    ['a reference number far too long', { referenceNumber: '9'.repeat(5000) }, 400],
    ['an account kind not offered', { kind: 'paymaya' }, 400],
    ['an account kind that does not exist', { kind: 'crypto' }, 400],
  ])('is refused with %s, changing nothing', async (_what, upload, status) => {
    const { appointmentId, token } = await requestDeposit(h);
    const sent = await sendReceipt(token, upload);
    expect(sent.status).toBe(status);
    expect(sent.body.message).toEqual(expect.any(String));
    expect(await h.models.Payment.findOne({ appointmentId }).lean()).toMatchObject({ status: 'awaiting', receipt: null });
  });

  it('above 5 MB is refused 413', async () => {
    const { token } = await requestDeposit(h);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect((await sendReceipt(token, { image: big })).status).toBe(413);
  });

  it('confirmed by the front desk: paid by transfer, announced and audited; confirming again is 409', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    await sendReceipt(token, { kind: 'bank' });
    const id = await paymentIdOf(appointmentId);
    expect((await staffCall('POST', `/api/payments/${id}/transfer-confirmation`, 'practitioner')).status).toBe(403);
    const confirmed = await staffCall<Payment>('POST', `/api/payments/${id}/transfer-confirmation`, 'receptionist');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'paid', method: 'transfer', methodType: 'bank', receipt: { reviewedBy: 'receptionist-1' } });
    await waitFor('paid announced', () => heardOf(h, 'payments.payment.paid', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.paid', appointmentId)[0].data).toMatchObject({ method: 'transfer', methodType: 'bank', amount: 50_000 });
    await waitFor('audited', () =>
      h.heard.received.some(
        (e) =>
          e.type === 'audit.recorded' &&
          (e.data as { action: string; subject: string }).action === 'payment-transfer-confirmed' &&
          (e.data as { subject: string }).subject === `payment ${id}`,
      ),
    );
    expect((await staffCall('POST', `/api/payments/${id}/transfer-confirmation`, 'receptionist')).status).toBe(409);
    expect((await staffCall('POST', `/api/payments/${id}/transfer-rejection`, 'receptionist', { reason: 'late' })).status).toBe(409);
  });

  it('rejected with a reason: the visitor sees it and may send another (whose image replaces the first)', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    await sendReceipt(token);
    const id = await paymentIdOf(appointmentId);
    expect((await staffCall('POST', `/api/payments/${id}/transfer-rejection`, 'receptionist', { reason: '   ' })).status).toBe(400);
    const rejected = await staffCall<Payment>('POST', `/api/payments/${id}/transfer-rejection`, 'receptionist', {
      reason: 'The amount on the receipt is ₱400, not ₱500.',
    });
    expect(rejected.body).toMatchObject({ status: 'awaiting', method: null, receipt: { rejectionReason: 'The amount on the receipt is ₱400, not ₱500.' } });
    await waitFor('rejection announced', () => heardOf(h, 'payments.receipt.rejected', appointmentId).length === 1);
    const view = (await api<PaymentLinkView>(h.url, `/api/payments/by-link/${token}`)).body;
    expect(view).toMatchObject({ status: 'awaiting', receipt: { rejectionReason: expect.stringContaining('₱400') }, methods: { transfer: true } });
    const second = await sendReceipt(token, { image: JPEG, name: 'second.jpg', referenceNumber: 'AB-77' });
    expect(second.status).toBe(201);
    expect(second.body.receipt).toMatchObject({ referenceNumber: 'AB-77', rejectionReason: null });
    const image = await fetch(`${h.url}/api/payments/${id}/receipt`, { headers: { authorization: `Bearer ${staffToken('owner')}` } });
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('paid by transfer and refunded: due by hand, then sent by a manager, announced', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    await sendReceipt(token);
    const id = await paymentIdOf(appointmentId);
    await staffCall('POST', `/api/payments/${id}/transfer-confirmation`, 'owner');
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'full', reason: 'cancelled-by-customer' });
    await statusBecomes(h, appointmentId, 'refund_due');
    expect((await staffCall('POST', `/api/payments/${id}/refund-sent`, 'receptionist')).status).toBe(403);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)).toHaveLength(0);
    const sent = await staffCall<Payment>('POST', `/api/payments/${id}/refund-sent`, 'manager');
    expect(sent.body).toMatchObject({ status: 'refunded', refunds: [{ amount: 50_000, status: 'sent', reason: 'cancelled-by-customer', by: 'booking' }] });
    await waitFor('refund announced', () => heardOf(h, 'payments.payment.refunded', appointmentId).length === 1);
    expect(heardOf(h, 'payments.payment.refunded', appointmentId)[0].data).toMatchObject({ method: 'transfer', amount: 50_000 });
    expect((await staffCall('POST', `/api/payments/${id}/refund-sent`, 'manager')).status).toBe(409);
  });

  it('waiting when the hold is released: expired, and staff may still confirm it for booking to decide', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    await sendReceipt(token);
    await h.booking.publish('booking.deposit.released', { appointmentId, refund: 'none', reason: 'hold-expired' });
    await statusBecomes(h, appointmentId, 'expired');
    const confirmed = await staffCall<Payment>('POST', `/api/payments/${await paymentIdOf(appointmentId)}/transfer-confirmation`, 'receptionist');
    expect(confirmed.body.status).toBe('paid');
  });

  it("follows booking's hold when booking moves it", async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const later = new Date(Date.now() + 5 * 3600_000).toISOString();
    await h.booking.publish('booking.deposit.hold-extended', { appointmentId, holdExpiresAt: later });
    await waitFor('the hold moved', async () => (await api<PaymentLinkView>(h.url, `/api/payments/by-link/${token}`)).body.holdExpiresAt === later);
  });
});

describe('the Payments screen', () => {
  it('lists newest first, filtered and paged; practitioners see nothing', async () => {
    const tag = `Zed ${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await requestDeposit(h, { customerName: `${tag} ${i}`, offeringType: 'studio' }));
    const page1 = await staffCall<PaymentPage>('GET', `/api/payments?search=${encodeURIComponent(tag)}&limit=2`, 'receptionist');
    expect(page1.status).toBe(200);
    expect(page1.body.payments.map((p) => p.customerName)).toEqual([`${tag} 2`, `${tag} 1`]);
    const page2 = await staffCall<PaymentPage>(
      'GET',
      `/api/payments?search=${encodeURIComponent(tag)}&limit=2&before=${page1.body.nextBefore}`,
      'receptionist',
    );
    expect(page2.body.payments.map((p) => p.customerName)).toEqual([`${tag} 0`]);
    expect(page2.body.nextBefore).toBeUndefined();
    const studio = await staffCall<PaymentPage>('GET', '/api/payments?offering=studio&status=awaiting&limit=200', 'owner');
    expect(studio.body.payments.every((p) => p.offeringType === 'studio' && p.status === 'awaiting')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await staffCall<PaymentPage>('GET', `/api/payments?from=${yesterday}&search=${encodeURIComponent(tag)}`, 'owner')).body.payments).toHaveLength(3);
    expect((await staffCall<PaymentPage>('GET', `/api/payments?to=${yesterday}&search=${encodeURIComponent(tag)}`, 'owner')).body.payments).toHaveLength(0);
    expect(today).toMatch(/^\d{4}-/);
    for (const path of ['/api/payments', `/api/payments/${await paymentIdOf(made[0].appointmentId)}`, '/api/payment-settings']) {
      expect((await staffCall('GET', path, 'practitioner')).status).toBe(403);
    }
    expect((await api(h.url, '/api/payments')).status).toBe(401);
  });

  it('answers bad input with a 4xx JSON message, never a 500', async () => {
    const cases: [string, string, unknown][] = [
      ['GET', '/api/payments?status=lost', undefined],
      ['GET', '/api/payments?limit=0', undefined],
      ['GET', '/api/payments?before=zzz', undefined],
      ['GET', '/api/payments?from=2030-02-30', undefined],
      ['GET', `/api/payments?search=${'x'.repeat(500)}`, undefined],
      ['GET', '/api/payments?status=paid&status=kept', undefined],
      ['GET', '/api/payments/not-an-id', undefined],
      ['GET', '/api/payments/65f000000000000000000000/receipt', undefined],
      ['POST', '/api/payments/65f000000000000000000000/transfer-rejection', { reason: ['a', 'b'] }],
      ['POST', '/api/payments/65f000000000000000000000/transfer-rejection', { reason: { $gt: '' } }],
      ['POST', '/api/payments/65f000000000000000000000/refunds', { note: 'n'.repeat(600) }],
      ['PUT', '/api/payment-settings', { transferAccounts: 'none', reviewHoldMinutes: 60, paymongoMethods: [] }],
      ['PUT', '/api/payment-settings', { transferAccounts: [], reviewHoldMinutes: 1, paymongoMethods: [] }],
      ['PUT', '/api/payment-settings', { transferAccounts: [], reviewHoldMinutes: 60, paymongoMethods: ['bitcoin'] }],
      [
        'PUT',
        '/api/payment-settings',
        { transferAccounts: [{ kind: 'bank', accountName: 'x'.repeat(5000), accountNumber: '1' }], reviewHoldMinutes: 60, paymongoMethods: [] },
      ],
      ['PUT', '/api/payment-settings', JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`)],
    ];
    for (const [method, path, body] of cases) {
      const answer = await staffCall<{ message: string }>(method, path, 'owner', body);
      expect({ path, body, status: answer.status, message: typeof answer.body?.message }).toEqual({
        path,
        body,
        status: expect.any(Number),
        message: 'string',
      });
      expect([path, answer.status >= 400 && answer.status < 500]).toEqual([path, true]);
    }
    // A bracketed key is no operator, only a name the query does not know: ignored.
    const bracketed = await staffCall<PaymentPage>('GET', '/api/payments?search[$ne]=1&limit=1', 'owner');
    expect(bracketed.status).toBe(200);
  });

  it('settings are management-only and audited', async () => {
    expect((await staffCall('PUT', '/api/payment-settings', 'receptionist', { transferAccounts: [], reviewHoldMinutes: 60, paymongoMethods: [] })).status).toBe(
      403,
    );
    const current = (await staffCall<Record<string, unknown>>('GET', '/api/payment-settings', 'manager')).body;
    const saved = await staffCall('PUT', '/api/payment-settings', 'owner', { ...current, reviewHoldMinutes: 240 });
    expect(saved.status).toBe(200);
    await waitFor('audited', () =>
      h.heard.received.some(
        (e) =>
          e.type === 'audit.recorded' &&
          (e.data as { subject: string; after?: string }).subject === 'payment settings' &&
          (e.data as { after?: string }).after?.includes('240'),
      ),
    );
    await staffCall('PUT', '/api/payment-settings', 'owner', current);
  });
});
