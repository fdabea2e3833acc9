import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, optionalText, requiredText } from '../common';
import { entityMeta } from './catalog-fields';
import { contentResource } from './content-routes';

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
};
/**
 * The console's create call sends no date: an article left without one is published now.
 * Articles concern both sides unless tagged otherwise.
 */
export const {
  createSchema: newsCreateSchema,
  updateSchema: newsUpdateSchema,
  routes: newsRoutes,
} = contentResource({
  path: '/api/news',
  tag: 'News',
  noun: 'news article',
  item: newsSchema,
  fields,
  defaultOffering: 'both',
  summaries: { list: 'List news by publishedAt, newest first', create: 'Create a news article (published now unless publishedAt is given)' },
});
export type NewsCreate = z.input<typeof newsCreateSchema>;
export type NewsUpdate = z.input<typeof newsUpdateSchema>;
