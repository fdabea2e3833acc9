import type { EventBus } from '@bb/service-kit';
import type { Mailer } from '../store/mailer';

/** One durable queue per event type: events published while this service is down wait there. */
export const MAIL_QUEUES = {
  created: 'notifications.appointment-created',
  rescheduled: 'notifications.appointment-rescheduled',
  cancelled: 'notifications.appointment-cancelled',
  statusChanged: 'notifications.appointment-status-changed',
  newsletter: 'notifications.newsletter-confirmation',
  slotOpened: 'notifications.waitlist-slot-opened',
  staffInvited: 'notifications.staff-invited',
} as const;

/**
 * What notifications hears: the appointment lifecycle, freed waitlist slots, newsletter sign-ups and staff invitations. A handler only
 * queues mail records (ids derived from the event, so a redelivery adds nothing); sending is
 * the sender's work, so an SMTP outage never holds up or dead-letters an event.
 */
export function consumeMailEvents(bus: EventBus, mailer: Mailer): void {
  bus.subscribe(MAIL_QUEUES.created, ['booking.appointment.created'], (event) => mailer.created(event.data));
  bus.subscribe(MAIL_QUEUES.rescheduled, ['booking.appointment.rescheduled'], (event) => mailer.rescheduled(event.data));
  bus.subscribe(MAIL_QUEUES.cancelled, ['booking.appointment.cancelled'], (event) => mailer.cancelled(event.data));
  bus.subscribe(MAIL_QUEUES.statusChanged, ['booking.appointment.status-changed'], (event) => mailer.statusChanged(event.data));
  bus.subscribe(MAIL_QUEUES.slotOpened, ['booking.waitlist.slot-opened'], (event) => mailer.slotOpened(event.data));
  bus.subscribe(MAIL_QUEUES.staffInvited, ['auth.user.invited'], (event) => mailer.staffInvitation(event.data));
  bus.subscribe(MAIL_QUEUES.newsletter, ['subscribers.confirmation.requested'], (event) => mailer.newsletterConfirmation(event.data));
}
