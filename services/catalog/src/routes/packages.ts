import type { Express } from 'express';
import { packageRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { packageStore } from '../store/content';
import { mountContent } from './content-mount';

export const mountPackages = (app: Express, deps: Pick<CatalogDeps, 'models' | 'relay' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: packageRoutes, store: packageStore(deps), list: 'packages', noun: 'Package' });
