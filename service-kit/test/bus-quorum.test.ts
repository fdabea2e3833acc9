// The bus with BUS_QUEUE_TYPE=quorum, on the real (single-node) RabbitMQ: every durable queue
// (a consumer's, its retry queues, its dead-letter queue) is a quorum queue, per-process
// queues stay classic, and retries and dead-lettering work as on classic queues.
import { deadLetterQueueName, durableQueueArguments, retryQueueName } from '../src/bus/event-bus';
import { rabbitctl, uniqueName, waitFor } from '../testing';
import { chatMessage, testBuses } from './support/buses';

const newBus = testBuses('quorum_ex', { queueType: 'quorum' });

/** Each queue's type as the broker reports it. */
function queueTypes(): Map<string, string> {
  const lines = rabbitctl('list_queues', '--quiet', '--no-table-headers', 'name', 'type').trim().split('\n');
  return new Map(lines.map((line) => line.trim().split(/\s+/) as [string, string]));
}

describe('quorum queue arguments', () => {
  it('leave classic queues as they were', () => {
    expect(durableQueueArguments('classic')).toEqual({});
    expect(durableQueueArguments('classic', { 'x-message-ttl': 100 })).toEqual({ 'x-message-ttl': 100 });
  });

  it('make a quorum queue, dead-lettering at least once where it dead-letters', () => {
    expect(durableQueueArguments('quorum')).toEqual({ 'x-queue-type': 'quorum' });
    expect(durableQueueArguments('quorum', { 'x-message-ttl': 100, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'q' })).toEqual({
      'x-message-ttl': 100,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'q',
      'x-queue-type': 'quorum',
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
  });
});

describe('the bus on quorum queues', () => {
  it('declares quorum queues for consumers, retries and dead letters, and a classic per-process queue', async () => {
    const bus = newBus();
    const durable = uniqueName('q');
    const live = uniqueName('live');
    bus.subscribe(durable, ['chat.message.created'], async () => undefined, { retryDelaysMs: [100, 200] });
    bus.subscribe(live, ['chat.message.created'], async () => undefined, { perProcess: true });
    await bus.start();
    await waitFor('consumers', () => bus.isConsuming);
    const types = queueTypes();
    for (const queue of [durable, retryQueueName(durable, 100), retryQueueName(durable, 200), deadLetterQueueName(durable)])
      expect([queue, types.get(queue)]).toEqual([queue, 'quorum']);
    const perProcess = [...types.entries()].filter(([name]) => name.startsWith(`${live}.`));
    expect(perProcess.map(([, type]) => type)).toEqual(['classic']);
  });

  it('retries a failed delivery through a quorum retry queue, then dead-letters after the last retry', async () => {
    const bus = newBus();
    const retried = uniqueName('q');
    const poisoned = uniqueName('q');
    const attempts: string[] = [];
    let poisonCalls = 0;
    bus.subscribe(
      retried,
      ['chat.message.created'],
      async (event) => {
        attempts.push(event.id);
        if (attempts.length === 1) throw new Error('first attempt fails');
      },
      { retryDelaysMs: [200] },
    );
    bus.subscribe(
      poisoned,
      ['chat.message.created'],
      async () => {
        poisonCalls += 1;
        throw new Error('always fails');
      },
      { retryDelaysMs: [100, 200] },
    );
    await bus.start();
    const sent = await bus.publish('chat.message.created', chatMessage('quorum'));
    await waitFor('second attempt', () => attempts.length === 2);
    expect(attempts).toEqual([sent.id, sent.id]);
    await waitFor('dead letter', async () => (await bus.queueDepth(deadLetterQueueName(poisoned))) === 1, 10000);
    expect(poisonCalls).toBe(3);
  });
});
