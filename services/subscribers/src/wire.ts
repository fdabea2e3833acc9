import type { Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { SubscribersConfig } from './config';
import { consumeContactEvents } from './events/contact-capture';
import { createModels } from './models';
import { SubscriberStore } from './store/subscriber-store';

/** The subscribers service from its context: the newsletter list, and contacts captured from bookings and chats. */
export const wire: Wire<SubscribersConfig> = (ctx) => {
  const { config, logger } = ctx;
  const subscribers = new SubscriberStore(createModels(ctx.conn));
  consumeContactEvents(ctx.bus, subscribers, logger);
  return {
    app: buildApp({
      logger,
      subscribers,
      unsubscribeSecret: config.UNSUBSCRIBE_SECRET,
      publicUrl: config.PUBLIC_URL,
      jwtSecret: config.JWT_SECRET,
      isRevoked: (jti) => ctx.revocations.isRevoked(jti),
      isReady: ctx.isReady,
    }),
  };
};
