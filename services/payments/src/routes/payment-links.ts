import type { Express } from 'express';
import { PAYMENT_MESSAGES, paymentRoutes, receiptFieldsSchema } from '@bb/contracts';
import { bind, invalid, onRoute, receiveImage, sniffImageType, unsupportedMedia } from '@bb/service-kit';
import type { PaymentsDeps } from '../deps';

const { byLink, checkout, receipt } = paymentRoutes;

export function mountPaymentLinks(app: Express, { links }: PaymentsDeps): void {
  bind(app, byLink, ({ params }) => links.view(params.token));

  // The amount is booking's; nothing the visitor sends is read.
  bind(app, checkout, ({ params }) => links.startCheckout(params.token));

  onRoute(app, receipt, receiveImage);
  bind(app, receipt, async ({ params, req }) => {
    const fields = receiptFieldsSchema.parse(req.body ?? {});
    const file = req.file;
    if (!file) throw invalid(PAYMENT_MESSAGES.noReceipt);
    const type = sniffImageType(file.buffer);
    if (!type) throw unsupportedMedia('Invalid file type: please upload a JPG or PNG image');
    return links.submitReceipt(params.token, { image: file.buffer, type, ...fields });
  });
}
