import { z } from 'zod';
import { idParamsSchema, messageSchema, requiredText, sideSchema } from '../common';
import { route } from '../route';
import { FRONT_DESK, MANAGEMENT } from '../roles';

export const ROOM_KINDS = ['room', 'equipment'] as const;
export const MAX_ROOM_COUNT = 20;

/** A room or a piece of equipment of one offering, and how many of it there are ("Treatment room × 3"). */
export const roomSchema = z.object({
  /** A slug of the name it was created with (`laser`, `studio-a`); it stays when the name changes. */
  id: z.string(),
  offeringType: sideSchema,
  name: z.string(),
  kind: z.enum(ROOM_KINDS),
  count: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

const countMessage = `count must be a whole number from 1 to ${MAX_ROOM_COUNT}`;
const roomFields = {
  name: requiredText('name', 100),
  kind: z.enum(ROOM_KINDS, { error: 'kind must be room or equipment' }),
  count: z.number({ error: countMessage }).int({ error: countMessage }).min(1, { error: countMessage }).max(MAX_ROOM_COUNT, { error: countMessage }),
};

export const roomCreateSchema = z.object({ offeringType: sideSchema, ...roomFields });
export type RoomCreate = z.input<typeof roomCreateSchema>;

/** Any of name, kind and count; the offering and the id stay. */
export const roomUpdateSchema = z
  .object(roomFields)
  .partial()
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: 'give at least one of name, kind, count' });
export type RoomUpdate = z.input<typeof roomUpdateSchema>;

export const roomsQuerySchema = z.object({ offeringType: sideSchema.optional() });

/** A room's id from its name: lower case, runs of anything but letters and digits as one dash. */
export const roomSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

const tag = 'Rooms and equipment';
export const roomRoutes = {
  list: route({
    method: 'get',
    path: '/api/rooms',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Rooms and equipment, of one offering or all, by name',
    query: roomsQuerySchema,
    response: z.array(roomSchema),
  }),
  create: route({
    method: 'post',
    path: '/api/rooms',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Add a room or a piece of equipment',
    description: 'Its id is a slug of its name, unique: a second one of the same slug answers 409.',
    body: roomCreateSchema,
    response: roomSchema,
    status: 201,
    errors: { 409: 'A room or equipment of this name exists' },
  }),
  update: route({
    method: 'put',
    path: '/api/rooms/:id',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Rename a room or equipment, or change its kind or count',
    params: idParamsSchema,
    body: roomUpdateSchema,
    response: roomSchema,
  }),
  remove: route({
    method: 'delete',
    path: '/api/rooms/:id',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Remove a room or equipment no treatment or package needs',
    params: idParamsSchema,
    response: messageSchema,
    errors: { 409: 'Treatments or packages need it (the message names them): change their requirements first' },
  }),
} as const;
