import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { CatalogDeps } from './deps';
import { mountNews } from './routes/news';
import { mountPackages } from './routes/packages';
import { mountPortfolio } from './routes/portfolio';
import { mountResults } from './routes/results';
import { mountStaff } from './routes/staff';
import { mountTreatments } from './routes/treatments';
import { mountUploads } from './routes/uploads';

export function buildApp(context: ServiceAppContext, deps: CatalogDeps): Express {
  return createServiceApp({
    service: 'catalog',
    context,
    deps,
    mounts: [mountTreatments, mountResults, mountNews, mountStaff, mountPackages, mountPortfolio, mountUploads],
  });
}
