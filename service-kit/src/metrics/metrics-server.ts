import http from 'node:http';
import { collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../logger';
import { metricsRegistry } from './registry';

/**
 * /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), never on the port the public
 * or the gateway reaches: behind a reverse proxy every caller looks private, so an address
 * check cannot keep the figures from the internet, but a port nobody publishes can.
 */
export async function serveMetrics(port: number | undefined, host: string, logger: Logger): Promise<http.Server | null> {
  if (port === undefined) return null;
  // Node's own figures (memory, event-loop lag, GC) beside ours, registered once per process.
  if (!metricsRegistry.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics({ register: metricsRegistry });
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics') {
      metricsRegistry
        .metrics()
        .then((text) => {
          res.writeHead(200, { 'Content-Type': metricsRegistry.contentType });
          res.end(req.method === 'HEAD' ? undefined : text);
        })
        .catch((err: unknown) => {
          logger.warn({ err }, 'metrics could not be collected');
          res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Metrics could not be collected' }));
        });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `No route for ${req.method} ${path}` }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ host, port }, 'metrics listening');
  return server;
}
