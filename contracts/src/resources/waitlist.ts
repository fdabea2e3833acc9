import { z } from 'zod';
import { idParamsSchema, messageSchema, sideSchema } from '../common';
import { route } from '../route';
import { appointmentFieldsSchema, requireItems } from './appointments';
import { FRONT_DESK } from '../roles';

/**
 * A visitor waiting for a full slot: when a cancellation, a move or more capacity frees it,
 * everyone waiting for it is mailed in sign-up order, and the first to book it wins.
 */
export const WAITLIST_MESSAGES = {
  joined: "You're on the waitlist. We'll e-mail you if this time frees up.",
  notFull: 'That time is available now. Please book it.',
} as const;

/** The booking form's own fields and messages, without those only an appointment needs. */
export const waitlistRequestSchema = appointmentFieldsSchema
  .pick({ firstName: true, lastName: true, email: true, contact: true, preferredDate: true, preferredTime: true, treatments: true, offeringType: true })
  .superRefine(requireItems);
export type WaitlistRequest = z.input<typeof waitlistRequestSchema>;

export const WAITLIST_STATUSES = ['waiting', 'notified'] as const;

/**
 * What the visitor is told: the slot and the message, the same whether this sign-up made an
 * entry or the address already waits for the slot, so the answer tells nobody who waits or how
 * many do (the slot-opened mail tells the visitor their place).
 */
export const waitlistJoinedSchema = z.object({
  offeringType: sideSchema,
  preferredDate: z.string(),
  preferredTime: z.string(),
  message: z.string(),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** An entry as staff see it. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  offeringType: sideSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contact: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  status: z.enum(WAITLIST_STATUSES),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistQuerySchema = z.object({ offeringType: sideSchema.optional() });

/**
 * Where the slot-opened mail sends the visitor: the offering's page, its booking form filled in
 * with the slot and the items (the web app reads these parameters).
 */
export function bookingLinkPath(offering: z.infer<typeof sideSchema>, slot: { date: string; time: string; items: readonly string[] }): string {
  const query = new URLSearchParams({ date: slot.date, time: slot.time });
  for (const item of slot.items) query.append('item', item);
  return `/${offering}?${query.toString()}#booking`;
}

const tag = 'Waitlist';
export const waitlistRoutes = {
  join: route({
    method: 'post',
    path: '/api/waitlist',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Ask to be e-mailed if a full slot frees up',
    description:
      "The slot must be one of the day's slots and full now (otherwise 409: book it). Signing up again for the same slot with the same e-mail answers the same and changes nothing (the entry keeps its place and status).",
    body: waitlistRequestSchema,
    response: waitlistJoinedSchema,
    status: 201,
    errors: { 409: WAITLIST_MESSAGES.notFull },
  }),
  list: route({
    method: 'get',
    path: '/api/waitlist',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Waitlist entries of slots still to come, by slot and sign-up order',
    query: waitlistQuerySchema,
    response: z.array(waitlistEntrySchema),
  }),
  remove: route({
    method: 'delete',
    path: '/api/waitlist/:id',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Take an entry off the waitlist',
    params: idParamsSchema,
    response: messageSchema,
  }),
} as const;
