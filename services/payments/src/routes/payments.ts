import { pipeline } from 'node:stream/promises';
import type { Express } from 'express';
import { paymentRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { PaymentsDeps } from '../deps';

const { list, read, receiptImage, confirmTransfer, rejectTransfer, refund, refundSent } = paymentRoutes;

export function mountPayments(app: Express, { payments, staff }: PaymentsDeps): void {
  bind(app, list, ({ query }) => payments.list(query));

  bind(app, read, ({ params }) => staff.read(params.id));

  // A customer's screenshot: staff only, never cached anywhere.
  bind(app, receiptImage, async ({ params, res, log }) => {
    const { stream, contentType } = await staff.receiptImage(params.id);
    res.status(200);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(stream, res).catch((err: NodeJS.ErrnoException) => log.debug({ err: err.message, paymentId: params.id }, 'receipt stream ended early'));
    return undefined;
  });

  bind(app, confirmTransfer, (input) => staff.confirmTransfer(input.params.id, auditBy(input)));

  bind(app, rejectTransfer, (input) => staff.rejectTransfer(input.params.id, input.body.reason, auditBy(input)));

  bind(app, refund, (input) => staff.refund(input.params.id, auditBy(input), input.body.note));

  bind(app, refundSent, (input) => staff.refundSent(input.params.id, auditBy(input)));
}
