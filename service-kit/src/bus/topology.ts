import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Channel } from 'amqplib';
import type { EventType } from '@bb/contracts';

export type QueueType = 'classic' | 'quorum';

/**
 * Arguments of a durable queue of the given type. A quorum queue is replicated over the
 * cluster's nodes and survives one of them going away. Its dead-lettering (the retry queues'
 * way back) is at-least-once, which RabbitMQ allows only with reject-publish overflow, so a
 * message is never dropped between a retry queue and its consumer's queue.
 */
export function durableQueueArguments(type: QueueType, extra: Record<string, unknown> = {}): Record<string, unknown> {
  if (type === 'classic') return extra;
  const deadLetters = 'x-dead-letter-exchange' in extra ? { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' } : {};
  return { ...extra, 'x-queue-type': 'quorum', ...deadLetters };
}

export const retryQueueName = (queue: string, delayMs: number) => `${queue}.retry.${delayMs}`;
export const deadLetterQueueName = (queue: string) => `${queue}.dlq`;
/** A per-process queue's name says whose it is: host, pid and a random part (pids repeat across containers). */
export const perProcessQueueName = (queue: string) => `${queue}.${os.hostname()}.${process.pid}.${randomBytes(3).toString('hex')}`;

/** The one durable topic exchange every event goes through. */
export function declareExchange(channel: Channel, exchange: string): Promise<unknown> {
  return channel.assertExchange(exchange, 'topic', { durable: true });
}

/** What a consumer's queues are: its own, the event types bound to it, its retry delays. */
export interface ConsumerQueues {
  queue: string;
  types: EventType[];
  retryDelaysMs: number[];
  perProcess: boolean;
}

/**
 * Declares a consumer's queue bound to its event types, a TTL queue per retry delay that
 * dead-letters back into it, and its dead-letter queue. Declaring is idempotent: it runs at
 * every (re)start of the consumer.
 */
export async function declareConsumerQueues(channel: Channel, exchange: string, queues: ConsumerQueues, queueType: QueueType): Promise<void> {
  const { queue, perProcess } = queues;
  await declareExchange(channel, exchange);
  // A per-process queue is exclusive to its connection, which a quorum queue cannot be: it stays classic.
  if (perProcess) await channel.assertQueue(queue, { durable: false, exclusive: true, autoDelete: true });
  else await channel.assertQueue(queue, { durable: true, arguments: durableQueueArguments(queueType) });
  for (const type of queues.types) await channel.bindQueue(queue, exchange, type);
  for (const delay of new Set(queues.retryDelaysMs)) {
    await channel.assertQueue(retryQueueName(queue, delay), {
      durable: true,
      arguments: durableQueueArguments(queueType, { 'x-message-ttl': delay, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue }),
    });
  }
  if (!perProcess) await channel.assertQueue(deadLetterQueueName(queue), { durable: true, arguments: durableQueueArguments(queueType) });
}
