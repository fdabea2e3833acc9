// A gateway as main.ts wires it, and stand-ins for the services behind it.
import express from 'express';
import { serve, startHarness, type HarnessOptions } from '@bb/service-kit/testing';
import { gatewayEnvShape } from '../src/config';
import { wire } from '../src/wire';

/** A stand-in service that records what reached it. */
export async function fakeService(handler: express.RequestHandler) {
  const app = express();
  const seen: { method: string; url: string; requestId?: string; body?: unknown }[] = [];
  app.use(express.json());
  app.use((req, _res, next) => {
    seen.push({ method: req.method, url: req.url, requestId: req.headers['x-request-id'] as string | undefined, body: req.body });
    next();
  });
  app.use(handler);
  return { ...(await serve(app)), seen };
}

export type UpstreamKey = 'AUTH_URL' | 'CATALOG_URL' | 'BOOKING_URL' | 'CHAT_URL' | 'SUBSCRIBERS_URL';

type Overrides = Partial<
  Record<
    | 'PUBLIC_POSTS_PER_MINUTE'
    | 'UPSTREAM_TIMEOUT_MS'
    | 'LOGIN_FAILURES_PER_MINUTE'
    | 'LOGIN_ATTEMPTS_PER_USERNAME'
    | 'TRUSTED_PROXIES'
    | 'HTTP_REQUEST_TIMEOUT_MS'
    | 'HTTP_HEADERS_TIMEOUT_MS',
    string
  >
>;

/** A gateway as main.ts wires it, in front of the given stand-ins, with limit counters in a database of its own. */
export function gateway(
  upstreams: Partial<Record<UpstreamKey, string | string[]>>,
  overrides: Overrides = {},
  limitsDbUrl?: string,
  logger?: HarnessOptions['logger'],
) {
  const urls = (key: UpstreamKey) => [upstreams[key] ?? []].flat().join(',');
  return startHarness('gateway', gatewayEnvShape, wire, {
    mongoUrl: limitsDbUrl,
    logger,
    env: {
      WEB_DIST_DIR: '/nonexistent',
      UPSTREAM_TIMEOUT_MS: '2000',
      PUBLIC_POSTS_PER_MINUTE: '1000',
      // The tests play several clients from one machine: the loopback peer is their proxy.
      TRUSTED_PROXIES: '127.0.0.1',
      AUTH_URL: urls('AUTH_URL'),
      CATALOG_URL: urls('CATALOG_URL'),
      BOOKING_URL: urls('BOOKING_URL'),
      CHAT_URL: urls('CHAT_URL'),
      SUBSCRIBERS_URL: urls('SUBSCRIBERS_URL'),
      ...overrides,
    },
  });
}

/** Starts gateways and stand-ins for one test file and closes them all after it, the last started first. */
export function startedInFile() {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return {
    closeAfterAll: (...close: (() => Promise<void>)[]) => closers.push(...close),
    async start(...args: Parameters<typeof gateway>) {
      const g = await gateway(...args);
      closers.push(g.close);
      return g;
    },
    async upstream(handler: express.RequestHandler) {
      const u = await fakeService(handler);
      closers.push(u.close);
      return u;
    },
  };
}
