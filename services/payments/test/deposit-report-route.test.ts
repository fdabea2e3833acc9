import { Types } from 'mongoose';
import type { DepositReport, Payment } from '@bb/contracts';
import { api } from '@bb/service-kit/testing';
import type { PaymentDoc } from '../src/models/payment';
import { requestDeposit, saveSettings, startPayments, staffToken, statusBecomes, type PaymentsHarness } from './support/harness';

// GET /api/reports/deposits against the real database: payments moved by the routes staff use
// (a transfer confirmed, refunded by hand after the range ended) beside stored ones in every
// other state, counted by their appointment's Manila date, and bad input refused.

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPayments('pay_report');
  await saveSettings(h, {
    transferAccounts: [{ kind: 'gcash', bankName: '', accountName: 'Lumière Clinic', accountNumber: '0917 000 1111' }],
    reviewHoldMinutes: 120,
    paymongoMethods: ['gcash'],
  });
});
afterAll(() => h.close());

/** A Manila wall-clock time as an instant. */
const manila = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const range = { from: '2024-05-01', to: '2024-05-31' };

/** A payment stored as it would stand after its moves (the state machine's own tests cover those). */
async function stored(over: Partial<PaymentDoc>) {
  const at = new Date();
  await h.models.Payment.create({
    appointmentId: new Types.ObjectId().toHexString(),
    offeringType: 'clinic',
    startTime: manila('2024-05-10', '10:00'),
    amount: 50_000,
    purpose: 'deposit',
    method: 'paymongo',
    methodType: 'gcash',
    status: 'paid',
    holdExpiresAt: at,
    paidAt: at,
    createdAt: at,
    updatedAt: at,
    ...over,
  });
}

const staff = <T>(method: string, path: string, role: Parameters<typeof staffToken>[0] = 'owner') => api<T>(h.url, path, { method, token: staffToken(role) });
const report = async (query: string) => {
  const res = await staff<DepositReport>('GET', `/api/reports/deposits?${query}`, 'manager');
  expect(res.status).toBe(200);
  return res.body;
};

describe('the deposit report', () => {
  it("counts each payment as it stands now under its appointment's Manila date, a refund made after the range included", async () => {
    // Paid by a GCash transfer staff confirmed, for 23:30 on the range's last day; sent back today, long after it.
    const late = await requestDeposit(h, { startTime: manila(range.to, '23:30').toISOString(), amount: 45_000 });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(7)])]), 'receipt.png');
    form.append('referenceNumber', '1029 3847 5610');
    form.append('kind', 'gcash');
    expect((await fetch(`${h.url}/api/payments/by-link/${late.token}/receipt`, { method: 'POST', body: form })).status).toBe(201);
    const id = String((await h.models.Payment.findOne({ appointmentId: late.appointmentId }).lean())!._id);
    expect((await staff('POST', `/api/payments/${id}/transfer-confirmation`, 'receptionist')).status).toBe(200);
    expect((await staff('POST', `/api/payments/${id}/refunds`)).status).toBe(201);
    expect((await staff<Payment>('POST', `/api/payments/${id}/refund-sent`)).body.status).toBe('refunded');
    await statusBecomes(h, late.appointmentId, 'refunded');
    // Requested for the first minute of the range, not paid yet.
    await requestDeposit(h, { startTime: manila(range.from, '00:00').toISOString() });

    await stored({ status: 'kept', method: 'paymongo', methodType: 'card', amount: 30_000 });
    await stored({
      status: 'refunding',
      amount: 20_000,
      refunds: [{ amount: 20_000, reason: 'by-staff', by: 'owner-1', at: new Date(), status: 'pending', paymongoRefundId: null }],
    });
    await stored({ status: 'expired', method: null, methodType: null, startTime: manila('2024-05-12', '15:00') });
    // Still awaiting in its document, but its hold ran out: expired, as the list and the pay page show it.
    await stored({ status: 'awaiting', method: null, methodType: null, holdExpiresAt: new Date(Date.now() - 60_000), paidAt: null });
    await stored({ offeringType: 'studio', amount: 10_000, methodType: 'paymaya', startTime: manila('2024-05-20', '09:00') });
    // Just outside, by Manila dates (the first is still 31 May in UTC).
    await stored({ startTime: manila('2024-06-01', '00:10') });
    await stored({ startTime: manila('2024-04-30', '23:59') });

    const clinic = await report(`from=${range.from}&to=${range.to}&offering=clinic`);
    expect(clinic).toMatchObject({
      ...range,
      collected: { count: 3, centavos: 95_000 },
      refunded: { count: 1, centavos: 45_000 },
      refundPending: { count: 1, centavos: 20_000 },
      kept: { count: 1, centavos: 30_000 },
      netCentavos: 30_000,
      outstanding: 1,
      expired: 2,
      byMethod: [
        { method: 'paymongo', count: 2, centavos: 50_000, refundedCentavos: 0 },
        { method: 'transfer', count: 1, centavos: 45_000, refundedCentavos: 45_000 },
      ],
      byDay: [
        { date: '2024-05-10', count: 2, collected: 50_000, refunded: 0, kept: 30_000 },
        { date: range.to, count: 1, collected: 45_000, refunded: 45_000, kept: 0 },
      ],
    });
    expect(clinic.byMethodType.filter((t) => t.count > 0)).toEqual([
      { methodType: 'gcash', count: 2, centavos: 65_000 },
      { methodType: 'card', count: 1, centavos: 30_000 },
    ]);

    // Both sides: the studio's deposit too, the same with `both` or no offering.
    const both = await report(`from=${range.from}&to=${range.to}`);
    expect(both.collected).toEqual({ count: 4, centavos: 105_000 });
    expect(await report(`from=${range.from}&to=${range.to}&offering=both`)).toEqual(both);
    expect((await report(`from=2024-05-20&to=2024-05-20&offering=studio`)).collected).toEqual({ count: 1, centavos: 10_000 });
    expect((await report('from=2001-01-01&to=2001-12-31')).collected).toEqual({ count: 0, centavos: 0 });
  });

  it.each([
    ['from after to', 'from=2024-05-31&to=2024-05-01'],
    ['a date that does not exist', 'from=2024-02-30&to=2024-03-01'],
    ['no dates', ''],
    ['a list for a date', 'from=2024-05-01&from=2024-05-02&to=2024-05-31'],
    ['an object for a date', 'from[$gt]=2024-05-01&to=2024-05-31'],
    ['an offering that does not exist', 'from=2024-05-01&to=2024-05-31&offering=spa'],
  ])('refuses %s with a 400 and a message', async (_what, query) => {
    const res = await api<{ message?: string }>(h.url, `/api/reports/deposits?${query}`, { token: staffToken('owner') });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('is for management only', async () => {
    const path = `/api/reports/deposits?from=${range.from}&to=${range.to}`;
    expect((await api(h.url, path)).status).toBe(401);
    for (const role of ['receptionist', 'practitioner'] as const) expect((await staff('GET', path, role)).status).toBe(403);
    expect((await staff('GET', path, 'owner')).status).toBe(200);
  });
});
