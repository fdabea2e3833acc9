import http from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

/** Listens on the port; keep-alive tuned to outlive the gateway's pooled connections. */
export function listen(app: Express | http.RequestListener, port: number, host: string): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65000;
    server.headersTimeout = 66000;
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
