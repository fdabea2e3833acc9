import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, optionalText, requiredText } from '../common';
import { route } from '../route';
import { entityMeta } from './catalog-fields';

export const portfolioItemSchema = z.object({
  ...entityMeta,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  offeringType: offeringTypeSchema,
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

const requiredImageUrl = z
  .string({ error: 'imageUrl is required' })
  .trim()
  .min(1, { error: 'imageUrl is required' })
  .pipe(imageUrlSchema);

const fields = {
  title: requiredText('title', 200),
  description: optionalText(),
  category: requiredText('category', 100),
  imageUrl: requiredImageUrl,
  offeringType: offeringTypeSchema.optional(),
};
/** The portfolio is the studio's unless tagged otherwise. */
export const portfolioCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('studio') });
export const portfolioUpdateSchema = z.object(fields).partial();
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;
export type PortfolioUpdate = z.input<typeof portfolioUpdateSchema>;

const tag = 'Portfolio';
const params = idParamsSchema;
export const portfolioRoutes = {
  list: route({ method: 'get', path: '/api/portfolio', service: 'catalog', access: 'public', tag, summary: 'List portfolio items, newest first', query: offeringQuerySchema, response: z.array(portfolioItemSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/portfolio/:id', service: 'catalog', access: 'public', tag, summary: 'One portfolio item', params, response: portfolioItemSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/portfolio', service: 'catalog', access: 'admin', tag, summary: 'Create a portfolio item', body: portfolioCreateSchema, response: portfolioItemSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/portfolio/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a portfolio item (fields left out stay as they are)', params, body: portfolioUpdateSchema, response: portfolioItemSchema }),
  remove: route({ method: 'delete', path: '/api/portfolio/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a portfolio item', params, response: messageSchema }),
} as const;
