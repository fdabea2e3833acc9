import autocannon from 'autocannon';
import type { BenchRow } from './types';

export interface LoadOptions {
  scenario: string;
  target: string;
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second per connection cap (at least 1). */
  connectionRate?: number;
  /** Requests per second across all connections (for polling simulations slower than 1/s each). */
  overallRate?: number;
  requests?: autocannon.Request[];
}

/** Runs autocannon and keeps the figures we report. */
export async function load(options: LoadOptions): Promise<BenchRow> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connectionRate: options.connectionRate,
    overallRate: options.overallRate,
    requests: options.requests,
  });
  return {
    scenario: options.scenario,
    target: options.target,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** Latency percentiles of a list of measured durations (ms). */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10 };
}
