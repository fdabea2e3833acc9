import type { Express } from 'express';
import { newsRoutes, type NewsArticle } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { Stored } from '../models';
import type { NewsDoc } from '../models/news';
import { messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = newsRoutes;

const NEWEST_PUBLISHED_FIRST = { publishedAt: -1, _id: -1 } as const;

export const presentNews = (doc: Stored<NewsDoc>): NewsArticle => ({
  id: String(doc._id),
  title: doc.title,
  excerpt: doc.excerpt,
  content: doc.content,
  imageUrl: doc.imageUrl ?? '',
  publishedAt: doc.publishedAt.toISOString(),
  category: doc.category ?? '',
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

export function mountNews(app: Express, { models, caches, lists }: ContentDeps): void {
  const NOT_FOUND = 'News article not found';

  bind(app, list, (input) =>
    answerList(input, caches.news, input.query.offering ?? 'all', async () =>
      (await models.News.find(offeringFilter(input.query.offering)).sort(NEWEST_PUBLISHED_FIRST).lean<Stored<NewsDoc>[]>()).map(presentNews),
    ),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.News.findById(input.params.id).lean<Stored<NewsDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, presentNews(doc));
  });

  bind(app, create, async ({ body }) => {
    const doc = await models.News.create({ ...body, publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date() });
    lists.changed('news');
    return presentNews(doc.toObject());
  });

  bind(app, update, async ({ params, body }) => {
    const changes = { ...body, ...(body.publishedAt ? { publishedAt: new Date(body.publishedAt) } : {}) };
    const doc = isObjectIdText(params.id) ? await models.News.findByIdAndUpdate(params.id, { $set: changes }, { returnDocument: 'after' }).lean<Stored<NewsDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    lists.changed('news');
    return presentNews(doc);
  });

  bind(app, remove, async ({ params }) => {
    const deleted = isObjectIdText(params.id) && (await models.News.deleteOne({ _id: params.id })).deletedCount === 1;
    if (!deleted) throw notFound(NOT_FOUND);
    lists.changed('news');
    return messageOf('News article');
  });
}
