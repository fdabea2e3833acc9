import { z } from 'zod';

/** Every message on the bus travels in this envelope; `data` is checked against its type's schema. */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.string(),
  source: z.string().min(1),
  correlationId: z.string().optional(),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };
