import type { Express } from 'express';
import { notificationRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { toMail } from '../models/mail';
import type { NotificationRouteDeps } from './deps';

const { appointmentMails, resend } = notificationRoutes;

export function mountMails(app: Express, deps: NotificationRouteDeps): void {
  bind(app, appointmentMails, async ({ params }) => (await deps.mails.ofAppointment(params.id)).map(toMail));

  bind(app, resend, async ({ params }) => {
    const copy = await deps.mails.resend(params.id, deps.now());
    deps.queued();
    return toMail(copy);
  });
}
