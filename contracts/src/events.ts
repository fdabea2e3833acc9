import { z } from 'zod';
import { offeringTypeSchema, sideSchema } from './common';
import { chatMessageSchema } from './resources/chat';

/** Every event type on the bus and the schema of its `data`. The type is the routing key. */
export const eventSchemas = {
  'catalog.bookable.changed': z.object({
    id: z.string(),
    kind: z.enum(['treatment', 'package']),
    name: z.string(),
    defaultDuration: z.number().int().nullable(),
    offeringType: offeringTypeSchema,
    deleted: z.boolean(),
    /** Orders changes of one item: a consumer ignores a version older than what it holds. */
    version: z.number().int(),
  }),
  'booking.appointment.created': z.object({
    appointmentId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    contact: z.string(),
    offeringType: sideSchema,
    items: z.array(z.object({ id: z.string(), name: z.string() })),
    preferredDate: z.string(),
    preferredTime: z.string(),
    createdAt: z.string(),
  }),
  /** Capacity or office hours of an offering were saved: every booking replica reads them again. */
  'booking.schedule.changed': z.object({ offeringType: sideSchema }),
  'chat.conversation.started': z.object({
    conversationId: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    offeringType: offeringTypeSchema,
    createdAt: z.string(),
  }),
  // The message as the API answers it, its id named messageId.
  'chat.message.created': chatMessageSchema.omit({ id: true }).extend({ messageId: z.string() }),
  'auth.session.revoked': z.object({
    jti: z.string(),
    /** Unix seconds: after this the token is expired anyway and the entry can go. */
    expiresAt: z.number().int(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];
