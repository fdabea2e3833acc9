import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, requiredText } from '../common';
import { bookingDurationSchema, commaListSchema, entityMeta } from './catalog-fields';
import { contentResource } from './content-routes';

export const packageSchema = z.object({
  ...entityMeta,
  name: z.string(),
  description: z.string(),
  /** Display text, e.g. "2 hours". */
  duration: z.string(),
  /** Pesos. */
  price: z.number(),
  features: z.array(z.string()),
  imageUrl: z.string(),
  /** Minutes a booking of it takes; null when unknown (booking then counts 60). */
  defaultDuration: z.number().int().nullable(),
  offeringType: offeringTypeSchema,
});
export type Package = z.infer<typeof packageSchema>;

/** Pesos; a numeric string from a form is accepted too ("₱1,500" reads as 1500). */
export const priceSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/[₱,\s]/g, '')) : v === '' ? undefined : v),
  z
    .number({ error: 'price is required and must be a number' })
    .refine(Number.isFinite, { error: 'price must be a number' })
    .min(0, { error: 'price must not be negative' })
    .max(100_000_000, { error: 'price is too large' }),
);

const fields = {
  name: requiredText('name', 200),
  description: requiredText('description'),
  duration: requiredText('duration', 100),
  price: priceSchema,
  features: commaListSchema('features').optional(),
  imageUrl: imageUrlSchema.optional(),
  defaultDuration: bookingDurationSchema,
};
/** Packages are the studio's unless tagged otherwise. */
export const {
  createSchema: packageCreateSchema,
  updateSchema: packageUpdateSchema,
  routes: packageRoutes,
} = contentResource({
  path: '/api/packages',
  tag: 'Packages',
  noun: 'package',
  item: packageSchema,
  fields,
  defaultOffering: 'studio',
  summaries: { list: 'List photography packages, newest first' },
});
export type PackageCreate = z.input<typeof packageCreateSchema>;
export type PackageUpdate = z.input<typeof packageUpdateSchema>;
