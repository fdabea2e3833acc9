import type { Express } from 'express';
import type { ZodType } from 'zod';
import type { CatalogList, idParamsSchema, offeringQuerySchema, RouteDef } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import type { CatalogDeps } from '../deps';
import type { ContentStore } from '../store/content-store';
import { answerItem, answerList } from './reads';

type ById = RouteDef & { params: typeof idParamsSchema };

/** The five routes of a content resource, as contracts' contentResource makes them. */
export interface ContentRouteSet<Create, Update> {
  list: RouteDef & { query: typeof offeringQuerySchema };
  read: ById;
  create: RouteDef & { body: ZodType<Create> };
  update: ById & { body: ZodType<Update> };
  remove: ById;
}

export interface ContentMount<Item, Create, Update> {
  routes: ContentRouteSet<Create, Update>;
  store: ContentStore<Item, Create, Update>;
  /** Its cached public list, dropped after each write together with `alsoStale`. */
  list: CatalogList;
  alsoStale?: CatalogList[];
  /** As the answers name one item: 'News article' (not found, deleted). */
  noun: string;
}

/** Binds a content resource's routes: parse (bind), ask its store, answer; public reads through the list cache. */
export function mountContent<Item, Create, Update>(
  app: Express,
  { caches, lists }: Pick<CatalogDeps, 'caches' | 'lists'>,
  mount: ContentMount<Item, Create, Update>,
): void {
  const { routes, store, list, alsoStale = [], noun } = mount;
  const changed = () => lists.changed(list, ...alsoStale);
  const NOT_FOUND = `${noun} not found`;

  bind(app, routes.list, (input) => answerList(input, caches[list], input.query.offering ?? 'all', () => store.list(input.query.offering)));

  bind(app, routes.read, async (input) => {
    const item = await store.read(input.params.id);
    if (!item) throw notFound(NOT_FOUND);
    return answerItem(input, item);
  });

  bind(app, routes.create, async ({ body, requestId }) => {
    const item = await store.create(body, requestId);
    changed();
    return item;
  });

  bind(app, routes.update, async ({ params, body, requestId }) => {
    const item = await store.update(params.id, body, requestId);
    if (!item) throw notFound(NOT_FOUND);
    changed();
    return item;
  });

  bind(app, routes.remove, async ({ params, requestId }) => {
    if (!(await store.remove(params.id, requestId))) throw notFound(NOT_FOUND);
    changed();
    return { message: `${noun} deleted` };
  });
}
