import type { Express } from 'express';
import { subscriberRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { SubscribersDeps } from '../deps';

const { settings, saveSettings } = subscriberRoutes;

export function mountSubscriberSettings(app: Express, deps: SubscribersDeps): void {
  bind(app, settings, () => deps.settings.read());
  bind(app, saveSettings, (input) => deps.settings.save(input.body, auditBy(input)));
}
