import { z } from 'zod';
import { imageUrlSchema, offeringTypeSchema, requiredText } from '../common';
import { entityMeta } from './catalog-fields';
import { contentResource } from './content-routes';

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
};
/** A team member shows on both sides unless tagged with one. */
export const {
  createSchema: staffCreateSchema,
  updateSchema: staffUpdateSchema,
  routes: staffRoutes,
} = contentResource({
  path: '/api/staff',
  tag: 'Staff',
  noun: 'staff member',
  item: staffSchema,
  fields,
  defaultOffering: 'both',
  summaries: { list: 'List staff by displayOrder, then name', create: 'Add a staff member', remove: 'Remove a staff member' },
});
export type StaffCreate = z.input<typeof staffCreateSchema>;
export type StaffUpdate = z.input<typeof staffUpdateSchema>;
