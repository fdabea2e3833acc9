import type { Express } from 'express';
import { notificationRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { NotificationsDeps } from '../deps';

const { settings: read, saveSettings: save } = notificationRoutes;

export function mountSettings(app: Express, deps: NotificationsDeps): void {
  bind(app, read, async ({ params }) => deps.settings.read(params.offering));

  // A new lead time moves the reminders still queued; the ones sent stay sent.
  bind(app, save, async (input) => {
    const { params, body } = input;
    const { settings, previousLeadHours } = await deps.settings.save(params.offering, body, { relay: deps.relay, by: auditBy(input) });
    if (settings.reminderLeadHours !== previousLeadHours) {
      await deps.mails.moveReminders(params.offering, settings.reminderLeadHours, deps.now());
      deps.queued();
    }
    return settings;
  });
}
