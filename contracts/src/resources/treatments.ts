import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, requiredText } from '../common';
import { route } from '../route';
import { bookingDurationSchema, entityMeta, textListSchema } from './catalog-fields';

export const treatmentSchema = z.object({
  ...entityMeta,
  name: z.string(),
  description: z.string(),
  /** Display text, e.g. "60 minutes". */
  duration: z.string(),
  /** Display text, may carry the peso sign, e.g. "₱2,500". */
  price: z.string(),
  imageUrl: z.string(),
  whatToExpect: z.array(z.string()),
  /** Minutes a booking of it takes; null when unknown (booking then counts 60). */
  defaultDuration: z.number().int().nullable(),
  offeringType: offeringTypeSchema,
});
export type Treatment = z.infer<typeof treatmentSchema>;

const fields = {
  name: requiredText('name', 200),
  description: requiredText('description'),
  duration: requiredText('duration', 100),
  price: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText('price', 100)),
  imageUrl: imageUrlSchema.optional(),
  whatToExpect: textListSchema('whatToExpect').optional(),
  defaultDuration: bookingDurationSchema,
  offeringType: offeringTypeSchema.optional(),
};
/** Treatments are clinic content unless tagged otherwise. */
export const treatmentCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('clinic') });
export const treatmentUpdateSchema = z.object(fields).partial();
export type TreatmentCreate = z.input<typeof treatmentCreateSchema>;
export type TreatmentUpdate = z.input<typeof treatmentUpdateSchema>;

const tag = 'Treatments';
const params = idParamsSchema;
export const treatmentRoutes = {
  list: route({ method: 'get', path: '/api/treatments', service: 'catalog', access: 'public', tag, summary: 'List treatments, newest first', query: offeringQuerySchema, response: z.array(treatmentSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/treatments/:id', service: 'catalog', access: 'public', tag, summary: 'One treatment', params, response: treatmentSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/treatments', service: 'catalog', access: 'admin', tag, summary: 'Create a treatment', body: treatmentCreateSchema, response: treatmentSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/treatments/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a treatment (fields left out stay as they are)', params, body: treatmentUpdateSchema, response: treatmentSchema }),
  remove: route({ method: 'delete', path: '/api/treatments/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a treatment', params, response: messageSchema }),
} as const;
