import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, requiredText } from '../common';
import { bookingDurationSchema, entityMeta, textListSchema } from './catalog-fields';
import { contentResource } from './content-routes';

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
};
/** Treatments are clinic content unless tagged otherwise. */
export const {
  createSchema: treatmentCreateSchema,
  updateSchema: treatmentUpdateSchema,
  routes: treatmentRoutes,
} = contentResource({
  path: '/api/treatments',
  tag: 'Treatments',
  noun: 'treatment',
  item: treatmentSchema,
  fields,
  defaultOffering: 'clinic',
  summaries: { list: 'List treatments, newest first' },
});
export type TreatmentCreate = z.input<typeof treatmentCreateSchema>;
export type TreatmentUpdate = z.input<typeof treatmentUpdateSchema>;
