import type { DepositReport, Side } from '@bb/contracts';
import { manilaDate, manilaInstant } from '@bb/service-kit';
import { depositReport } from '../domain/deposit-report';
import { statusAt } from '../domain/payment-state';
import type { PaymentModels } from '../models';
import type { PaymentDoc } from '../models/payment';

const DAY_MINUTES = 24 * 60;

/**
 * The deposit report of the appointments starting on the Manila dates `from`…`to` (both
 * included), of one side or both: one read by the start index, only the fields it counts. A
 * payment still awaiting past its hold counts as expired, as everywhere it is shown (statusAt).
 */
export async function depositReportOf(models: PaymentModels, from: string, to: string, now: Date, offering?: Side): Promise<DepositReport> {
  const docs = await models.Payment.find(
    { startTime: { $gte: manilaInstant(from, 0), $lt: manilaInstant(to, DAY_MINUTES) }, ...(offering ? { offeringType: offering } : {}) },
    { startTime: 1, amount: 1, status: 1, holdExpiresAt: 1, method: 1, methodType: 1, 'refunds.amount': 1, 'refunds.status': 1 },
  ).lean<Pick<PaymentDoc, 'startTime' | 'amount' | 'status' | 'holdExpiresAt' | 'method' | 'methodType' | 'refunds'>[]>();
  return depositReport(
    from,
    to,
    docs.map((d) => ({
      date: manilaDate(d.startTime),
      amount: d.amount,
      status: statusAt(d, now),
      method: d.method ?? null,
      methodType: d.methodType ?? null,
      refunds: d.refunds ?? [],
    })),
  );
}
