import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, requiredText } from '../common';
import { entityMeta } from './catalog-fields';
import { contentResource } from './content-routes';

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
};
/** Before/after results are clinic content unless tagged otherwise. */
export const {
  createSchema: resultCreateSchema,
  updateSchema: resultUpdateSchema,
  routes: resultRoutes,
} = contentResource({
  path: '/api/results',
  tag: 'Results',
  noun: 'result',
  item: resultSchema,
  fields,
  defaultOffering: 'clinic',
  summaries: { list: 'List before/after results, newest first' },
});
export type ResultCreate = z.input<typeof resultCreateSchema>;
export type ResultUpdate = z.input<typeof resultUpdateSchema>;
