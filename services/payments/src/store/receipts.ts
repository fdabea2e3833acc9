import type { Readable } from 'node:stream';
import type { Types } from 'mongoose';
import { PAYMENT_MESSAGES, type TransferKind } from '@bb/contracts';
import { auditEventBy, conflict, invalid, type AuditBy, type ImageStore, type ImageType, type Logger } from '@bb/service-kit';
import { unpayableReason } from '../domain/payment-state';
import { receiptKey, reviewHoldUntil } from '../domain/receipts';
import { paymentEvent } from '../events/payment-events';
import type { PaymentDoc } from '../models/payment';
import type { PaymentSettingsStore } from './payment-settings';
import type { PaymentStore } from './payment-store';
import type { Applied } from './transitions';

export interface ReceiptUpload {
  image: Buffer;
  type: ImageType;
  referenceNumber: string;
  kind: TransferKind;
}

const subjectOf = (doc: PaymentDoc) => `payment ${String(doc._id)}`;

/** Transfers: the visitor's receipt (its image in the bucket), and staff's review of it. */
export class Receipts {
  constructor(
    private readonly payments: PaymentStore,
    private readonly images: ImageStore,
    private readonly settings: PaymentSettingsStore,
    private readonly logger: Logger,
  ) {}

  /**
   * A receipt for a payment still awaiting: the image stored first, then the payment moved to
   * in_review with the hold extended by the review time (payments.receipt.submitted tells
   * booking), in one guarded write; the image of a write that lost is removed again.
   */
  async submit(doc: PaymentDoc, upload: ReceiptUpload): Promise<PaymentDoc> {
    const refused = unpayableReason(doc.status, doc.holdExpiresAt, this.payments.now());
    if (refused) throw conflict(refused);
    const { transferAccounts, reviewHoldMinutes } = await this.settings.read();
    if (transferAccounts.length === 0) throw conflict(PAYMENT_MESSAGES.transferOff);
    if (!transferAccounts.some((a) => a.kind === upload.kind))
      throw invalid(`kind must be one of the accounts offered: ${[...new Set(transferAccounts.map((a) => a.kind))].join(', ')}`);
    const key = receiptKey(String(doc._id), upload.type);
    await this.images.put(key, upload.image, upload.type.contentType);
    const now = this.payments.now();
    const result = await this.payments.apply({ _id: doc._id }, 'receipt-submitted', (current) => {
      if (current.holdExpiresAt.getTime() <= now.getTime()) return null;
      const holdExpiresAt = reviewHoldUntil(current.holdExpiresAt, now, reviewHoldMinutes);
      return {
        set: {
          receipt: {
            key,
            contentType: upload.type.contentType,
            referenceNumber: upload.referenceNumber,
            kind: upload.kind,
            submittedAt: now,
            reviewedBy: null,
            reviewedAt: null,
            rejectionReason: null,
          },
          method: 'transfer',
          methodType: upload.kind,
          holdExpiresAt,
        },
        events: [
          paymentEvent('payments.receipt.submitted', current, {
            holdExpiresAt: holdExpiresAt.toISOString(),
            referenceNumber: upload.referenceNumber,
            kind: upload.kind,
          }),
        ],
      };
    });
    if (!result?.applied) {
      await this.removeImage(key);
      const current = result?.doc ?? doc;
      throw conflict(unpayableReason(current.status, current.holdExpiresAt, now) ?? PAYMENT_MESSAGES.notAwaiting);
    }
    // A receipt rejected before is replaced: its image goes.
    if (doc.receipt && doc.receipt.key !== key) await this.removeImage(doc.receipt.key);
    return result.doc;
  }

  /** Staff confirm the transfer: paid (also after the hold ran out: booking then decides), announced and audited. */
  async confirm(id: Types.ObjectId, staff: AuditBy): Promise<Applied | null> {
    const now = this.payments.now();
    const by = staff.actor?.username ?? 'staff';
    return this.payments.apply({ _id: id }, 'paid', (doc) => {
      if (!doc.receipt || doc.receipt.reviewedAt) return null;
      return {
        where: { 'receipt.reviewedAt': null },
        set: { method: 'transfer', methodType: doc.receipt.kind, paidAt: now, 'receipt.reviewedBy': by, 'receipt.reviewedAt': now },
        events: [
          paymentEvent(
            'payments.payment.paid',
            doc,
            { amount: doc.amount, currency: 'PHP', method: 'transfer', methodType: doc.receipt.kind, paidAt: now.toISOString() },
            staff.correlationId,
          ),
          auditEventBy('payments', staff, {
            action: 'payment-transfer-confirmed',
            subject: subjectOf(doc),
            after: `reference ${doc.receipt.referenceNumber}`.slice(0, 500),
          }),
        ],
      };
    });
  }

  /** Staff reject the receipt, saying why: the visitor may pay again while the hold lasts (announced and audited). */
  async reject(id: Types.ObjectId, reason: string, staff: AuditBy): Promise<Applied | null> {
    const now = this.payments.now();
    const by = staff.actor?.username ?? 'staff';
    return this.payments.apply({ _id: id }, 'receipt-rejected', (doc) => {
      if (!doc.receipt || doc.receipt.reviewedAt) return null;
      return {
        where: { 'receipt.reviewedAt': null },
        set: { method: null, methodType: null, 'receipt.reviewedBy': by, 'receipt.reviewedAt': now, 'receipt.rejectionReason': reason },
        events: [
          paymentEvent('payments.receipt.rejected', doc, { reason, holdExpiresAt: doc.holdExpiresAt.toISOString() }, staff.correlationId),
          auditEventBy('payments', staff, { action: 'payment-transfer-rejected', subject: subjectOf(doc), after: reason.slice(0, 500) }),
        ],
      };
    });
  }

  /** The receipt's image, or null when there is none (any more). */
  async image(doc: PaymentDoc): Promise<{ stream: Readable; contentType: string } | null> {
    if (!doc.receipt?.key) return null;
    const stream = await this.images.open(doc.receipt.key);
    return stream && { stream, contentType: doc.receipt.contentType };
  }

  private async removeImage(key: string): Promise<void> {
    await this.images.remove(key).catch((err: unknown) => this.logger.warn({ err: (err as Error).message, key }, 'could not remove a receipt image'));
  }
}
