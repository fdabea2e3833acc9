import { Schema, type Connection } from 'mongoose';
import type { DepositPolicy } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/**
 * What a treatment or package asks to be paid ahead; `_id` is the bookable id. An item without
 * one asks nothing. A save's audit entry leaves through its outbox.
 */
export interface DepositPolicyDoc extends WithOutbox {
  _id: string;
  kind: DepositPolicy['kind'];
  /** Centavos, for `fixed`. */
  amount?: number;
  /** 1–100, for `percent`. */
  percent?: number;
}

const depositPolicySchema = new Schema<DepositPolicyDoc>(
  {
    _id: String,
    kind: { type: String, required: true },
    amount: { type: Number },
    percent: { type: Number },
    ...outboxFields,
  },
  { versionKey: false },
);
depositPolicySchema.plugin(outboxPendingFlag);

export const depositPolicyModel = (conn: Connection) => conn.model<DepositPolicyDoc>('DepositPolicy', depositPolicySchema, 'deposit_policies');

/** The policy a stored document says; `none` for an item without one. */
export function toDepositPolicy(doc: Pick<DepositPolicyDoc, 'kind' | 'amount' | 'percent'> | null | undefined): DepositPolicy {
  switch (doc?.kind) {
    case 'fixed':
      return { kind: 'fixed', amount: doc.amount ?? 0 };
    case 'percent':
      return { kind: 'percent', percent: doc.percent ?? 0 };
    case 'full':
      return { kind: 'full' };
    default:
      return { kind: 'none' };
  }
}
