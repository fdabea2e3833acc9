import { ImageStore, imageStoreOptions, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { CatalogConfig } from './config';
import { ListChanges } from './events/list-changes';
import { createModels } from './models';
import { createReadCaches } from './store/read-cache';
import { seedDemoContent } from './seed/demo';

/** The catalog from its context: content, images in S3, bookable events through the outbox, demo content in demo mode. */
export const wire: Wire<CatalogConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  // Treatments and packages carry catalog.bookable.changed in their outbox, staff catalog.staff.changed.
  ctx.relay.watch(models.Treatment);
  ctx.relay.watch(models.Package);
  ctx.relay.watch(models.Staff);
  const caches = createReadCaches(config.READ_CACHE_MS);
  const lists = new ListChanges(caches, ctx.bus, logger);
  lists.listen();
  const images = new ImageStore(imageStoreOptions(config));
  return {
    app: buildApp(ctx, { models, relay: ctx.relay, images, caches, lists }),
    beforeServe: async () => {
      await images.ensureBucket(logger);
      if (config.APP_MODE === 'demo') await seedDemoContent({ models, images, logger, kickRelay: () => ctx.relay.kick() });
    },
    onStop: async () => images.close(),
  };
};
