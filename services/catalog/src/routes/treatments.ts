import type { Express } from 'express';
import { treatmentRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { treatmentStore } from '../store/content';
import { mountContent } from './content-mount';

// Results show their treatment's name, so their lists go stale with it.
export const mountTreatments = (app: Express, deps: Pick<CatalogDeps, 'models' | 'relay' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: treatmentRoutes, store: treatmentStore(deps), list: 'treatments', alsoStale: ['results'], noun: 'Treatment' });
