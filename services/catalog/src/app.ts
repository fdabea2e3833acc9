import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { ContentDeps } from './routes/context';
import { mountNews } from './routes/news';
import { mountPackages } from './routes/packages';
import { mountPortfolio } from './routes/portfolio';
import { mountResults } from './routes/results';
import { mountStaff } from './routes/staff';
import { mountTreatments } from './routes/treatments';
import { mountUploads, type UploadDeps } from './routes/uploads';

export type CatalogAppDeps = ContentDeps & UploadDeps;

export function buildApp(context: ServiceAppContext, deps: CatalogAppDeps): Express {
  return createServiceApp({
    service: 'catalog',
    context,
    deps,
    mounts: [mountTreatments, mountResults, mountNews, mountStaff, mountPackages, mountPortfolio, mountUploads],
  });
}
