import { randomBytes } from 'node:crypto';
import os from 'node:os';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { envelopeSchema, eventSchemas, type Envelope, type EventData, type EventType } from '@bb/contracts';
import type { Logger } from '../logger';
import { collectedGauge, counter } from '../metrics/registry';
import { buildEnvelope } from './envelope';

const published = counter('bus_published_total', 'Events published with a broker confirm, by type', ['type']);
const handled = counter('bus_deliveries_total', 'Event deliveries by queue and outcome (acked, retried, dead_lettered, dropped)', ['queue', 'outcome']);
const depth = collectedGauge('bus_queue_depth', 'Messages waiting in a consumer queue (and its dead-letter queue)', ['queue']);

export type Handler<T extends EventType> = (event: Envelope<EventData<T>>) => Promise<void>;

export interface SubscribeOptions {
  /** Delay before each retry; its length is the number of retries before the dead-letter queue. */
  retryDelaysMs?: number[];
  prefetch?: number;
  /**
   * Every process hears every event, on a queue of its own that lives as long as its
   * connection (exclusive, no retries: a failed delivery is logged and dropped). For state each
   * replica keeps in memory, beside a durable path that carries the same facts (a database
   * that onConsuming reloads, since events published while the queue was away are not kept).
   */
  perProcess?: boolean;
  /** Runs each time the consumer starts or restarts (after a reconnect or a broker cancel). */
  onConsuming?: () => Promise<void> | void;
}

export interface EventBusOptions {
  /** One broker, or the nodes of a cluster separated by commas: each connection goes to the next. */
  url: string;
  exchange: string;
  /** Name of the publishing process, written into every envelope. */
  source: string;
  /**
   * Put before every queue name this bus declares (BUS_QUEUE_PREFIX): tests give each file its
   * own, so the same service's queues of two test files never meet on one broker.
   */
  queuePrefix?: string;
  logger: Logger;
  defaultRetryDelaysMs?: number[];
  defaultPrefetch?: number;
  /** Type of the durable queues (BUS_QUEUE_TYPE): classic by default, quorum on a cluster. */
  queueType?: QueueType;
}

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

interface Subscription {
  queue: string;
  /** The name it was registered under: per-process queues add a unique suffix to it. */
  name: string;
  types: EventType[];
  handler: (event: Envelope) => Promise<void>;
  retryDelaysMs: number[];
  prefetch: number;
  perProcess: boolean;
  onConsuming?: () => Promise<void> | void;
  channel: Channel | null;
  consumerTag: string | null;
  restartTimer: NodeJS.Timeout | null;
  restartDelayMs: number;
}

const ATTEMPT_HEADER = 'x-attempt';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export const retryQueueName = (queue: string, delayMs: number) => `${queue}.retry.${delayMs}`;
export const deadLetterQueueName = (queue: string) => `${queue}.dlq`;
/** A per-process queue's name says whose it is: host, pid and a random part (pids repeat across containers). */
export const perProcessQueueName = (queue: string) => `${queue}.${os.hostname()}.${process.pid}.${randomBytes(3).toString('hex')}`;

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
  private readonly urls: string[];
  /** Which node the next connection tries: starting from the pid spreads the replicas over a cluster. */
  private urlIndex: number;

  constructor(private readonly options: EventBusOptions) {
    this.urls = options.url.split(',').map((url) => url.trim());
    this.urlIndex = process.pid % this.urls.length;
  }

  get isConnected(): boolean {
    return this.publishChannel !== null;
  }

  /** Connected, and every registered consumer is consuming: what readiness reports. */
  get isConsuming(): boolean {
    return this.isConnected && this.subscriptions.every((sub) => sub.consumerTag !== null);
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
  subscribe<T extends EventType>(name: string, types: T[], handler: Handler<T>, options: SubscribeOptions = {}): void {
    const perProcess = options.perProcess ?? false;
    const queue = this.queueName(name);
    const sub: Subscription = {
      queue: perProcess ? perProcessQueueName(queue) : queue,
      name,
      types,
      handler: handler as unknown as (event: Envelope) => Promise<void>,
      retryDelaysMs: perProcess ? [] : (options.retryDelaysMs ?? this.options.defaultRetryDelaysMs ?? [1000, 5000, 15000]),
      prefetch: options.prefetch ?? this.options.defaultPrefetch ?? 10,
      perProcess,
      onConsuming: options.onConsuming,
      channel: null,
      consumerTag: null,
      restartTimer: null,
      restartDelayMs: RECONNECT_MIN_MS,
    };
    this.subscriptions.push(sub);
    if (!perProcess) {
      depth.addSource(async (gauge) => {
        if (!this.connection) return;
        gauge.set({ queue: name }, await this.queueDepth(name));
        gauge.set({ queue: deadLetterQueueName(name) }, await this.queueDepth(deadLetterQueueName(name)));
      });
    }
    if (this.connection) {
      void this.startConsumer(sub).catch((err) => {
        this.options.logger.warn({ err: (err as Error).message, queue: name }, 'consumer could not start, retrying');
        this.scheduleConsumerRestart(sub);
      });
    }
  }

  /** The full name of a queue this bus declares for `name`. */
  queueName(name: string): string {
    return `${this.options.queuePrefix ?? ''}${name}`;
  }

  async publish<T extends EventType>(type: T, data: EventData<T>, correlationId?: string): Promise<Envelope<EventData<T>>> {
    const event = buildEnvelope(this.options.source, type, data, correlationId);
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

  /** Messages waiting in a queue (by the name it was subscribed under): for readiness pages and tests. */
  async queueDepth(name: string): Promise<number> {
    if (!this.connection) throw new Error('event bus is not connected');
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      return (await channel.checkQueue(this.queueName(name))).messageCount;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** Deletes a queue (operators' tools and tests: a consumer on it is cancelled by the broker). */
  async deleteQueue(name: string): Promise<void> {
    if (!this.connection) throw new Error('event bus is not connected');
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.deleteQueue(this.queueName(name));
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** Stops consuming, lets handlers in progress finish, then closes the connection. */
  async close(timeoutMs = 10000): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const sub of this.subscriptions) {
      if (sub.restartTimer) clearTimeout(sub.restartTimer);
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
    // Every attempt moves on to the next node, so a node that went away is not waited for.
    const url = this.urls[this.urlIndex];
    this.urlIndex = (this.urlIndex + 1) % this.urls.length;
    const connection = await amqp.connect(url, { clientProperties: { connection_name: this.options.source } });
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
    this.options.logger.info({ node: new URL(url).host }, 'connected to broker');
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (this.connection !== connection) return;
    this.connection = null;
    this.publishChannel = null;
    for (const sub of this.subscriptions) {
      if (sub.restartTimer) clearTimeout(sub.restartTimer);
      sub.restartTimer = null;
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
    // A per-process queue is exclusive to its connection, which a quorum queue cannot be: it stays classic.
    const queueType = this.options.queueType ?? 'classic';
    if (sub.perProcess) await channel.assertQueue(sub.queue, { durable: false, exclusive: true, autoDelete: true });
    else await channel.assertQueue(sub.queue, { durable: true, arguments: durableQueueArguments(queueType) });
    for (const type of sub.types) await channel.bindQueue(sub.queue, this.options.exchange, type);
    for (const delay of new Set(sub.retryDelaysMs)) {
      await channel.assertQueue(retryQueueName(sub.queue, delay), {
        durable: true,
        arguments: durableQueueArguments(queueType, { 'x-message-ttl': delay, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': sub.queue }),
      });
    }
    if (!sub.perProcess) await channel.assertQueue(deadLetterQueueName(sub.queue), { durable: true, arguments: durableQueueArguments(queueType) });
    await channel.prefetch(sub.prefetch);
    sub.channel = channel;
    const { consumerTag } = await channel.consume(sub.queue, (msg) => {
      if (msg) void this.deliver(sub, channel, msg);
      else this.onConsumerCancelled(sub, channel);
    });
    sub.consumerTag = consumerTag;
    sub.restartDelayMs = RECONNECT_MIN_MS;
    try {
      await sub.onConsuming?.();
    } catch (err) {
      this.options.logger.warn({ err: (err as Error).message, queue: sub.name }, 'consumer start hook failed');
    }
  }

  /**
   * The broker cancelled the consumer (its queue was deleted, a cluster node left): readiness
   * reports it down until it consumes again, re-declared with growing pauses.
   */
  private onConsumerCancelled(sub: Subscription, channel: Channel): void {
    if (sub.channel !== channel) return;
    sub.consumerTag = null;
    sub.channel = null;
    void channel.close().catch(() => undefined);
    this.options.logger.warn({ queue: sub.queue }, 'consumer cancelled by the broker, re-establishing');
    this.scheduleConsumerRestart(sub);
  }

  private scheduleConsumerRestart(sub: Subscription): void {
    if (this.closed || sub.restartTimer) return;
    sub.restartTimer = setTimeout(() => {
      sub.restartTimer = null;
      if (this.closed || !this.connection || sub.consumerTag) return;
      this.startConsumer(sub).catch((err) => {
        this.options.logger.warn({ err: (err as Error).message, queue: sub.queue, retryInMs: sub.restartDelayMs }, 'consumer could not restart');
        sub.restartDelayMs = Math.min(sub.restartDelayMs * 2, RECONNECT_MAX_MS);
        this.scheduleConsumerRestart(sub);
      });
    }, sub.restartDelayMs);
  }

  private async deliver(sub: Subscription, channel: Channel, msg: ConsumeMessage): Promise<void> {
    this.inFlight += 1;
    try {
      const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 0);
      let event: Envelope;
      try {
        event = parseEnvelope(msg.content);
      } catch (err) {
        if (!sub.perProcess) await this.forward(deadLetterQueueName(sub.queue), msg, attempt, `unreadable message: ${(err as Error).message}`);
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
          this.options.logger.warn({ queue: sub.queue, eventId: event.id, type: event.type, err: reason }, 'event handler failed on a per-process queue; dropped');
          channel.ack(msg);
          handled.inc({ queue: sub.name, outcome: 'dropped' });
          return;
        }
        const retryDelay = sub.retryDelaysMs[attempt];
        const target = retryDelay === undefined ? deadLetterQueueName(sub.queue) : retryQueueName(sub.queue, retryDelay);
        this.options.logger.warn({ queue: sub.queue, eventId: event.id, type: event.type, correlationId: event.correlationId, attempt: attempt + 1, err: reason, next: target }, 'event handler failed');
        await this.forward(target, msg, attempt + 1, reason);
        channel.ack(msg);
        handled.inc({ queue: sub.name, outcome: retryDelay === undefined ? 'dead_lettered' : 'retried' });
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
