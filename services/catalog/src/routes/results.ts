import type { Express } from 'express';
import { resultRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { resultStore } from '../store/content';
import { mountContent } from './content-mount';

export const mountResults = (app: Express, deps: Pick<CatalogDeps, 'models' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: resultRoutes, store: resultStore(deps), list: 'results', noun: 'Result' });
