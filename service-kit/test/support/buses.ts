import type { EventData } from '@bb/contracts';
import { EventBus, type EventBusOptions } from '../../src/bus/event-bus';
import { silentLogger, testAmqpUrl, uniqueName } from '../../testing';

/**
 * Buses of one test file on an exchange of its own, closed after the file's tests;
 * `options` go to every bus it makes (a queue type, say).
 */
export function testBuses(label: string, options: Partial<EventBusOptions> = {}) {
  const exchange = uniqueName(label);
  const buses: EventBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });
  return (source = 'test', overrides: Partial<EventBusOptions> = {}) => {
    const bus = new EventBus({ url: testAmqpUrl(), exchange, source, logger: silentLogger(), ...options, ...overrides });
    buses.push(bus);
    return bus;
  };
}

/** A chat message event's data: the event the bus tests publish. */
export const chatMessage = (content: string): EventData<'chat.message.created'> => ({
  messageId: content,
  conversationId: 'c1',
  senderType: 'customer',
  senderName: 'Ana',
  content,
  offeringType: 'clinic',
  createdAt: new Date().toISOString(),
});
