import { depositReport, type ReportedPayment } from '../src/domain/deposit-report';

// The deposit report's figures from payments as they stand: which status counts where
// (contracts' depositReportSchema), written out by hand.

const payment = (over: Partial<ReportedPayment> = {}): ReportedPayment => ({
  date: '2030-03-04',
  amount: 50_000,
  status: 'paid',
  method: 'paymongo',
  methodType: 'gcash',
  refunds: [],
  ...over,
});

describe('deposit report', () => {
  it('of an empty range: zeros, every method and method type listed, no day', () => {
    const report = depositReport('2030-03-01', '2030-03-31', []);
    expect(report).toEqual({
      from: '2030-03-01',
      to: '2030-03-31',
      collected: { count: 0, centavos: 0 },
      refunded: { count: 0, centavos: 0 },
      refundPending: { count: 0, centavos: 0 },
      kept: { count: 0, centavos: 0 },
      netCentavos: 0,
      outstanding: 0,
      expired: 0,
      byMethod: [
        { method: 'paymongo', count: 0, centavos: 0, refundedCentavos: 0 },
        { method: 'transfer', count: 0, centavos: 0, refundedCentavos: 0 },
      ],
      byMethodType: ['gcash', 'paymaya', 'qrph', 'card', 'bank'].map((methodType) => ({ methodType, count: 0, centavos: 0 })),
      byDay: [],
    });
  });

  it('collects every payment paid in at its full amount, whatever became of it since', () => {
    const report = depositReport('2030-03-01', '2030-03-31', [
      payment(),
      payment({ status: 'kept', amount: 30_000 }),
      payment({ status: 'refunding', amount: 20_000, refunds: [{ amount: 20_000, status: 'pending' }] }),
      payment({ status: 'refund_due', amount: 10_000, method: 'transfer', methodType: 'bank', refunds: [{ amount: 10_000, status: 'due' }] }),
      payment({ status: 'refunded', amount: 40_000, refunds: [{ amount: 40_000, status: 'succeeded' }] }),
    ]);
    expect(report.collected).toEqual({ count: 5, centavos: 150_000 });
    expect(report.refunded).toEqual({ count: 1, centavos: 40_000 });
    expect(report.refundPending).toEqual({ count: 2, centavos: 30_000 });
    expect(report.kept).toEqual({ count: 1, centavos: 30_000 });
    expect(report.netCentavos).toBe(80_000);
  });

  it('counts what is not paid in only as outstanding or expired, never as money', () => {
    const report = depositReport('2030-03-01', '2030-03-31', [
      payment({ status: 'awaiting', method: null, methodType: null }),
      payment({ status: 'in_review', method: 'transfer', methodType: 'gcash' }),
      payment({ status: 'expired', method: null, methodType: null }),
    ]);
    expect([report.outstanding, report.expired]).toEqual([2, 1]);
    expect(report.collected).toEqual({ count: 0, centavos: 0 });
    expect(report.byMethod.every((m) => m.count === 0)).toBe(true);
    expect(report.byDay).toEqual([]);
  });

  it('counts a partial refund by its amount: the rest of a kept payment stays kept, of a refunded one stays collected', () => {
    const report = depositReport('2030-03-01', '2030-03-31', [
      payment({ status: 'kept', amount: 50_000, refunds: [{ amount: 15_000, status: 'succeeded' }] }),
      payment({ status: 'refunded', amount: 40_000, method: 'transfer', methodType: 'paymaya', refunds: [{ amount: 10_000, status: 'sent' }] }),
    ]);
    expect(report.refunded).toEqual({ count: 2, centavos: 25_000 });
    expect(report.kept).toEqual({ count: 1, centavos: 35_000 });
    expect(report.netCentavos).toBe(90_000 - 25_000);
    expect(report.byMethod).toEqual([
      { method: 'paymongo', count: 1, centavos: 50_000, refundedCentavos: 15_000 },
      { method: 'transfer', count: 1, centavos: 40_000, refundedCentavos: 10_000 },
    ]);
  });

  it("counts a refund under its appointment's date, however long after the range it was made", () => {
    // The refund's own date is not part of what is counted: only the appointment's.
    const report = depositReport('2030-03-01', '2030-03-31', [
      payment({ date: '2030-03-31', status: 'refunded', refunds: [{ amount: 50_000, status: 'succeeded' }] }),
    ]);
    expect(report.refunded).toEqual({ count: 1, centavos: 50_000 });
    expect(report.byDay).toEqual([{ date: '2030-03-31', count: 1, collected: 50_000, refunded: 50_000, kept: 0 }]);
  });

  it('splits by method, method type and day, days in date order', () => {
    const report = depositReport('2030-03-01', '2030-03-31', [
      payment({ date: '2030-03-09', methodType: 'card', amount: 12_345 }),
      payment({ date: '2030-03-02', method: 'transfer', methodType: 'bank', amount: 20_000 }),
      payment({ date: '2030-03-09', methodType: 'gcash', status: 'kept' }),
      payment({ date: '2030-03-05', status: 'awaiting', method: null, methodType: null }),
    ]);
    expect(report.byMethod).toEqual([
      { method: 'paymongo', count: 2, centavos: 62_345, refundedCentavos: 0 },
      { method: 'transfer', count: 1, centavos: 20_000, refundedCentavos: 0 },
    ]);
    expect(report.byMethodType.filter((t) => t.count > 0)).toEqual([
      { methodType: 'gcash', count: 1, centavos: 50_000 },
      { methodType: 'card', count: 1, centavos: 12_345 },
      { methodType: 'bank', count: 1, centavos: 20_000 },
    ]);
    expect(report.byDay).toEqual([
      { date: '2030-03-02', count: 1, collected: 20_000, refunded: 0, kept: 0 },
      { date: '2030-03-09', count: 2, collected: 62_345, refunded: 0, kept: 50_000 },
    ]);
    // The days add up to the totals.
    expect(report.byDay.reduce((n, d) => n + d.collected, 0)).toBe(report.collected.centavos);
  });
});
