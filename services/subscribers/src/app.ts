import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { SubscribersDeps } from './deps';
import { mountSubscriberSettings } from './routes/subscriber-settings';
import { mountSubscribers } from './routes/subscribers';

export function buildApp(context: ServiceAppContext, deps: SubscribersDeps): Express {
  return createServiceApp({ service: 'subscribers', context, deps, mounts: [mountSubscribers, mountSubscriberSettings] });
}
