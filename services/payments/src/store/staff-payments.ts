import type { Readable } from 'node:stream';
import { PAYMENT_MESSAGES, type Payment } from '@bb/contracts';
import { conflict, notFound, type AuditBy } from '@bb/service-kit';
import { toPayment } from '../models/payment';
import { paymentObjectId, type PaymentStore } from './payment-store';
import type { Receipts } from './receipts';
import type { Refunds } from './refunds';
import type { Applied } from './transitions';

const NOT_FOUND = 'Payment not found';

/** Staff's side: the Payments screen's reads, transfer reviews and refunds, answered as API shapes. */
export class StaffPayments {
  constructor(
    private readonly payments: PaymentStore,
    private readonly receipts: Receipts,
    private readonly refunds: Refunds,
  ) {}

  async read(id: string): Promise<Payment> {
    return (await this.payments.read(id)) ?? notFoundError();
  }

  async receiptImage(id: string): Promise<{ stream: Readable; contentType: string }> {
    const doc = await this.payments.byId(id);
    if (!doc) throw notFound(NOT_FOUND);
    return (await this.receipts.image(doc)) ?? notFoundError('This payment has no receipt image');
  }

  confirmTransfer(id: string, staff: AuditBy): Promise<Payment> {
    return answered(
      this.withId(id, (_id) => this.receipts.confirm(_id, staff)),
      PAYMENT_MESSAGES.notInReview,
      this.payments.now(),
    );
  }

  rejectTransfer(id: string, reason: string, staff: AuditBy): Promise<Payment> {
    return answered(
      this.withId(id, (_id) => this.receipts.reject(_id, reason, staff)),
      PAYMENT_MESSAGES.notInReview,
      this.payments.now(),
    );
  }

  refund(id: string, staff: AuditBy, note?: string): Promise<Payment> {
    return answered(
      this.withId(id, (_id) => this.refunds.start({ _id }, { staff, note })),
      PAYMENT_MESSAGES.notRefundable,
      this.payments.now(),
    );
  }

  refundSent(id: string, staff: AuditBy): Promise<Payment> {
    return answered(
      this.withId(id, (_id) => this.refunds.sent(_id, staff)),
      PAYMENT_MESSAGES.notRefundDue,
      this.payments.now(),
    );
  }

  private withId(id: string, act: (id: NonNullable<ReturnType<typeof paymentObjectId>>) => Promise<Applied | null>): Promise<Applied | null> {
    const _id = paymentObjectId(id);
    return _id ? act(_id) : Promise.resolve(null);
  }
}

const notFoundError = (message = NOT_FOUND): never => {
  throw notFound(message);
};

/** The payment after an action: 404 without one, 409 (with `refused`) when the action was not allowed. */
async function answered(result: Promise<Applied | null>, refused: string, now: Date): Promise<Payment> {
  const applied = await result;
  if (!applied) throw notFound(NOT_FOUND);
  if (!applied.applied) throw conflict(refused);
  return toPayment(applied.doc, now);
}
