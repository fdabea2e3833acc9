import type { Express } from 'express';
import { newsRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { newsStore } from '../store/content';
import { mountContent } from './content-mount';

export const mountNews = (app: Express, deps: Pick<CatalogDeps, 'models' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: newsRoutes, store: newsStore(deps), list: 'news', noun: 'News article' });
