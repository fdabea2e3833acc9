import http from 'node:http';
import { percentiles } from './load';
import type { BenchRow } from './types';

export interface PacedOptions {
  scenario: string;
  target: string;
  url: string;
  /** Requests per second, sent evenly spaced (open loop), not in bursts. */
  rate: number;
  /** Keep-alive connections at most; a request finding them all busy waits for one. */
  connections: number;
  seconds: number;
}

const TICK_MS = 2;

/**
 * An open-loop load: requests leave on an even schedule (every 2 ms, the ones due) whatever
 * the answers do, and each latency counts from the moment the request was issued, including
 * any wait for a free connection, so a stalled server shows up in the figures instead of
 * slowing the load down. autocannon's rate option cannot do this: it sends each connection's
 * budget at the start of every second, so its latencies are mostly queueing behind the burst.
 */
export async function pacedLoad(options: PacedOptions): Promise<BenchRow> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  const total = Math.round(options.rate * options.seconds);
  const started = performance.now();
  let sent = 0;

  const send = () => {
    const sentAt = performance.now();
    inFlight += 1;
    const done = () => {
      latencies.push(performance.now() - sentAt);
      inFlight -= 1;
    };
    const req = http.get(options.url, { agent }, (res) => {
      if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) > 299) non2xx += 1;
      res.resume();
      res.on('end', done);
      res.on('error', () => {
        errors += 1;
        inFlight -= 1;
      });
    });
    req.on('error', () => {
      errors += 1;
      inFlight -= 1;
    });
  };

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsedMs = performance.now() - started;
      const due = Math.min(total, Math.floor((elapsedMs / 1000) * options.rate));
      for (; sent < due; sent++) send();
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const deadline = Date.now() + 30_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  agent.destroy();

  const { p50, p99 } = percentiles(latencies);
  return {
    scenario: options.scenario,
    target: options.target,
    requestsPerSec: Math.round(latencies.length / options.seconds),
    p50Ms: p50,
    p99Ms: p99,
    errors: errors + inFlight,
    non2xx,
    requests: latencies.length,
  };
}
