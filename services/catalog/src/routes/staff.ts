import type { Express } from 'express';
import { staffRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { staffStore } from '../store/content';
import { mountContent } from './content-mount';

export const mountStaff = (app: Express, deps: Pick<CatalogDeps, 'models' | 'relay' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: staffRoutes, store: staffStore(deps), list: 'staff', noun: 'Staff member' });
