import type { Express } from 'express';
import { DEFAULT_BOOKING_POLICY, DEFAULT_CHANGE_CUTOFF_HOURS, DEFAULT_MAX_RESCHEDULES, scheduleRoutes, type Settings, type Side } from '@bb/contracts';
import { bind, type EventBus } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { DEFAULT_MAX_SESSIONS_PER_SLOT } from '../models/settings';
import { claimForUpcoming } from '../store/contact-claims';
import type { ScheduleCopy } from '../store/schedule-copy';
import type { WaitlistNotifier } from '../store/waitlist-notify';

const { settings: getSettings, saveSettings: putSettings } = scheduleRoutes;

export interface ScheduleRouteDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  bus: EventBus;
}

const settingsOf = (schedule: ScheduleCopy, offering: Side): Settings => ({
  offeringType: offering,
  maxSessionsPerSlot: schedule.capacity(offering),
  changeCutoffHours: schedule.changeCutoffHours(offering),
  maxReschedulesPerBooking: schedule.maxReschedules(offering),
  ...schedule.policy(offering),
});

/** Every setting with its default: what a first save stores for the fields it leaves out. */
const DEFAULTS = { maxSessionsPerSlot: DEFAULT_MAX_SESSIONS_PER_SLOT, changeCutoffHours: DEFAULT_CHANGE_CUTOFF_HOURS, maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES, ...DEFAULT_BOOKING_POLICY };

export function mountSettings(app: Express, { models, schedule, bus, waitlist, now }: ScheduleRouteDeps & { waitlist: WaitlistNotifier; now: () => Date }): void {
  bind(app, getSettings, ({ params }) => settingsOf(schedule, params.offering));

  // Lowering capacity leaves existing appointments alone: their seats stay, new bookings find the block full.
  // A new policy applies to bookings from now on: appointments keep the seats (buffer too) they hold.
  // Any fields may come; those left out keep their value (their default on first save), in one write.
  bind(app, putSettings, async ({ params, body }) => {
    const fields = Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[];
    const given = Object.fromEntries(fields.flatMap((field) => (body[field] !== undefined ? [[field, body[field]]] : [])));
    const missing = Object.fromEntries(fields.flatMap((field) => (body[field] === undefined ? [[field, DEFAULTS[field]]] : [])));
    await models.Settings.updateOne({ _id: params.offering }, { $set: given, $setOnInsert: missing }, { upsert: true });
    await schedule.scheduleSaved(bus, params.offering);
    await waitlist.settingsSaved(params.offering);
    // A cap saved on counts the appointments booked while it was off too.
    const cap = schedule.policy(params.offering).maxUpcomingPerContact;
    if (body.maxUpcomingPerContact !== undefined && cap > 0) await claimForUpcoming(models, params.offering, cap, now());
    return settingsOf(schedule, params.offering);
  });
}
