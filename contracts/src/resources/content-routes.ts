import { z, type ZodRawShape, type ZodType } from 'zod';
import { idParamsSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, type OfferingType } from '../common';
import { MANAGEMENT } from '../roles';
import { route } from '../route';

export interface ContentDefinition<P extends string, Item extends ZodType, Fields extends ZodRawShape> {
  /** The collection's path, e.g. `/api/news`; one item is `<path>/:id`. */
  path: P;
  tag: string;
  /** As the summaries name one item: 'news article', 'staff member'. */
  noun: string;
  item: Item;
  /** What an admin writes, as a create requires it; offeringType is added by the factory. */
  fields: Fields;
  /** The side a new item belongs to when the request names none. */
  defaultOffering: OfferingType;
  /** The list's summary (its order differs per resource), and wording that differs from the usual. */
  summaries: { list: string; create?: string; remove?: string };
}

/**
 * A content resource's schemas and routes from its definition: public list and read (cached),
 * admin create, update (fields left out stay as they are) and delete. The six catalog
 * resources differ only in what the definition says.
 */
export function contentResource<const P extends string, Item extends ZodType, Fields extends ZodRawShape>(def: ContentDefinition<P, Item, Fields>) {
  const { path, tag, noun, item, fields, summaries } = def;
  const createSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default(def.defaultOffering) });
  const updateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.optional() }).partial();
  const itemPath = `${path}/:id` as const;
  const params = idParamsSchema;
  const service = 'catalog';
  const routes = {
    list: route({
      method: 'get',
      path,
      service,
      access: 'public',
      tag,
      summary: summaries.list,
      query: offeringQuerySchema,
      response: z.array(item),
      cacheable: true,
    }),
    read: route({ method: 'get', path: itemPath, service, access: 'public', tag, summary: `One ${noun}`, params, response: item, cacheable: true }),
    create: route({
      method: 'post',
      path,
      service,
      access: 'admin',
      roles: MANAGEMENT,
      tag,
      summary: summaries.create ?? `Create a ${noun}`,
      body: createSchema,
      response: item,
      status: 201,
    }),
    update: route({
      method: 'put',
      path: itemPath,
      service,
      access: 'admin',
      roles: MANAGEMENT,
      tag,
      summary: `Update a ${noun} (fields left out stay as they are)`,
      params,
      body: updateSchema,
      response: item,
    }),
    remove: route({
      method: 'delete',
      path: itemPath,
      service,
      access: 'admin',
      roles: MANAGEMENT,
      tag,
      summary: summaries.remove ?? `Delete a ${noun}`,
      params,
      response: messageSchema,
    }),
  } as const;
  return { createSchema, updateSchema, routes };
}
