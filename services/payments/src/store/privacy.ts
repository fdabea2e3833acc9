import type { PrivacyCounts, PrivacyRecords } from '@bb/contracts';
import { documentsOfSubject, idsOfSubject, isoOrNull, keptOutbox, type ImageStore, type Logger, type PrivacySubjectData } from '@bb/service-kit';
import type { PaymentModels } from '../models';
import { refundedAmountOf, type PaymentDoc } from '../models/payment';

const PAYMENT_FIELDS = { email: 'customerEmail', phone: 'customerPhone' };

/** The subject's payments: what was asked, how it was paid, its receipt's reference and its refunds. */
export async function paymentRecordsOf(models: PaymentModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const found = await documentsOfSubject<PaymentDoc>(models.Payment, subject, PAYMENT_FIELDS);
  return {
    payments: found.map((p) => ({
      id: String(p._id),
      appointmentId: p.appointmentId,
      customerName: p.customerName,
      customerEmail: p.customerEmail,
      customerPhone: p.customerPhone,
      description: p.description,
      amountCentavos: p.amount,
      currency: p.currency,
      purpose: p.purpose,
      status: p.status,
      method: p.method,
      methodType: p.methodType,
      receiptReference: p.receipt?.referenceNumber ?? null,
      receiptSubmittedAt: isoOrNull(p.receipt?.submittedAt),
      refundedCentavos: refundedAmountOf(p),
      paidAt: isoOrNull(p.paidAt),
      createdAt: isoOrNull(p.createdAt),
    })),
  };
}

/**
 * Anonymises the subject's payments (name, address, number and the receipt's screenshot go;
 * amounts, statuses and references stay for the books). Events not yet sent that name the
 * person are dropped, as the other services do; audit entries stay.
 */
export async function eraseFromPayments(models: PaymentModels, images: ImageStore, subject: PrivacySubjectData, logger: Logger): Promise<PrivacyCounts> {
  const ids = await idsOfSubject(models.Payment, subject, PAYMENT_FIELDS);
  let receipts = 0;
  for (const id of ids) {
    const doc = await models.Payment.findById(id, { receipt: 1, outbox: 1 }).lean<Pick<PaymentDoc, 'receipt' | 'outbox'>>();
    if (!doc) continue;
    await models.Payment.updateOne(
      { _id: id },
      { $set: { customerName: '', customerEmail: '', customerPhone: '', outbox: keptOutbox(doc.outbox), ...(doc.receipt && { 'receipt.key': '' }) } },
    );
    if (doc.receipt?.key) {
      receipts += 1;
      await images
        .remove(doc.receipt.key)
        .catch((err: unknown) => logger.warn({ err: (err as Error).message, key: doc.receipt?.key }, 'could not remove an erased receipt image'));
    }
  }
  return { payments: ids.length, receipts };
}
