import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { envelopeSchema, eventSchemas, type Envelope, type EventType } from '@bb/contracts';
import type { Logger } from '../logger';
import { RECONNECT_MAX_MS, RECONNECT_MIN_MS } from './connection';
import { handled } from './metrics';
import { sendConfirmed } from './publishing';
import { deadLetterQueueName, declareConsumerQueues, retryQueueName, type ConsumerQueues, type QueueType } from './topology';

const ATTEMPT_HEADER = 'x-attempt';

/** A registered consumer and the state of its current channel. */
export interface Subscription extends ConsumerQueues {
  /** The name it was registered under: per-process queues add a unique suffix to it. */
  name: string;
  handler: (event: Envelope) => Promise<void>;
  prefetch: number;
  onConsuming?: () => Promise<void> | void;
  channel: Channel | null;
  consumerTag: string | null;
  restartTimer: NodeJS.Timeout | null;
  restartDelayMs: number;
}

/** What the consumers need of their bus: where to declare, where to forward, whether it is closing. */
export interface ConsumerContext {
  exchange: string;
  queueType: QueueType;
  logger: Logger;
  connection: () => ChannelModel | null;
  publishChannel: () => ConfirmChannel | null;
  isClosed: () => boolean;
  inFlight: InFlight;
}

/** Deliveries being handled, so closing can wait for them. */
export class InFlight {
  private count = 0;
  private readonly idleWaiters: (() => void)[] = [];

  async track(work: () => Promise<void>): Promise<void> {
    this.count += 1;
    try {
      await work();
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Resolves when none is left, or after the timeout. */
  async idle(timeoutMs: number): Promise<void> {
    if (this.count === 0) return;
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
  }
}

/** Declares the consumer's queues on a channel of its own and starts consuming with its prefetch. */
export async function startConsumer(ctx: ConsumerContext, sub: Subscription): Promise<void> {
  const connection = ctx.connection();
  if (!connection) return;
  const channel = await connection.createChannel();
  channel.on('error', (err) => ctx.logger.warn({ err: err.message, queue: sub.queue }, 'consumer channel error'));
  await declareConsumerQueues(channel, ctx.exchange, sub, ctx.queueType);
  await channel.prefetch(sub.prefetch);
  sub.channel = channel;
  const { consumerTag } = await channel.consume(sub.queue, (msg) => {
    if (msg) void ctx.inFlight.track(() => deliver(ctx, sub, channel, msg));
    else onConsumerCancelled(ctx, sub, channel);
  });
  sub.consumerTag = consumerTag;
  sub.restartDelayMs = RECONNECT_MIN_MS;
  try {
    await sub.onConsuming?.();
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, queue: sub.name }, 'consumer start hook failed');
  }
}

/** The connection went away with the consumer's channel: nothing of it is left to cancel. */
export function forgetConsumer(sub: Subscription): void {
  if (sub.restartTimer) clearTimeout(sub.restartTimer);
  sub.restartTimer = null;
  sub.channel = null;
  sub.consumerTag = null;
}

/** Stops the consumer for good (the bus closes): no restart, no new deliveries. */
export async function cancelConsumer(sub: Subscription): Promise<void> {
  if (sub.restartTimer) clearTimeout(sub.restartTimer);
  if (sub.channel && sub.consumerTag) await sub.channel.cancel(sub.consumerTag).catch(() => undefined);
}

/**
 * The broker cancelled the consumer (its queue was deleted, a cluster node left): readiness
 * reports it down until it consumes again, re-declared with growing pauses.
 */
function onConsumerCancelled(ctx: ConsumerContext, sub: Subscription, channel: Channel): void {
  if (sub.channel !== channel) return;
  sub.consumerTag = null;
  sub.channel = null;
  void channel.close().catch(() => undefined);
  ctx.logger.warn({ queue: sub.queue }, 'consumer cancelled by the broker, re-establishing');
  scheduleConsumerRestart(ctx, sub);
}

export function scheduleConsumerRestart(ctx: ConsumerContext, sub: Subscription): void {
  if (ctx.isClosed() || sub.restartTimer) return;
  sub.restartTimer = setTimeout(() => {
    sub.restartTimer = null;
    if (ctx.isClosed() || !ctx.connection() || sub.consumerTag) return;
    startConsumer(ctx, sub).catch((err) => {
      ctx.logger.warn({ err: (err as Error).message, queue: sub.queue, retryInMs: sub.restartDelayMs }, 'consumer could not restart');
      sub.restartDelayMs = Math.min(sub.restartDelayMs * 2, RECONNECT_MAX_MS);
      scheduleConsumerRestart(ctx, sub);
    });
  }, sub.restartDelayMs);
}

/**
 * Hands one message to the handler and acks it. A failure sends it to the next retry queue,
 * or to the dead-letter queue after the last; per-process queues drop it instead.
 */
async function deliver(ctx: ConsumerContext, sub: Subscription, channel: Channel, msg: ConsumeMessage): Promise<void> {
  const { logger } = ctx;
  try {
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 0);
    let event: Envelope;
    try {
      event = parseEnvelope(msg.content);
    } catch (err) {
      if (!sub.perProcess) await forward(ctx, deadLetterQueueName(sub.queue), msg, attempt, `unreadable message: ${(err as Error).message}`);
      channel.ack(msg);
      handled.inc({ queue: sub.name, outcome: sub.perProcess ? 'dropped' : 'dead_lettered' });
      return;
    }
    try {
      await sub.handler(event);
      channel.ack(msg);
      handled.inc({ queue: sub.name, outcome: 'acked' });
    } catch (err) {
      const reason = (err as Error).message;
      if (sub.perProcess) {
        logger.warn({ queue: sub.queue, eventId: event.id, type: event.type, err: reason }, 'event handler failed on a per-process queue; dropped');
        channel.ack(msg);
        handled.inc({ queue: sub.name, outcome: 'dropped' });
        return;
      }
      const retryDelay = sub.retryDelaysMs[attempt];
      const target = retryDelay === undefined ? deadLetterQueueName(sub.queue) : retryQueueName(sub.queue, retryDelay);
      logger.warn(
        { queue: sub.queue, eventId: event.id, type: event.type, correlationId: event.correlationId, attempt: attempt + 1, err: reason, next: target },
        'event handler failed',
      );
      await forward(ctx, target, msg, attempt + 1, reason);
      channel.ack(msg);
      handled.inc({ queue: sub.name, outcome: retryDelay === undefined ? 'dead_lettered' : 'retried' });
    }
  } catch (err) {
    // The channel or connection went away mid-delivery: the broker redelivers the unacked message.
    logger.warn({ err: (err as Error).message, queue: sub.queue }, 'delivery interrupted');
  }
}

/** Re-publishes a message to a retry or dead-letter queue, confirmed before the original is acked. */
async function forward(ctx: ConsumerContext, queue: string, msg: ConsumeMessage, attempt: number, reason: string): Promise<void> {
  const channel = ctx.publishChannel();
  if (!channel) throw new Error('event bus is not connected');
  await sendConfirmed(channel, queue, msg.content, {
    ...msg.properties,
    persistent: true,
    headers: { ...msg.properties.headers, [ATTEMPT_HEADER]: attempt, 'x-last-error': reason.slice(0, 500) },
  });
}

function parseEnvelope(content: Buffer): Envelope {
  const envelope = envelopeSchema.parse(JSON.parse(content.toString('utf8')));
  const schema = eventSchemas[envelope.type as EventType];
  if (!schema) throw new Error(`unknown event type ${envelope.type}`);
  return { ...envelope, data: schema.parse(envelope.data) };
}
