import { sideSchema } from '@bb/contracts';
import type { Wire } from '@bb/service-kit';
import { buildApp } from './app';
import { BookableResync } from './clients/catalog-resync';
import type { BookingConfig } from './config';
import { consumeBookableChanges } from './events/bookables';
import { createModels } from './models';
import { importDemoHolidays } from './seed/demo-holidays';
import { countUpcoming } from './store/contact-counts';
import { migrateToLedger } from './store/ledger-migration';
import { ScheduleCopy } from './store/schedule-copy';
import { WaitlistNotifier } from './store/waitlist-notify';

/**
 * The booking service from its context: appointments and their capacity, office hours,
 * settings, slots and reports; a copy of the catalog's bookable items kept by its events.
 */
export const wire: Wire<BookingConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Appointment);
  ctx.relay.watch(models.WaitlistEntry);
  consumeBookableChanges(ctx.bus, models.Bookable);
  const resync = new BookableResync(models.Bookable, config.CATALOG_URL, logger);
  const schedule = new ScheduleCopy(models, logger);
  const waitlist = new WaitlistNotifier({ models, relay: ctx.relay, schedule, logger, now: ctx.now }, config.WAITLIST_SWEEP_INTERVAL_MS);
  return {
    app: buildApp(ctx, {
      models,
      relay: ctx.relay,
      bus: ctx.bus,
      schedule,
      waitlist,
      manageLink: { secret: config.MANAGE_LINK_SECRET, expiryDays: config.MANAGE_LINK_EXPIRY_DAYS },
      now: ctx.now,
      slotHoldMinutes: config.SLOT_HOLD_MINUTES,
      logger,
    }),
    beforeServe: async () => {
      await resync.start();
      await schedule.start(ctx.bus);
      // A database from before the ledger: its upcoming appointments' seats become ledger entries, once.
      await migrateToLedger(models, ctx.now(), logger);
      if (config.APP_MODE === 'demo') await importDemoHolidays({ models, schedule, bus: ctx.bus, logger, now: ctx.now() });
      // Appointments stored while a cap was off (or before counts) are counted nowhere: an offering with a cap on counts them from now.
      for (const offering of sideSchema.options) {
        const cap = schedule.policy(offering).maxUpcomingPerContact;
        if (cap > 0) await countUpcoming(models, offering, cap, ctx.now());
      }
      await waitlist.start();
    },
    onStop: async () => {
      resync.stop();
      schedule.stop();
      await waitlist.stop();
    },
  };
};
