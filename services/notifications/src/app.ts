import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { NotificationsDeps } from './deps';
import { mountMails } from './routes/mails';
import { mountSettings } from './routes/settings';

export function buildApp(context: ServiceAppContext, deps: NotificationsDeps): Express {
  return createServiceApp({ service: 'notifications', context, deps, mounts: [mountSettings, mountMails] });
}
