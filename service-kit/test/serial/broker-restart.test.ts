import type { EventData } from '@bb/contracts';
import { EventBus } from '../../src/bus/event-bus';
import { rabbitctl, silentLogger, testAmqpUrl, uniqueName, waitFor } from '../../testing';

// Stops and starts the shared broker: runs in the serial project, alone.
jest.setTimeout(180000);

const exchange = uniqueName('restart_ex');
const logger = silentLogger();
const buses: EventBus[] = [];
const newBus = (source: string) => {
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source, logger });
  buses.push(bus);
  return bus;
};
afterAll(async () => {
  for (const bus of buses) await bus.close();
});

const event = (n: number): EventData<'chat.conversation.started'> => ({
  conversationId: `c${n}`,
  customerName: 'Ana',
  customerEmail: 'ana@example.com',
  offeringType: 'clinic',
  createdAt: new Date().toISOString(),
});

describe('a broker restart (rabbitmqctl stop_app / start_app)', () => {
  it('loses no confirmed message, and publisher and consumer reconnect by themselves', async () => {
    const parked = uniqueName('parked');
    // A queue nobody consumes during the restart holds the proof that confirmed messages survive.
    const declarer = newBus('declarer');
    declarer.subscribe(parked, ['chat.conversation.started'], async () => undefined);
    await declarer.start();
    await declarer.close();

    const received = new Set<string>();
    const consumer = newBus('consumer');
    consumer.subscribe(uniqueName('live'), ['chat.conversation.started'], async (e) => {
      received.add(e.data.conversationId);
    });
    const publisher = newBus('publisher');
    await Promise.all([consumer.start(), publisher.start()]);

    for (let n = 0; n < 20; n++) await publisher.publish('chat.conversation.started', event(n));
    await waitFor('first 20 consumed', () => received.size === 20, 15000);

    rabbitctl('stop_app');
    await waitFor('both clients notice', () => !publisher.isConnected && !consumer.isConnected, 30000);
    rabbitctl('start_app');
    await waitFor('both clients reconnect', () => publisher.isConnected && consumer.isConnected, 60000, 200);

    for (let n = 20; n < 40; n++) await publisher.publish('chat.conversation.started', event(n));
    await waitFor('all 40 consumed', () => received.size === 40, 30000);
    const inspector = newBus('inspector');
    await inspector.start();
    expect(await inspector.queueDepth(parked)).toBe(40);
  });
});
