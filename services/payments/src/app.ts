import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { PaymentsDeps } from './deps';
import { mountPaymentLinks } from './routes/payment-links';
import { mountPaymentSettings } from './routes/payment-settings';
import { mountPayments } from './routes/payments';
import { mountPaymongoWebhook } from './routes/paymongo-webhook';
import { mountReports } from './routes/reports';

export function buildApp(context: ServiceAppContext, deps: PaymentsDeps): Express {
  return createServiceApp({
    service: 'payments',
    context,
    deps,
    mounts: [mountPaymentLinks, mountPaymongoWebhook, mountPayments, mountPaymentSettings, mountReports],
  });
}
