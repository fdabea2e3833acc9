import type { EventData } from '@bb/contracts';
import { outboxEvent } from '@bb/service-kit';

/** booking.appointment.created, stored with the appointment it announces (subscriber capture). */
export const appointmentCreated = (data: EventData<'booking.appointment.created'>, correlationId?: string) =>
  outboxEvent('booking', 'booking.appointment.created', data, correlationId);
