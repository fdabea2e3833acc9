import type { NextFunction, Request, Response } from 'express';
import { findRoute } from '@bb/contracts';
import { metrics } from './registry';

const requests = metrics.counter('http_requests_total', 'HTTP requests answered, by route of the table and status');
const duration = metrics.histogram('http_request_duration_seconds', 'HTTP request latency by route of the table');

/** Counts and times every request under its route-table path (bounded label values). */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = findRoute(req.method, req.path)?.path ?? (req.path.startsWith('/api/') ? 'unmatched' : 'other');
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      duration.observe({ method: req.method, route }, seconds);
    });
    next();
  };
}

export async function metricsHandler(_req: Request, res: Response) {
  res.type('text/plain; version=0.0.4').send(await metrics.render());
}
