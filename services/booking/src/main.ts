import { OutboxRelay, startService } from '@bb/service-kit';
import { buildApp } from './app';
import { SeatSweeper } from './capacity/sweeper';
import { BOOKABLES_QUEUE, bookingEnvShape } from './config';
import { BookableResync, consumeBookableChanges } from './events/bookables';
import { createModels } from './models';

void startService('booking', bookingEnvShape, (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  // A relay of its own, to pass over the (large) appointments collection seldom; see OUTBOX_SWEEP_INTERVAL_MS.
  const relay = new OutboxRelay({ bus: ctx.bus, logger, intervalMs: config.OUTBOX_SWEEP_INTERVAL_MS });
  relay.watch(models.Appointment);
  consumeBookableChanges(ctx.bus, models.Bookable, BOOKABLES_QUEUE);
  const resync = new BookableResync(models.Bookable, config.CATALOG_URL, logger);
  const sweeper = new SeatSweeper(models, logger, config.SEAT_SWEEP_INTERVAL_MS);
  return {
    app: buildApp({ logger, models, relay, jwtSecret: config.JWT_SECRET, isRevoked: (jti) => ctx.revocations.isRevoked(jti), isReady: ctx.isReady }),
    beforeServe: async () => {
      relay.start();
      await resync.start();
      sweeper.start();
    },
    onStop: async () => {
      resync.stop();
      await sweeper.stop();
      await relay.stop();
    },
  };
});
