import type { Express } from 'express';
import { portfolioRoutes, type PortfolioItem } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { Stored } from '../models';
import type { PortfolioDoc } from '../models/portfolio';
import { NEWEST_FIRST, messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = portfolioRoutes;

export const presentPortfolioItem = (doc: Stored<PortfolioDoc>): PortfolioItem => ({
  id: String(doc._id),
  title: doc.title,
  description: doc.description ?? '',
  category: doc.category,
  imageUrl: doc.imageUrl,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

export function mountPortfolio(app: Express, { models, caches, lists }: ContentDeps): void {
  const NOT_FOUND = 'Portfolio item not found';

  bind(app, list, (input) =>
    answerList(input, caches.portfolio, input.query.offering ?? 'all', async () =>
      (await models.Portfolio.find(offeringFilter(input.query.offering)).sort(NEWEST_FIRST).lean<Stored<PortfolioDoc>[]>()).map(presentPortfolioItem),
    ),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.Portfolio.findById(input.params.id).lean<Stored<PortfolioDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, presentPortfolioItem(doc));
  });

  bind(app, create, async ({ body }) => {
    const doc = await models.Portfolio.create(body);
    lists.changed('portfolio');
    return presentPortfolioItem(doc.toObject());
  });

  bind(app, update, async ({ params, body }) => {
    const doc = isObjectIdText(params.id) ? await models.Portfolio.findByIdAndUpdate(params.id, { $set: body }, { returnDocument: 'after' }).lean<Stored<PortfolioDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    lists.changed('portfolio');
    return presentPortfolioItem(doc);
  });

  bind(app, remove, async ({ params }) => {
    const deleted = isObjectIdText(params.id) && (await models.Portfolio.deleteOne({ _id: params.id })).deletedCount === 1;
    if (!deleted) throw notFound(NOT_FOUND);
    lists.changed('portfolio');
    return messageOf('Portfolio item');
  });
}
