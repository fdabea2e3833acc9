import type { Envelope, EventData } from '@bb/contracts';
import { deadLetterQueueName } from '../src/bus/event-bus';
import { freePort, testAmqpUrl, uniqueName, waitFor } from '../testing';
import { chatMessage, testBuses } from './support/buses';

type Message = Envelope<EventData<'chat.message.created'>>;

const newBus = testBuses('bus_ex');

describe('event bus on the real RabbitMQ', () => {
  it('delivers a published event to a subscriber, envelope and data intact', async () => {
    const bus = newBus('chat');
    const got: Message[] = [];
    bus.subscribe(uniqueName('q'), ['chat.message.created'], async (e) => {
      got.push(e);
    });
    await bus.start();
    const sent = await bus.publish('chat.message.created', chatMessage('hello'), 'corr-1');
    const received = await waitFor('delivery', () => got[0]);
    expect(received).toEqual(sent);
    expect(received.source).toBe('chat');
    expect(received.correlationId).toBe('corr-1');
  });

  it("connects to the next of a cluster's nodes when one does not answer", async () => {
    const live = testAmqpUrl();
    const away = `amqp://guest:guest@127.0.0.1:${await freePort()}`;
    // A process starts on node (pid mod count): put the node that is away first for this one.
    const nodes = process.pid % 2 === 0 ? [away, live] : [live, away];
    const bus = newBus('chat', { url: nodes.join(',') });
    const got: Message[] = [];
    bus.subscribe(uniqueName('q'), ['chat.message.created'], async (e) => {
      got.push(e);
    });
    await bus.start();
    await bus.publish('chat.message.created', chatMessage('through the node that answers'));
    expect((await waitFor('delivery', () => got[0])).data.content).toBe('through the node that answers');
  });

  it('refuses to publish data that breaks the event contract', async () => {
    const bus = newBus();
    await bus.start();
    await expect(bus.publish('chat.message.created', { messageId: 1 } as never)).rejects.toThrow();
  });

  it('redelivers after the retry delay when a handler throws, then succeeds', async () => {
    const bus = newBus();
    const calls: number[] = [];
    bus.subscribe(
      uniqueName('q'),
      ['chat.message.created'],
      async () => {
        calls.push(Date.now());
        if (calls.length === 1) throw new Error('first attempt fails');
      },
      { retryDelaysMs: [400] },
    );
    await bus.start();
    await bus.publish('chat.message.created', chatMessage('retry me'));
    await waitFor('second attempt', () => calls.length === 2);
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(350);
    await new Promise((r) => setTimeout(r, 600));
    expect(calls).toHaveLength(2);
  });

  it('moves a message to the dead-letter queue after the last retry', async () => {
    const bus = newBus();
    const queue = uniqueName('q');
    let calls = 0;
    bus.subscribe(
      queue,
      ['chat.message.created'],
      async () => {
        calls += 1;
        throw new Error('always fails');
      },
      { retryDelaysMs: [100, 200] },
    );
    await bus.start();
    await bus.publish('chat.message.created', chatMessage('poison'));
    await waitFor('dead letter', async () => (await bus.queueDepth(deadLetterQueueName(queue))) === 1, 10000);
    expect(calls).toBe(3);
  });

  it('keeps what was published while the consumer was down and delivers it when it comes back', async () => {
    const queue = uniqueName('q');
    const first = newBus();
    first.subscribe(queue, ['chat.message.created'], async () => undefined);
    await first.start();
    await first.close();

    const publisher = newBus();
    await publisher.start();
    const sent = await publisher.publish('chat.message.created', chatMessage('while you were out'));

    const got: Message[] = [];
    const second = newBus();
    second.subscribe(queue, ['chat.message.created'], async (e) => {
      got.push(e);
    });
    await second.start();
    expect((await waitFor('late delivery', () => got[0])).id).toBe(sent.id);
  });

  it('lets handlers in progress finish on close', async () => {
    const bus = newBus();
    let finished = false;
    let started = false;
    bus.subscribe(uniqueName('q'), ['chat.message.created'], async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
    });
    await bus.start();
    await bus.publish('chat.message.created', chatMessage('slow'));
    await waitFor('handler start', () => started);
    await bus.close();
    expect(finished).toBe(true);
  });

  it('gives every process its own copy on a per-process queue, while a durable queue goes to one of them', async () => {
    const shared = uniqueName('q');
    const replicas = [newBus(), newBus()];
    const perProcess: string[][] = [[], []];
    const durable: string[] = [];
    replicas.forEach((bus, i) => {
      bus.subscribe(shared, ['chat.message.created'], async (e) => {
        durable.push(e.data.content);
      });
      bus.subscribe(
        `${shared}.live`,
        ['chat.message.created'],
        async (e) => {
          perProcess[i].push(e.data.content);
        },
        { perProcess: true },
      );
    });
    for (const bus of replicas) await bus.start();
    const publisher = newBus();
    await publisher.start();
    for (const content of ['one', 'two', 'three']) await publisher.publish('chat.message.created', chatMessage(content));
    await waitFor('both replicas', () => perProcess.every((got) => got.length === 3) && durable.length === 3);
    expect(perProcess).toEqual([
      ['one', 'two', 'three'],
      ['one', 'two', 'three'],
    ]);
    expect([...durable].sort()).toEqual(['one', 'three', 'two']);
  });

  it('re-establishes a consumer the broker cancels, reporting it down meanwhile', async () => {
    const bus = newBus();
    const queue = uniqueName('q');
    const got: string[] = [];
    let starts = 0;
    bus.subscribe(
      queue,
      ['chat.message.created'],
      async (e) => {
        got.push(e.data.content);
      },
      { onConsuming: () => void (starts += 1) },
    );
    await bus.start();
    expect(bus.isConsuming).toBe(true);
    // Deleting the queue under the consumer makes RabbitMQ cancel it.
    const admin = newBus();
    await admin.start();
    await admin.deleteQueue(queue);
    await waitFor('the cancel noticed', () => !bus.isConsuming, 5000, 5);
    await waitFor('the consumer back', () => bus.isConsuming, 10000);
    expect(starts).toBe(2);
    await admin.publish('chat.message.created', chatMessage('after the cancel'));
    await waitFor('delivery to the restored consumer', () => got.includes('after the cancel'));
  });
});
