import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, optionalText, requiredText } from '../common';
import { route } from '../route';
import { entityMeta } from './catalog-fields';

export const RESULT_CATEGORIES = ['Facials', 'Anti-Aging', 'Skin Rejuvenation', 'Acne Treatment'] as const;

export const resultSchema = z.object({
  ...entityMeta,
  treatmentId: z.string().nullable(),
  beforeImageUrl: z.string(),
  afterImageUrl: z.string(),
  description: z.string(),
  category: z.string(),
  offeringType: offeringTypeSchema,
});
export type Result = z.infer<typeof resultSchema>;

const fields = {
  treatmentId: z.string().trim().max(100).nullable().optional(),
  beforeImageUrl: imageUrlSchema.optional(),
  afterImageUrl: imageUrlSchema.optional(),
  description: requiredText('description'),
  category: optionalText(100),
  offeringType: offeringTypeSchema.optional(),
};
export const resultCreateSchema = z.object(fields);
export const resultUpdateSchema = z.object(fields).partial();
export type ResultCreate = z.input<typeof resultCreateSchema>;
export type ResultUpdate = z.input<typeof resultUpdateSchema>;

const tag = 'Results';
const params = idParamsSchema;
export const resultRoutes = [
  route({ method: 'get', path: '/api/results', service: 'catalog', access: 'public', tag, summary: 'List before/after results', query: offeringQuerySchema, response: z.array(resultSchema), cacheable: true }),
  route({ method: 'get', path: '/api/results/:id', service: 'catalog', access: 'public', tag, summary: 'One result', params, response: resultSchema, cacheable: true }),
  route({ method: 'post', path: '/api/results', service: 'catalog', access: 'admin', tag, summary: 'Create a result', body: resultCreateSchema, response: resultSchema, status: 201 }),
  route({ method: 'put', path: '/api/results/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a result', params, body: resultUpdateSchema, response: resultSchema }),
  route({ method: 'delete', path: '/api/results/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a result', params, response: messageSchema }),
] as const;
