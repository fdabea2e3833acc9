import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, optionalText, requiredText } from '../common';
import { entityMeta } from './catalog-fields';
import { contentResource } from './content-routes';

export const portfolioItemSchema = z.object({
  ...entityMeta,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  offeringType: offeringTypeSchema,
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

const requiredImageUrl = z.string({ error: 'imageUrl is required' }).trim().min(1, { error: 'imageUrl is required' }).pipe(imageUrlSchema);

const fields = {
  title: requiredText('title', 200),
  description: optionalText(),
  category: requiredText('category', 100),
  imageUrl: requiredImageUrl,
};
/** The portfolio is the studio's unless tagged otherwise. */
export const {
  createSchema: portfolioCreateSchema,
  updateSchema: portfolioUpdateSchema,
  routes: portfolioRoutes,
} = contentResource({
  path: '/api/portfolio',
  tag: 'Portfolio',
  noun: 'portfolio item',
  item: portfolioItemSchema,
  fields,
  defaultOffering: 'studio',
  summaries: { list: 'List portfolio items, newest first' },
});
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;
export type PortfolioUpdate = z.input<typeof portfolioUpdateSchema>;
