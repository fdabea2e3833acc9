// The events the subscriber tests hand the service, as their publishers send them.
import type { EventData } from '@bb/contracts';

/** A booking's created event: Ana Cruz's clinic facial, her name and address as typed (spaces and capitals kept). */
export const bookingCreated = (over: Partial<EventData<'booking.appointment.created'>> = {}): EventData<'booking.appointment.created'> => ({
  appointmentId: 'a1',
  revision: 0,
  firstName: ' Ana ',
  lastName: 'Cruz',
  email: ' Ana.Cruz@Example.com ',
  contact: '+63 917 000 0000',
  offeringType: 'clinic',
  items: [{ id: 't1', name: 'Facial' }],
  preferredDate: '2026-03-01',
  preferredTime: '10:00',
  startTime: '2026-03-01T02:00:00.000Z',
  endTime: '2026-03-01T03:00:00.000Z',
  status: 'pending',
  createdAt: '2026-02-01T00:00:00.000Z',
  ...over,
});
