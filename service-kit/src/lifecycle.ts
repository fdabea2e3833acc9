import http from 'node:http';
import type { Express } from 'express';
import { z } from 'zod';
import { httpEnvShape } from './config';
import type { Logger } from './logger';

/** How long a client may take over a request, and keep an idle connection (config: HTTP_*_TIMEOUT_MS). */
export interface HttpTimeouts {
  /** From the first byte to the last of the body: past it 408 and the connection is closed. */
  requestMs: number;
  /** From the first byte to the end of the headers (at most requestMs). */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/** The timeouts of the kit's config (every process has them). */
export const httpTimeoutsOf = (config: {
  HTTP_REQUEST_TIMEOUT_MS: number;
  HTTP_HEADERS_TIMEOUT_MS: number;
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number;
}): HttpTimeouts => ({
  requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
  headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
  keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
});

/**
 * Every process's HTTP server: a client that sends its headers or body slower than the
 * timeouts is answered 408 and cut off, so slow senders cannot hold connections (and their
 * buffers) open. Node checks the timeouts every connectionsCheckingInterval (30 s by
 * default, which would double a 30 s limit): here a tenth of the headers timeout, at most 1 s.
 */
export function createHttpServer(app: Express | http.RequestListener, timeouts: HttpTimeouts): http.Server {
  const requestTimeout = timeouts.requestMs;
  const headersTimeout = Math.min(timeouts.headersMs, requestTimeout);
  return http.createServer(
    {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 10))),
    },
    app,
  );
}

/** The timeouts a process gets when its environment sets none. */
export const DEFAULT_HTTP_TIMEOUTS = httpTimeoutsOf(z.object(httpEnvShape).parse({}));

/** Listens on the port with the given timeouts (createHttpServer). */
export function listen(app: Express | http.RequestListener, port: number, host: string, timeouts = DEFAULT_HTTP_TIMEOUTS): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app, timeouts);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** Stops accepting connections and resolves when requests in progress have been answered. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * On SIGTERM or SIGINT: run the shutdown steps in order (stop http, stop consumers, close
 * connections) and exit 0; exit 1 if they take longer than the grace period.
 */
export function exitOnSignals(logger: Logger, shutdown: () => Promise<void>, graceMs = 15000): void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    shutdown()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
