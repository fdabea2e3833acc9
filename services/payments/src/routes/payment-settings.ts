import type { Express } from 'express';
import { paymentRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { PaymentsDeps } from '../deps';

const { settings, saveSettings } = paymentRoutes;

export function mountPaymentSettings(app: Express, deps: PaymentsDeps): void {
  bind(app, settings, () => deps.settings.read());
  bind(app, saveSettings, (input) => deps.settings.save(input.body, auditBy(input)));
}
