import type { Express } from 'express';
import { notificationRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { NotificationsDeps } from '../deps';

const { appointmentMails, resend } = notificationRoutes;

export function mountMails(app: Express, deps: NotificationsDeps): void {
  bind(app, appointmentMails, ({ params }) => deps.mails.ofAppointment(params.id));

  bind(app, resend, async ({ params }) => {
    const copy = await deps.mails.resend(params.id, deps.now());
    deps.queued();
    return copy;
  });
}
