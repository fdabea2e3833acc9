import type { EventBus, Logger } from '@bb/service-kit';
import { contactFromBooking, contactFromChat, type Contact } from '../domain/contact';
import type { SubscriberStore } from '../store/subscriber-store';

export const CAPTURE_QUEUES = { booking: 'subscribers.capture-booking', chat: 'subscribers.capture-chat' } as const;

/**
 * Everyone who books or starts a chat lands on the list. Each source has its own durable
 * queue: events published while this service is down wait there. Capturing is idempotent by
 * the address, so a redelivered event changes nothing.
 */
export function consumeContactEvents(bus: EventBus, subscribers: SubscriberStore, logger: Logger): void {
  const capture = async (contact: Contact | null, eventId: string) => {
    if (!contact) {
      logger.warn({ eventId }, 'event without a usable e-mail address, nobody captured');
      return;
    }
    await subscribers.capture(contact);
  };
  bus.subscribe(CAPTURE_QUEUES.booking, ['booking.appointment.created'], (event) => capture(contactFromBooking(event.data), event.id));
  bus.subscribe(CAPTURE_QUEUES.chat, ['chat.conversation.started'], (event) => capture(contactFromChat(event.data), event.id));
}
