import { sideSchema } from '@bb/contracts';
import { retentionTask, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import { bookablesCopy, CatalogResync, staffCopy } from './clients/catalog-resync';
import type { BookingConfig } from './config';
import { consumeBookableChanges } from './events/bookables';
import { consumePayments } from './events/payments';
import { consumeStaffChanges } from './events/practitioners';
import { answerBookingPrivacy } from './events/privacy-requests';
import { createModels } from './models';
import { importDemoHolidays } from './seed/demo-holidays';
import { countUpcoming } from './store/contact-counts';
import { migrateToLedger } from './store/ledger-migration';
import { expireCustomerDetails } from './store/privacy';
import { ScheduleCopy } from './store/schedule-copy';
import { WaitlistNotifier } from './store/waitlist-notify';

/**
 * The booking service from its context: appointments and their capacity, office hours,
 * settings, slots and reports, practitioners, rooms and requirements, deposits (policies, and the
 * payments' events that confirm appointments); copies of the catalog's bookable items and staff
 * kept by its events.
 */
export const wire: Wire<BookingConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Appointment);
  ctx.relay.watch(models.WaitlistEntry);
  // Audit entries: a settings or deposit save's in its document, the others' in audit notes.
  ctx.relay.watch(models.Settings);
  ctx.relay.watch(models.DepositPolicy);
  ctx.relay.watch(models.DepositSettings);
  ctx.relay.watch(models.AuditNote);
  consumeBookableChanges(ctx.bus, models.Bookable);
  consumeStaffChanges(ctx.bus, models.Practitioner);
  answerBookingPrivacy(ctx.bus, models);
  const retention = retentionTask('booking', () => expireCustomerDetails(models, ctx.now()).then(() => undefined), logger);
  const resyncs = [bookablesCopy(models.Bookable), staffCopy(models.Practitioner)].map((copy) => new CatalogResync(copy, config.CATALOG_URL, logger));
  const schedule = new ScheduleCopy(models, logger);
  const waitlist = new WaitlistNotifier({ models, relay: ctx.relay, schedule, logger, now: ctx.now }, config.WAITLIST_SWEEP_INTERVAL_MS);
  const deps = {
    models,
    relay: ctx.relay,
    bus: ctx.bus,
    schedule,
    waitlist,
    manageLink: { secret: config.MANAGE_LINK_SECRET, expiryDays: config.MANAGE_LINK_EXPIRY_DAYS },
    now: ctx.now,
    slotHoldMinutes: config.SLOT_HOLD_MINUTES,
    logger,
  };
  return {
    app: buildApp(ctx, deps),
    beforeServe: async () => {
      // A database of the seats era moves onto the ledger first (once; replicas wait for the one running it).
      await migrateToLedger(ctx.conn, models.Migration, { logger, now: ctx.now() });
      for (const resync of resyncs) await resync.start();
      await schedule.start(ctx.bus);
      // Confirming a payment reads the schedule (capacity, practitioners' addresses): it starts once the copy is read.
      consumePayments(ctx.bus, deps);
      if (config.APP_MODE === 'demo') await importDemoHolidays({ models, schedule, bus: ctx.bus, logger, now: ctx.now() });
      // Appointments stored while a cap was off (or before counts) are counted nowhere: an offering with a cap on counts them from now.
      for (const offering of sideSchema.options) {
        const cap = schedule.policy(offering).maxUpcomingPerContact;
        if (cap > 0) await countUpcoming(models, offering, cap, ctx.now());
      }
      await waitlist.start();
      retention.start();
    },
    onStop: async () => {
      for (const resync of resyncs) resync.stop();
      schedule.stop();
      await waitlist.stop();
      await retention.stop();
    },
  };
};
