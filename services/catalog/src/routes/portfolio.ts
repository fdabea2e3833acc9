import type { Express } from 'express';
import { portfolioRoutes } from '@bb/contracts';
import type { CatalogDeps } from '../deps';
import { portfolioStore } from '../store/content';
import { mountContent } from './content-mount';

export const mountPortfolio = (app: Express, deps: Pick<CatalogDeps, 'models' | 'caches' | 'lists'>) =>
  mountContent(app, deps, { routes: portfolioRoutes, store: portfolioStore(deps), list: 'portfolio', noun: 'Portfolio item' });
