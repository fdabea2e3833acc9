import type { Express } from 'express';
import { createServiceApp, type Logger, type OutboxRelay, type RevocationList } from '@bb/service-kit';
import type { ListChanges } from './events/list-changes';
import type { CatalogModels } from './models';
import { mountNews } from './routes/news';
import { mountPackages } from './routes/packages';
import { mountPortfolio } from './routes/portfolio';
import type { ReadCaches } from './store/read-cache';
import { mountResults } from './routes/results';
import { mountStaff } from './routes/staff';
import { mountTreatments } from './routes/treatments';
import { mountUploads } from './routes/uploads';
import type { ImageStore } from './clients/image-store';

export interface CatalogAppDeps {
  logger: Logger;
  models: CatalogModels;
  relay: OutboxRelay;
  images: ImageStore;
  revocations: RevocationList;
  jwtSecret: string;
  /** Public lists cached in this replica, and how their writes reach every replica's. */
  caches: ReadCaches;
  lists: ListChanges;
  isReady: () => boolean;
}

export function buildApp(deps: CatalogAppDeps): Express {
  const content = { models: deps.models, relay: deps.relay, caches: deps.caches, lists: deps.lists };
  return createServiceApp({
    service: 'catalog',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: (jti) => deps.revocations.isRevoked(jti),
    isReady: deps.isReady,
    routes: (app) => {
      mountTreatments(app, content);
      mountResults(app, content);
      mountNews(app, content);
      mountStaff(app, content);
      mountPackages(app, content);
      mountPortfolio(app, content);
      mountUploads(app, { images: deps.images });
    },
  });
}
