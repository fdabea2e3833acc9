import type { EventBus, Logger } from '@bb/service-kit';
import { contactFromBooking, contactFromChat, type Contact } from '../domain/contact';
import type { SubscriberStore } from '../store/subscriber-store';

export interface CaptureQueues {
  booking: string;
  chat: string;
}

export const CAPTURE_QUEUES: CaptureQueues = { booking: 'subscribers.capture-booking', chat: 'subscribers.capture-chat' };

/**
 * Everyone who books or starts a chat lands on the list. Each source has its own durable
 * queue: events published while this service is down wait there. Capturing is idempotent by
 * the address, so a redelivered event changes nothing.
 */
export function consumeContactEvents(bus: EventBus, subscribers: SubscriberStore, logger: Logger, queues: CaptureQueues = CAPTURE_QUEUES): void {
  const capture = async (contact: Contact | null, eventId: string) => {
    if (!contact) {
      logger.warn({ eventId }, 'event without a usable e-mail address, nobody captured');
      return;
    }
    await subscribers.capture(contact);
  };
  bus.subscribe(queues.booking, ['booking.appointment.created'], (event) => capture(contactFromBooking(event.data), event.id));
  bus.subscribe(queues.chat, ['chat.conversation.started'], (event) => capture(contactFromChat(event.data), event.id));
}
