import type { Envelope, EventData, EventType } from '@bb/contracts';
import type { Logger } from '../logger';
import { deleteQueue, queueDepth } from './admin';
import { BrokerConnection, RECONNECT_MIN_MS } from './connection';
import { cancelConsumer, forgetConsumer, InFlight, scheduleConsumerRestart, startConsumer, type ConsumerContext, type Subscription } from './consuming';
import { buildEnvelope } from './envelope';
import { depth } from './metrics';
import { publishConfirmed } from './publishing';
import { deadLetterQueueName, perProcessQueueName, type QueueType } from './topology';

export { deadLetterQueueName, durableQueueArguments, perProcessQueueName, retryQueueName, type QueueType } from './topology';

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

/**
 * The event bus over RabbitMQ: one durable topic exchange, publisher confirms, a durable
 * queue per consumer with manual acks and prefetch, delayed retries through TTL queues that
 * dead-letter back into the consumer's queue, a dead-letter queue after the last retry, and
 * reconnection (with the topology re-declared) after the broker goes away. This class only
 * composes them: connection.ts, topology.ts, consuming.ts, publishing.ts, admin.ts.
 */
export class EventBus {
  private readonly broker: BrokerConnection;
  private readonly subscriptions: Subscription[] = [];
  private readonly consumers: ConsumerContext;

  constructor(private readonly options: EventBusOptions) {
    this.broker = new BrokerConnection({
      url: options.url,
      exchange: options.exchange,
      source: options.source,
      logger: options.logger,
      onConnected: async () => {
        for (const sub of this.subscriptions) await startConsumer(this.consumers, sub);
      },
      onLost: () => this.subscriptions.forEach(forgetConsumer),
    });
    this.consumers = {
      exchange: options.exchange,
      queueType: options.queueType ?? 'classic',
      logger: options.logger,
      connection: () => this.broker.link?.connection ?? null,
      publishChannel: () => this.broker.link?.publishChannel ?? null,
      isClosed: () => this.broker.closed,
      inFlight: new InFlight(),
    };
  }

  get isConnected(): boolean {
    return this.broker.link !== null;
  }

  /** Connected, and every registered consumer is consuming: what readiness reports. */
  get isConsuming(): boolean {
    return this.isConnected && this.subscriptions.every((sub) => sub.consumerTag !== null);
  }

  /** Connects, retrying in the background until the broker answers. Resolves on first success. */
  start(): Promise<void> {
    return this.broker.start();
  }

  /** Resolves once connected (or immediately when already connected). */
  waitUntilConnected(): Promise<void> {
    return this.broker.waitUntilConnected();
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
        if (!this.broker.link) return;
        gauge.set({ queue: name }, await this.queueDepth(name));
        gauge.set({ queue: deadLetterQueueName(name) }, await this.queueDepth(deadLetterQueueName(name)));
      });
    }
    if (this.broker.link) {
      void startConsumer(this.consumers, sub).catch((err) => {
        this.options.logger.warn({ err: (err as Error).message, queue: name }, 'consumer could not start, retrying');
        scheduleConsumerRestart(this.consumers, sub);
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
    const channel = this.broker.link?.publishChannel;
    if (!channel) throw new Error('event bus is not connected');
    await publishConfirmed(channel, this.options.exchange, event);
  }

  /** Messages waiting in a queue (by the name it was subscribed under): for readiness pages and tests. */
  queueDepth(name: string): Promise<number> {
    return queueDepth(this.broker.link?.connection ?? null, this.queueName(name));
  }

  /** Deletes a queue (operators' tools and tests: a consumer on it is cancelled by the broker). */
  deleteQueue(name: string): Promise<void> {
    return deleteQueue(this.broker.link?.connection ?? null, this.queueName(name));
  }

  /** Stops consuming, lets handlers in progress finish, then closes the connection. */
  async close(timeoutMs = 10000): Promise<void> {
    this.broker.stopReconnecting();
    for (const sub of this.subscriptions) await cancelConsumer(sub);
    await this.consumers.inFlight.idle(timeoutMs);
    await this.broker.close();
  }
}
