import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, requiredText } from '../common';
import { route } from '../route';
import { bookingDurationSchema, commaListSchema, entityMeta } from './catalog-fields';

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
  offeringType: offeringTypeSchema.optional(),
};
/** Packages are the studio's unless tagged otherwise. */
export const packageCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('studio') });
export const packageUpdateSchema = z.object(fields).partial();
export type PackageCreate = z.input<typeof packageCreateSchema>;
export type PackageUpdate = z.input<typeof packageUpdateSchema>;

const tag = 'Packages';
const params = idParamsSchema;
export const packageRoutes = {
  list: route({ method: 'get', path: '/api/packages', service: 'catalog', access: 'public', tag, summary: 'List photography packages, newest first', query: offeringQuerySchema, response: z.array(packageSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/packages/:id', service: 'catalog', access: 'public', tag, summary: 'One package', params, response: packageSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/packages', service: 'catalog', access: 'admin', tag, summary: 'Create a package', body: packageCreateSchema, response: packageSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/packages/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a package (fields left out stay as they are)', params, body: packageUpdateSchema, response: packageSchema }),
  remove: route({ method: 'delete', path: '/api/packages/:id', service: 'catalog', access: 'admin', tag, summary: 'Delete a package', params, response: messageSchema }),
} as const;
