import type { Express } from 'express';
import { scheduleRoutes, type Settings, type Side } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { countUpcoming } from '../store/contact-counts';
import type { ScheduleCopy } from '../store/schedule-copy';
import { saveSettings } from '../store/schedule-writes';

const { settings: getSettings, saveSettings: putSettings } = scheduleRoutes;

const settingsOf = (schedule: ScheduleCopy, offering: Side): Settings => ({
  offeringType: offering,
  maxSessionsPerSlot: schedule.capacity(offering),
  changeCutoffHours: schedule.changeCutoffHours(offering),
  maxReschedulesPerBooking: schedule.maxReschedules(offering),
  ...schedule.policy(offering),
});

export function mountSettings(app: Express, { models, relay, schedule, bus, waitlist, now }: BookingDeps): void {
  bind(app, getSettings, ({ params }) => settingsOf(schedule, params.offering));

  // Lowering capacity leaves existing appointments alone: their places stay, new bookings find the block full.
  // A new policy applies to bookings from now on: appointments keep the places (buffer too) they hold.
  bind(app, putSettings, async (input) => {
    const { params, body } = input;
    await saveSettings(models, relay, params.offering, body, auditBy(input));
    await schedule.scheduleSaved(bus, params.offering);
    await waitlist.settingsSaved(params.offering);
    // A cap saved on counts the appointments booked while it was off too.
    const cap = schedule.policy(params.offering).maxUpcomingPerContact;
    if (body.maxUpcomingPerContact !== undefined && cap > 0) await countUpcoming(models, params.offering, cap, now());
    return settingsOf(schedule, params.offering);
  });
}
