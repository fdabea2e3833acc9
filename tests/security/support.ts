import http from 'node:http';
import WebSocket from 'ws';
import type { Subscriber } from '@bb/contracts';
import { requireEnv } from '@bb/service-kit/testing';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as written: no normalisation of case, slashes or escapes, as an attacker sends it. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to connect from (any 127.x.y.z works on Linux): another client to the server. */
  from?: string;
  timeoutMs?: number;
}

/** One request over plain http, path byte for byte. */
export function raw(base: string, { method, path, headers = {}, body, from, timeoutMs = 10000 }: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} took longer than ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs tasks with at most `limit` in flight. */
export async function inBatches<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const urls = (name: string) => requireEnv(name).split(',').filter(Boolean);

/** Every service of the stack, in start order. */
export const STACK_SERVICES = ['auth', 'catalog', 'booking', 'chat', 'subscribers', 'notifications', 'payments'] as const;
export type StackService = (typeof STACK_SERVICES)[number];

/** Every gateway and every process of every service of the stack npm test started. */
export interface StackProcess {
  name: string;
  url: string;
  /** null for a gateway. Maps keyed by it must name every service (a new one fails to compile until probed). */
  service: StackService | null;
}

/** The env names (GATEWAY, AUTH, …) under which the launcher lists each component's processes. */
export const STACK_COMPONENT_KEYS = ['GATEWAY', ...STACK_SERVICES.map((s) => s.toUpperCase())];

export function stackProcesses(): StackProcess[] {
  const list: StackProcess[] = urls('GATEWAY_REPLICA_URLS').map((url, i) => ({ name: `gateway-${i + 1}`, url, service: null }));
  for (const service of STACK_SERVICES) {
    urls(`${service.toUpperCase()}_REPLICA_URLS`).forEach((url, i) => list.push({ name: `${service}-${i + 1}`, url, service }));
  }
  return list;
}

/**
 * How long after `since` (ms) each process first refused with 401, polling each on its own
 * (one request at a time, 25 ms apart) for up to `windowMs`; Infinity for one that never did.
 * Each process's figure is its own: a slow answer elsewhere does not count against it.
 */
export function refusalDelays(processes: StackProcess[], ask: (p: StackProcess) => Promise<RawAnswer>, since: number, windowMs = 5000): Promise<number[]> {
  return Promise.all(
    processes.map(async (p) => {
      while (Date.now() - since < windowMs) {
        if ((await ask(p)).status === 401) return Date.now() - since;
        await new Promise((r) => setTimeout(r, 25));
      }
      return Infinity;
    }),
  );
}

export async function login(gateway: string, from?: string): Promise<string> {
  const res = await raw(gateway, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    from,
  });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${res.text}`);
  return (JSON.parse(res.text) as { token: string }).token;
}

export async function logout(gateway: string, token: string): Promise<void> {
  const res = await raw(gateway, { method: 'POST', path: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`logout answered ${res.status}: ${res.text}`);
}

/** A process's resident memory, from /proc, in bytes. */
export async function residentBytes(component: string): Promise<number> {
  const res = await fetch(`${requireEnv('BB_STACK_CONTROL_URL')}/components/${component}`);
  const { pid } = (await res.json()) as { pid: number };
  const { readFileSync } = await import('node:fs');
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) * 1024;
}

/**
 * A component's live heap after a full garbage collection, in bytes, read through the Node
 * inspector that SIGUSR1 opens on 127.0.0.1:9229 (closed again after). Resident memory alone cannot tell garbage V8
 * has not yet collected from memory a flood left behind; this can.
 */
export async function heapUsedAfterGc(component: string): Promise<number> {
  const res = await fetch(`${requireEnv('BB_STACK_CONTROL_URL')}/components/${component}`);
  const { pid } = (await res.json()) as { pid: number };
  process.kill(pid, 'SIGUSR1');
  let target: string | undefined;
  for (let i = 0; i < 50 && !target; i++) {
    target = await fetch('http://127.0.0.1:9229/json/list')
      .then(async (r) => ((await r.json()) as { webSocketDebuggerUrl: string }[])[0]?.webSocketDebuggerUrl)
      .catch(() => undefined);
    if (!target) await new Promise((r) => setTimeout(r, 100));
  }
  if (!target) throw new Error(`the inspector of ${component} (pid ${pid}) did not open on 127.0.0.1:9229`);
  const socket = new WebSocket(target);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call = <T>(method: string) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result: T };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
  } finally {
    // The inspector closes again, so the next process asked (another file's) can open it on 9229.
    socket.send(JSON.stringify({ id: ++nextId, method: 'Runtime.evaluate', params: { expression: 'process._debugEnd()' } }));
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
  }
}

/** A path and query of an absolute link, to send to any process. */
export const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/** A newsletter sign-up sent to `target` itself (a gateway or a subscribers process). */
export const signUp = (target: string, email: string) =>
  raw(target, { method: 'POST', path: '/api/email-subscribers', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

/** The address's entry on the email list, as staff read it; throws when it is not there. */
export async function listedSubscriber(gateway: string, adminToken: string, email: string): Promise<Subscriber> {
  const list = JSON.parse(
    (await raw(gateway, { method: 'GET', path: '/api/email-subscribers', headers: { authorization: `Bearer ${adminToken}` } })).text,
  ) as Subscriber[];
  const found = list.find((s) => s.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error(`${email} is not on the list`);
  return found;
}
