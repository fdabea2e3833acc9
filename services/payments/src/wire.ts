import { ImageStore, imageStoreOptions, PeriodicTask, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import { PaymongoClient } from './clients/paymongo';
import type { PaymentsConfig } from './config';
import { consumeDepositEvents } from './events/deposit-requests';
import { answerPaymentPrivacy } from './events/privacy-requests';
import { createModels } from './models';
import { Checkout } from './store/checkout';
import { Deposits } from './store/deposits';
import { PaymentLinks } from './store/payment-links';
import { PaymentSettingsStore } from './store/payment-settings';
import { PaymentStore } from './store/payment-store';
import { PaymongoWebhooks } from './store/paymongo-webhooks';
import { Receipts } from './store/receipts';
import { Reconciler } from './store/reconcile';
import { Refunds } from './store/refunds';
import { StaffPayments } from './store/staff-payments';

/**
 * The payments service from its context: booking's deposit requests, PayMongo's checkout,
 * webhook and refunds, transfer receipts in object storage, and the reconcile pass that asks
 * PayMongo about whatever its webhook has not told yet.
 */
export const wire: Wire<PaymentsConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  // Payment events and audit entries leave through the payments' outbox, settings changes' through the settings'.
  ctx.relay.watch(models.Payment);
  ctx.relay.watch(models.Settings);
  const paymongo = new PaymongoClient({ url: config.PAYMONGO_URL, secretKey: config.PAYMONGO_SECRET_KEY, timeoutMs: config.PAYMONGO_TIMEOUT_MS });
  const images = new ImageStore(imageStoreOptions(config));
  const payments = new PaymentStore(models, ctx.relay, ctx.now);
  const settings = new PaymentSettingsStore(models, ctx.relay);
  const refunds = new Refunds(payments, paymongo, logger);
  const reconciler = new Reconciler(payments, refunds, paymongo, logger);
  const checkout = new Checkout(payments, paymongo, settings, reconciler, { publicUrl: config.PUBLIC_URL }, logger);
  const receipts = new Receipts(payments, images, settings, logger);
  consumeDepositEvents(ctx.bus, new Deposits(payments, refunds, reconciler, logger));
  answerPaymentPrivacy(ctx.bus, models, images, logger);
  const reconcilePass = new PeriodicTask('reconcile pass', () => reconciler.pass(), config.RECONCILE_INTERVAL_MS, logger);
  return {
    app: buildApp(ctx, {
      payments,
      links: new PaymentLinks(payments, settings, checkout, receipts, config.MANAGE_LINK_SECRET),
      staff: new StaffPayments(payments, receipts, refunds),
      settings,
      webhooks: new PaymongoWebhooks(payments, reconciler, logger),
      webhook: {
        secrets: config.PAYMONGO_WEBHOOK_SECRET.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        toleranceSeconds: config.PAYMONGO_SIGNATURE_TOLERANCE_SECONDS,
      },
      now: ctx.now,
    }),
    beforeServe: async () => {
      await images.ensureBucket(logger);
      reconcilePass.start();
    },
    onStop: async () => {
      await reconcilePass.stop();
      images.close();
    },
  };
};
