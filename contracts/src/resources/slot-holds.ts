import { z } from 'zod';
import { route } from '../route';
import { appointmentFieldsSchema, holdIdSchema, requireItems, SLOT_FULL_MESSAGE } from './appointments';

/** The slot to hold, as the booking form has it: offering, date, time and the chosen items. */
export const slotHoldRequestSchema = appointmentFieldsSchema
  .pick({ offeringType: true, preferredDate: true, preferredTime: true, treatments: true, practitionerId: true })
  .superRefine(requireItems);
export type SlotHoldRequest = z.input<typeof slotHoldRequestSchema>;

export const slotHoldSchema = z.object({ holdId: z.string(), expiresAt: z.string() });
export type SlotHold = z.infer<typeof slotHoldSchema>;

export const slotHoldParamsSchema = z.object({ holdId: holdIdSchema });

const tag = 'Availability';
export const slotHoldRoutes = {
  create: route({
    method: 'post',
    path: '/api/slot-holds',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Hold a slot while the visitor fills in the booking form',
    description:
      'Checks the slot as a booking would (same items, duration, buffer and policy; the same 400s) and holds its places for `SLOT_HOLD_MINUTES` (10 by default): others see it taken (`full`) until the hold is booked, released or expires. `POST /api/appointments` with the `holdId` books within it, and `GET /api/available-slots` with the `holdId` counts it as free for its holder. A slot without room answers 409.',
    body: slotHoldRequestSchema,
    response: slotHoldSchema,
    status: 201,
    errors: { 409: SLOT_FULL_MESSAGE },
  }),
  release: route({
    method: 'delete',
    path: '/api/slot-holds/:holdId',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Release a hold',
    description: 'Gives the held places back at once. A hold that expired, was booked or released already answers 204 too.',
    params: slotHoldParamsSchema,
    status: 204,
  }),
};
