import { answerPrivacyRequests, type EventBus, type ImageStore, type Logger } from '@bb/service-kit';
import type { PaymentModels } from '../models';
import { eraseFromPayments, paymentRecordsOf } from '../store/privacy';

/** Payments answers every access and erasure request (queues `payments.privacy-access`, `payments.privacy-erasure`). */
export function answerPaymentPrivacy(bus: EventBus, models: PaymentModels, images: ImageStore, logger: Logger): void {
  answerPrivacyRequests(bus, 'payments', {
    access: (subject) => paymentRecordsOf(models, subject),
    erase: (subject) => eraseFromPayments(models, images, subject, logger),
  });
}
