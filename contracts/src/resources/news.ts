import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, optionalText, requiredText } from '../common';
import { route } from '../route';
import { entityMeta } from './catalog-fields';

export const newsSchema = z.object({
  ...entityMeta,
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  /** ISO instant. */
  publishedAt: z.string(),
  category: z.string(),
  offeringType: offeringTypeSchema,
});
export type NewsArticle = z.infer<typeof newsSchema>;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (yyyy-MM-dd, taken as Manila midnight) or a full ISO instant; blank is missing. */
export const publishedAtSchema = z
  .string({ error: 'publishedAt is required' })
  .trim()
  .min(1, { error: 'publishedAt is required' })
  .refine((v) => !Number.isNaN(Date.parse(CALENDAR_DATE.test(v) ? `${v}T00:00:00+08:00` : v)), {
    error: 'publishedAt must be a date (yyyy-MM-dd) or an ISO date-time',
  })
  .transform((v) => new Date(CALENDAR_DATE.test(v) ? `${v}T00:00:00+08:00` : v).toISOString());

const fields = {
  title: requiredText('title', 300),
  excerpt: requiredText('excerpt', 1000),
  content: requiredText('content', 50000),
  imageUrl: imageUrlSchema.optional(),
  publishedAt: publishedAtSchema.optional(),
  category: optionalText(100),
  offeringType: offeringTypeSchema.optional(),
};
/**
 * The console's create call sends no date: an article left without one is published now.
 * Articles concern both sides unless tagged otherwise.
 */
export const newsCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('both') });
export const newsUpdateSchema = z.object(fields).partial();
export type NewsCreate = z.input<typeof newsCreateSchema>;
export type NewsUpdate = z.input<typeof newsUpdateSchema>;

const tag = 'News';
const params = idParamsSchema;
export const newsRoutes = {
  list: route({ method: 'get', path: '/api/news', service: 'catalog', access: 'public', tag, summary: 'List news by publishedAt, newest first', query: offeringQuerySchema, response: z.array(newsSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/news/:id', service: 'catalog', access: 'public', tag, summary: 'One news article', params, response: newsSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/news', service: 'catalog', access: 'admin', tag, summary: 'Create a news article (published now unless publishedAt is given)', body: newsCreateSchema, response: newsSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/news/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a news article (fields left out stay as they are)', params, body: newsUpdateSchema, response: newsSchema }),
  remove: route({ method: 'delete', path: '/api/news/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a news article', params, response: messageSchema }),
} as const;
