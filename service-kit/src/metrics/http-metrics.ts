import type { NextFunction, Request, Response } from 'express';
import { findRoute } from '@bb/contracts';
import { counter, histogram } from './registry';

const requests = counter('http_requests_total', 'HTTP requests answered, by route of the table and status', ['method', 'route', 'status']);
const duration = histogram('http_request_duration_seconds', 'HTTP request latency by route of the table', ['method', 'route']);

/** Records one answered request under its route-table path (bounded label values). */
export function observeRequest(method: string, path: string, status: number, startedNs: bigint): void {
  const route = findRoute(method, path)?.path ?? (path.startsWith('/api/') ? 'unmatched' : 'other');
  const seconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
  requests.inc({ method, route, status: String(status) });
  duration.observe({ method, route }, seconds);
}

/** Counts and times every request. */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => observeRequest(req.method, req.path, res.statusCode, started));
    next();
  };
}
