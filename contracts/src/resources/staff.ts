import { z } from 'zod';
import { idParamsSchema, imageUrlSchema, messageSchema, offeringQuerySchema, offeringTypeSchema, requiredText } from '../common';
import { route } from '../route';
import { entityMeta } from './catalog-fields';

export const staffSchema = z.object({
  ...entityMeta,
  name: z.string(),
  position: z.string(),
  bio: z.string(),
  imageUrl: z.string(),
  /** Lower shows first; ties are ordered by name. */
  displayOrder: z.number().int(),
  offeringType: offeringTypeSchema,
});
export type StaffMember = z.infer<typeof staffSchema>;

const fields = {
  name: requiredText('name', 200),
  position: requiredText('position', 200),
  bio: requiredText('bio'),
  imageUrl: imageUrlSchema.optional(),
  /** Left out, null or blank means 0. */
  displayOrder: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.number({ error: 'displayOrder must be an integer' }).int({ error: 'displayOrder must be an integer' }).min(-100000).max(100000),
  ),
  offeringType: offeringTypeSchema.optional(),
};
/** A team member shows on both sides unless tagged with one. */
export const staffCreateSchema = z.object({ ...fields, offeringType: offeringTypeSchema.default('both') });
export const staffUpdateSchema = z.object(fields).partial();
export type StaffCreate = z.input<typeof staffCreateSchema>;
export type StaffUpdate = z.input<typeof staffUpdateSchema>;

const tag = 'Staff';
const params = idParamsSchema;
export const staffRoutes = {
  list: route({ method: 'get', path: '/api/staff', service: 'catalog', access: 'public', tag, summary: 'List staff by displayOrder, then name', query: offeringQuerySchema, response: z.array(staffSchema), cacheable: true }),
  read: route({ method: 'get', path: '/api/staff/:id', service: 'catalog', access: 'public', tag, summary: 'One staff member', params, response: staffSchema, cacheable: true }),
  create: route({ method: 'post', path: '/api/staff', service: 'catalog', access: 'admin', tag, summary: 'Add a staff member', body: staffCreateSchema, response: staffSchema, status: 201 }),
  update: route({ method: 'put', path: '/api/staff/:id', service: 'catalog', access: 'admin', tag, summary: 'Update a staff member (fields left out stay as they are)', params, body: staffUpdateSchema, response: staffSchema }),
  remove: route({ method: 'delete', path: '/api/staff/:id', service: 'catalog', access: 'admin', tag, summary: 'Remove a staff member', params, response: messageSchema }),
} as const;
