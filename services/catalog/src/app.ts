import type { Express } from 'express';
import { createServiceApp, type Logger, type OutboxRelay, type RevocationList } from '@bb/service-kit';
import type { CatalogModels } from './models';
import { newsRoutesOn } from './routes/news';
import { packageRoutesOn } from './routes/packages';
import { portfolioRoutesOn } from './routes/portfolio';
import { createReadCaches } from './routes/reads';
import { resultRoutesOn } from './routes/results';
import { staffRoutesOn } from './routes/staff';
import { treatmentRoutesOn } from './routes/treatments';
import { uploadRoutesOn } from './routes/uploads';
import type { ImageStore } from './clients/image-store';

export interface CatalogAppDeps {
  logger: Logger;
  models: CatalogModels;
  relay: OutboxRelay;
  images: ImageStore;
  revocations: RevocationList;
  jwtSecret: string;
  /** How stale a visitor's list may be when another replica wrote (this one's writes show at once). */
  readCacheMs: number;
  isReady: () => boolean;
}

export function buildApp(deps: CatalogAppDeps): Express {
  const content = { models: deps.models, relay: deps.relay, caches: createReadCaches(deps.readCacheMs) };
  return createServiceApp({
    service: 'catalog',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: (jti) => deps.revocations.isRevoked(jti),
    isReady: deps.isReady,
    routes: (app) => {
      treatmentRoutesOn(app, content);
      resultRoutesOn(app, content);
      newsRoutesOn(app, content);
      staffRoutesOn(app, content);
      packageRoutesOn(app, content);
      portfolioRoutesOn(app, content);
      uploadRoutesOn(app, { images: deps.images, logger: deps.logger });
    },
  });
}
