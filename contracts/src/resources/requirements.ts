import { z } from 'zod';
import { route } from '../route';
import { FRONT_DESK, MANAGEMENT } from '../roles';

export const MAX_REQUIRED_ROOMS = 10;

/** What one treatment or package needs; an item with none needs nothing (capacity per offering decides). */
export const requirementSchema = z.object({
  bookableId: z.string(),
  /** A practitioner who has the item among their skills. */
  practitioner: z.boolean(),
  /** Room and equipment ids, each needed once for the whole appointment. */
  rooms: z.array(z.string()),
});
export type Requirement = z.infer<typeof requirementSchema>;

export const requirementUpdateSchema = z.object({
  practitioner: z.boolean({ error: 'practitioner must be true or false' }),
  rooms: z
    .array(z.string({ error: 'rooms must be a list of room or equipment ids' }).trim().min(1).max(100), {
      error: 'rooms must be a list of room or equipment ids',
    })
    .max(MAX_REQUIRED_ROOMS, { error: `rooms may list at most ${MAX_REQUIRED_ROOMS} ids` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'each room or equipment may appear once' }),
});
export type RequirementUpdate = z.input<typeof requirementUpdateSchema>;

export const requirementParamsSchema = z.object({ bookableId: z.string().trim().min(1).max(100) });

const tag = 'Requirements';
export const requirementRoutes = {
  list: route({
    method: 'get',
    path: '/api/requirements',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'What each treatment or package needs (those that need nothing are not listed)',
    response: z.array(requirementSchema),
  }),
  save: route({
    method: 'put',
    path: '/api/requirements/:bookableId',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Say what a treatment or package needs: a practitioner with that skill, and rooms or equipment',
    description: 'Replaces what it needed. Every room must exist (400 otherwise).',
    params: requirementParamsSchema,
    body: requirementUpdateSchema,
    response: requirementSchema,
  }),
} as const;
