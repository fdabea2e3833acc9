import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from '../logger';
import { declareExchange } from './topology';

export const RECONNECT_MIN_MS = 250;
export const RECONNECT_MAX_MS = 5000;

/** A live connection and its confirm channel for publishing. */
export interface BrokerLink {
  connection: ChannelModel;
  publishChannel: ConfirmChannel;
}

export interface BrokerConnectionOptions {
  /** One broker, or the nodes of a cluster separated by commas: each connection goes to the next. */
  url: string;
  exchange: string;
  /** The connection's name on the broker. */
  source: string;
  logger: Logger;
  /** Runs on every new connection before it counts as connected (the consumers start); a throw drops it. */
  onConnected: (link: BrokerLink) => Promise<void>;
  /** Runs when a connection that counted as connected is lost. */
  onLost: () => void;
}

/**
 * The broker connection with failover: connects to the nodes in turn, retries with growing
 * pauses until one answers, and reconnects in the background after it is lost.
 */
export class BrokerConnection {
  link: BrokerLink | null = null;
  closed = false;
  private connecting: Promise<void> | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly connectedWaiters: (() => void)[] = [];
  private readonly urls: string[];
  /** Which node the next connection tries: starting from the pid spreads the replicas over a cluster. */
  private urlIndex: number;

  constructor(private readonly options: BrokerConnectionOptions) {
    this.urls = options.url.split(',').map((url) => url.trim());
    this.urlIndex = process.pid % this.urls.length;
  }

  /** Connects, retrying in the background until the broker answers. Resolves on first success. */
  async start(): Promise<void> {
    this.closed = false;
    if (!this.link) await this.connectWithRetry();
  }

  /** Resolves once connected (or immediately when already connected). */
  waitUntilConnected(): Promise<void> {
    if (this.link) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  /** No reconnecting from now on; the connection stays open until close(). */
  stopReconnecting(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
  }

  async close(): Promise<void> {
    this.stopReconnecting();
    const connection = this.link?.connection;
    this.link = null;
    if (connection) await connection.close().catch(() => undefined);
  }

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
    const { logger } = this.options;
    const connection = await amqp.connect(url, { clientProperties: { connection_name: this.options.source } });
    connection.on('error', (err) => logger.warn({ err: err.message }, 'broker connection error'));
    connection.on('close', () => this.onConnectionLost(connection));
    try {
      const publishChannel = await connection.createConfirmChannel();
      publishChannel.on('error', (err) => logger.warn({ err: err.message }, 'publish channel error'));
      await declareExchange(publishChannel, this.options.exchange);
      this.link = { connection, publishChannel };
      await this.options.onConnected(this.link);
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
    logger.info({ node: new URL(url).host }, 'connected to broker');
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (this.link?.connection !== connection) return;
    this.link = null;
    this.options.onLost();
    if (this.closed) return;
    this.options.logger.warn('broker connection lost, reconnecting');
    this.reconnectTimer = setTimeout(() => void this.connectWithRetry(), this.reconnectDelay);
  }
}
