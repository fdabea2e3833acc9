import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, requiredText } from '../common';
import { route } from '../route';
import { entityMeta } from './catalog-fields';

/** The gallery's filter buttons (besides All): a result outside them would never be filtered in. */
export const RESULT_CATEGORIES = ['Facials', 'Anti-Aging', 'Skin Rejuvenation', 'Acne Treatment'] as const;

export const resultSchema = z.object({
  ...entityMeta,
  treatmentId: z.string().nullable(),
  /** Name of the related treatment for the gallery; null when none is set or it was deleted. */
  treatmentName: z.string().nullable(),
  beforeImageUrl: z.string(),
  afterImageUrl: z.string(),
  description: z.string(),
  /** One of RESULT_CATEGORIES, or '' when not categorised (shown under All only). */
  category: z.string(),
  offeringType: offeringTypeSchema,
});
export type Result = z.infer<typeof resultSchema>;

const fields = {
  /** An existing treatment's id; '' or null means none. */
  treatmentId: z.preprocess((v) => (v === '' ? null : v), z.string({ error: 'treatmentId must be a treatment id' }).trim().max(100).nullable()).optional(),
  beforeImageUrl: imageUrlSchema.optional(),
  afterImageUrl: imageUrlSchema.optional(),
  description: requiredText('description'),
  category: z.enum([...RESULT_CATEGORIES, ''], { error: `category must be one of ${RESULT_CATEGORIES.join(', ')}` }).optional(),
  offeringType: offeringTypeSchema.optional(),
};
/** Before/after results are clinic content unless tagged otherwise. */
export const resultCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('clinic') });
export const resultUpdateSchema = z.object(fields).partial();
export type ResultCreate = z.input<typeof resultCreateSchema>;
export type ResultUpdate = z.input<typeof resultUpdateSchema>;

const tag = 'Results';
const params = idParamsSchema;
export const resultRoutes = {
  list: route({ method: 'get', path: '/api/results', service: 'catalog', access: 'public', tag, summary: 'List before/after results, newest first', query: offeringQuerySchema, response: z.array(resultSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/results/:id', service: 'catalog', access: 'public', tag, summary: 'One result', params, response: resultSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/results', service: 'catalog', access: 'admin', tag, summary: 'Create a result', body: resultCreateSchema, response: resultSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/results/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a result (fields left out stay as they are)', params, body: resultUpdateSchema, response: resultSchema }),
  remove: route({ method: 'delete', path: '/api/results/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a result', params, response: messageSchema }),
} as const;
