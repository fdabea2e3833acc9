import type { Express } from 'express';
import { subscriberRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { NewsletterSettings } from '../store/newsletter-settings';

const { settings, saveSettings } = subscriberRoutes;

export function mountSubscriberSettings(app: Express, deps: { settings: NewsletterSettings }): void {
  bind(app, settings, () => deps.settings.read());
  bind(app, saveSettings, ({ body }) => deps.settings.save(body));
}
