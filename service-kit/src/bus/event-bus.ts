import { randomUUID } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { envelopeSchema, eventSchemas, type Envelope, type EventData, type EventType } from '@bb/contracts';
import type { Logger } from '../logger';
import { metrics } from '../metrics/registry';

const published = metrics.counter('bus_published_total', 'Events published with a broker confirm, by type');
const handled = metrics.counter('bus_deliveries_total', 'Event deliveries by queue and outcome (acked, retried, dead_lettered)');
const depth = metrics.gauge('bus_queue_depth', 'Messages waiting in a consumer queue (and its dead-letter queue)');

export type Handler<T extends EventType> = (event: Envelope<EventData<T>>) => Promise<void>;

export interface SubscribeOptions {
  /** Delay before each retry; its length is the number of retries before the dead-letter queue. */
  retryDelaysMs?: number[];
  prefetch?: number;
}

export interface EventBusOptions {
  url: string;
  exchange: string;
  /** Name of the publishing process, written into every envelope. */
  source: string;
  logger: Logger;
  defaultRetryDelaysMs?: number[];
  defaultPrefetch?: number;
}

interface Subscription {
  queue: string;
  types: EventType[];
  handler: (event: Envelope) => Promise<void>;
  retryDelaysMs: number[];
  prefetch: number;
  channel: Channel | null;
  consumerTag: string | null;
}

const ATTEMPT_HEADER = 'x-attempt';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export const retryQueueName = (queue: string, delayMs: number) => `${queue}.retry.${delayMs}`;
export const deadLetterQueueName = (queue: string) => `${queue}.dlq`;

/**
 * The event bus over RabbitMQ: one durable topic exchange, publisher confirms, a durable
 * queue per consumer with manual acks and prefetch, delayed retries through TTL queues that
 * dead-letter back into the consumer's queue, a dead-letter queue after the last retry, and
 * reconnection (with the topology re-declared) after the broker goes away.
 */
export class EventBus {
  private connection: ChannelModel | null = null;
  private publishChannel: ConfirmChannel | null = null;
  private readonly subscriptions: Subscription[] = [];
  private connecting: Promise<void> | null = null;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly connectedWaiters: (() => void)[] = [];

  constructor(private readonly options: EventBusOptions) {}

  get isConnected(): boolean {
    return this.publishChannel !== null;
  }

  /** Connects, retrying in the background until the broker answers. Resolves on first success. */
  async start(): Promise<void> {
    this.closed = false;
    if (!this.connection) await this.connectWithRetry();
  }

  /** Resolves once connected (or immediately when already connected). */
  waitUntilConnected(): Promise<void> {
    if (this.isConnected) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  /**
   * Registers a consumer. Its queue and bindings are declared now when connected and again
   * after every reconnect, so messages published while the consumer is down wait in the queue.
   */
  subscribe<T extends EventType>(queue: string, types: T[], handler: Handler<T>, options: SubscribeOptions = {}): void {
    const sub: Subscription = {
      queue,
      types,
      handler: handler as unknown as (event: Envelope) => Promise<void>,
      retryDelaysMs: options.retryDelaysMs ?? this.options.defaultRetryDelaysMs ?? [1000, 5000, 15000],
      prefetch: options.prefetch ?? this.options.defaultPrefetch ?? 10,
      channel: null,
      consumerTag: null,
    };
    this.subscriptions.push(sub);
    metrics.onCollect(async () => {
      if (!this.connection) return;
      depth.set({ queue }, await this.queueDepth(queue));
      depth.set({ queue: deadLetterQueueName(queue) }, await this.queueDepth(deadLetterQueueName(queue)));
    });
    if (this.connection) void this.startConsumer(sub).catch((err) => this.options.logger.error({ err, queue }, 'consumer could not start'));
  }

  /** Builds an envelope for an event; data is checked against the contract now. */
  envelope<T extends EventType>(type: T, data: EventData<T>, correlationId?: string): Envelope<EventData<T>> {
    return {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      source: this.options.source,
      ...(correlationId ? { correlationId } : {}),
      data: eventSchemas[type].parse(data) as EventData<T>,
    };
  }

  async publish<T extends EventType>(type: T, data: EventData<T>, correlationId?: string): Promise<Envelope<EventData<T>>> {
    const event = this.envelope(type, data, correlationId);
    await this.publishEnvelope(event);
    return event;
  }

  /** Publishes and waits for the broker's confirm; throws when not connected or nacked. */
  async publishEnvelope(event: Envelope): Promise<void> {
    const channel = this.publishChannel;
    if (!channel) throw new Error('event bus is not connected');
    const schema = eventSchemas[event.type as EventType];
    if (!schema) throw new Error(`unknown event type ${event.type}`);
    schema.parse(event.data);
    const body = Buffer.from(JSON.stringify(event));
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.options.exchange,
        event.type,
        body,
        { persistent: true, contentType: 'application/json', messageId: event.id, type: event.type, ...(event.correlationId ? { correlationId: event.correlationId } : {}) },
        (err) => (err ? reject(err instanceof Error ? err : new Error('message nacked by broker')) : resolve()),
      );
    });
    published.inc({ type: event.type });
  }

  /** Messages waiting in a queue: for readiness pages and tests. */
  async queueDepth(queue: string): Promise<number> {
    if (!this.connection) throw new Error('event bus is not connected');
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** Stops consuming, lets handlers in progress finish, then closes the connection. */
  async close(timeoutMs = 10000): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const sub of this.subscriptions) {
      if (sub.channel && sub.consumerTag) await sub.channel.cancel(sub.consumerTag).catch(() => undefined);
    }
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    }
    const connection = this.connection;
    this.connection = null;
    this.publishChannel = null;
    if (connection) await connection.close().catch(() => undefined);
  }

  // ------------------------------------------------------------------ connection

  private connectWithRetry(): Promise<void> {
    if (!this.connecting) {
      this.connecting = (async () => {
        for (;;) {
          if (this.closed) return;
          try {
            await this.connect();
            this.reconnectDelay = RECONNECT_MIN_MS;
            return;
          } catch (err) {
            this.options.logger.warn({ err: (err as Error).message, retryInMs: this.reconnectDelay }, 'broker not reachable, retrying');
            await new Promise((r) => setTimeout(r, this.reconnectDelay));
            this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
          }
        }
      })().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const connection = await amqp.connect(this.options.url, { clientProperties: { connection_name: this.options.source } });
    connection.on('error', (err) => this.options.logger.warn({ err: err.message }, 'broker connection error'));
    connection.on('close', () => this.onConnectionLost(connection));
    try {
      const publishChannel = await connection.createConfirmChannel();
      publishChannel.on('error', (err) => this.options.logger.warn({ err: err.message }, 'publish channel error'));
      await publishChannel.assertExchange(this.options.exchange, 'topic', { durable: true });
      this.connection = connection;
      this.publishChannel = publishChannel;
      for (const sub of this.subscriptions) await this.startConsumer(sub);
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
    this.options.logger.info('connected to broker');
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (this.connection !== connection) return;
    this.connection = null;
    this.publishChannel = null;
    for (const sub of this.subscriptions) {
      sub.channel = null;
      sub.consumerTag = null;
    }
    if (this.closed) return;
    this.options.logger.warn('broker connection lost, reconnecting');
    this.reconnectTimer = setTimeout(() => void this.connectWithRetry(), this.reconnectDelay);
  }

  // ------------------------------------------------------------------ consuming

  private async startConsumer(sub: Subscription): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    const channel = await connection.createChannel();
    channel.on('error', (err) => this.options.logger.warn({ err: err.message, queue: sub.queue }, 'consumer channel error'));
    await channel.assertExchange(this.options.exchange, 'topic', { durable: true });
    await channel.assertQueue(sub.queue, { durable: true });
    for (const type of sub.types) await channel.bindQueue(sub.queue, this.options.exchange, type);
    for (const delay of new Set(sub.retryDelaysMs)) {
      await channel.assertQueue(retryQueueName(sub.queue, delay), {
        durable: true,
        arguments: { 'x-message-ttl': delay, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': sub.queue },
      });
    }
    await channel.assertQueue(deadLetterQueueName(sub.queue), { durable: true });
    await channel.prefetch(sub.prefetch);
    sub.channel = channel;
    const { consumerTag } = await channel.consume(sub.queue, (msg) => {
      if (msg) void this.deliver(sub, channel, msg);
    });
    sub.consumerTag = consumerTag;
  }

  private async deliver(sub: Subscription, channel: Channel, msg: ConsumeMessage): Promise<void> {
    this.inFlight += 1;
    try {
      const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 0);
      let event: Envelope;
      try {
        event = parseEnvelope(msg.content);
      } catch (err) {
        await this.forward(deadLetterQueueName(sub.queue), msg, attempt, `unreadable message: ${(err as Error).message}`);
        channel.ack(msg);
        handled.inc({ queue: sub.queue, outcome: 'dead_lettered' });
        return;
      }
      try {
        await sub.handler(event);
        channel.ack(msg);
        handled.inc({ queue: sub.queue, outcome: 'acked' });
      } catch (err) {
        const reason = (err as Error).message;
        const retryDelay = sub.retryDelaysMs[attempt];
        const target = retryDelay === undefined ? deadLetterQueueName(sub.queue) : retryQueueName(sub.queue, retryDelay);
        this.options.logger.warn({ queue: sub.queue, eventId: event.id, type: event.type, correlationId: event.correlationId, attempt: attempt + 1, err: reason, next: target }, 'event handler failed');
        await this.forward(target, msg, attempt + 1, reason);
        channel.ack(msg);
        handled.inc({ queue: sub.queue, outcome: retryDelay === undefined ? 'dead_lettered' : 'retried' });
      }
    } catch (err) {
      // The channel or connection went away mid-delivery: the broker redelivers the unacked message.
      this.options.logger.warn({ err: (err as Error).message, queue: sub.queue }, 'delivery interrupted');
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Re-publishes a message to a retry or dead-letter queue, confirmed before the original is acked. */
  private async forward(queue: string, msg: ConsumeMessage, attempt: number, reason: string): Promise<void> {
    const channel = this.publishChannel;
    if (!channel) throw new Error('event bus is not connected');
    await new Promise<void>((resolve, reject) => {
      channel.sendToQueue(
        queue,
        msg.content,
        { ...msg.properties, persistent: true, headers: { ...msg.properties.headers, [ATTEMPT_HEADER]: attempt, 'x-last-error': reason.slice(0, 500) } },
        (err) => (err ? reject(err instanceof Error ? err : new Error('nacked')) : resolve()),
      );
    });
  }
}

function parseEnvelope(content: Buffer): Envelope {
  const envelope = envelopeSchema.parse(JSON.parse(content.toString('utf8')));
  const schema = eventSchemas[envelope.type as EventType];
  if (!schema) throw new Error(`unknown event type ${envelope.type}`);
  return { ...envelope, data: schema.parse(envelope.data) };
}
