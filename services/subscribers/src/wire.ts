import type { Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { SubscribersConfig } from './config';
import { unsubscribeToken, unsubscribeUrl } from './domain/unsubscribe-token';
import { consumeContactEvents } from './events/contact-capture';
import { createModels } from './models';
import { NewsletterSettings } from './store/newsletter-settings';
import { SubscriberStore } from './store/subscriber-store';

/**
 * The subscribers service from its context: the newsletter list with its double opt-in, and
 * contacts captured from bookings and chats.
 */
export const wire: Wire<SubscribersConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  // Confirmation requests leave through the subscribers' outbox.
  ctx.relay.watch(models.Subscriber);
  // Settings saves carry their audit entries.
  ctx.relay.watch(models.Settings);
  const subscribers = new SubscriberStore(models, ctx.relay, (id) => unsubscribeUrl(config.PUBLIC_URL, unsubscribeToken(id, config.UNSUBSCRIBE_SECRET)));
  consumeContactEvents(ctx.bus, subscribers, logger);
  return {
    app: buildApp(ctx, { subscribers, settings: new NewsletterSettings(models, ctx.relay), unsubscribeSecret: config.UNSUBSCRIBE_SECRET }),
  };
};
