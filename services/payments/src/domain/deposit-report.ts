import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_METHODS,
  type DepositReport,
  type PaymentMethod,
  type PaymentMethodType,
  type PaymentRefund,
  type PaymentStatus,
} from '@bb/contracts';
import { isPaidIn } from './payment-state';

/** A payment as the deposit report counts it. */
export interface ReportedPayment {
  /** The Manila date of its appointment's start. */
  date: string;
  /** Centavos asked. */
  amount: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  methodType: PaymentMethodType | null;
  refunds: readonly { amount: number; status: PaymentRefund['status'] }[];
}

/** A refund whose money has gone back: PayMongo says it succeeded, or staff sent a transfer back. */
const isCompleted = (status: PaymentRefund['status']) => status === 'succeeded' || status === 'sent';

const sum = (amounts: readonly number[]) => amounts.reduce((total, n) => total + n, 0);

/**
 * The figures of the deposit report (contracts' depositReportSchema says which status counts
 * where): each payment as it stands now, counted under its appointment's date, so when its
 * refund was made does not matter. Every method and method type is listed, with zeros.
 */
export function depositReport(from: string, to: string, payments: readonly ReportedPayment[]): DepositReport {
  const collected = { count: 0, centavos: 0 };
  const refunded = { count: 0, centavos: 0 };
  const refundPending = { count: 0, centavos: 0 };
  const kept = { count: 0, centavos: 0 };
  let outstanding = 0;
  let expired = 0;
  const byMethod = new Map(PAYMENT_METHODS.map((method) => [method, { method, count: 0, centavos: 0, refundedCentavos: 0 }]));
  const byMethodType = new Map(PAYMENT_METHOD_TYPES.map((methodType) => [methodType, { methodType, count: 0, centavos: 0 }]));
  const byDay = new Map<string, DepositReport['byDay'][number]>();

  for (const p of payments) {
    if (p.status === 'awaiting' || p.status === 'in_review') outstanding += 1;
    if (p.status === 'expired') expired += 1;
    if (!isPaidIn(p.status)) continue;
    const back = sum(p.refunds.filter((r) => isCompleted(r.status)).map((r) => r.amount));
    const going = sum(p.refunds.filter((r) => !isCompleted(r.status)).map((r) => r.amount));
    const keptHere = p.status === 'kept' ? Math.max(0, p.amount - back - going) : 0;

    collected.count += 1;
    collected.centavos += p.amount;
    if (back > 0) {
      refunded.count += 1;
      refunded.centavos += back;
    }
    if (going > 0) {
      refundPending.count += 1;
      refundPending.centavos += going;
    }
    if (p.status === 'kept') {
      kept.count += 1;
      kept.centavos += keptHere;
    }
    const method = p.method && byMethod.get(p.method);
    if (method) {
      method.count += 1;
      method.centavos += p.amount;
      method.refundedCentavos += back;
    }
    const type = p.methodType && byMethodType.get(p.methodType);
    if (type) {
      type.count += 1;
      type.centavos += p.amount;
    }
    const day = byDay.get(p.date) ?? { date: p.date, count: 0, collected: 0, refunded: 0, kept: 0 };
    day.count += 1;
    day.collected += p.amount;
    day.refunded += back;
    day.kept += keptHere;
    byDay.set(p.date, day);
  }

  return {
    from,
    to,
    collected,
    refunded,
    refundPending,
    kept,
    netCentavos: collected.centavos - refunded.centavos - refundPending.centavos,
    outstanding,
    expired,
    byMethod: [...byMethod.values()],
    byMethodType: [...byMethodType.values()],
    byDay: [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
