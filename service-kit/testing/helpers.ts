// The helpers the other files of service-kit/testing build on: they import this file, never the index.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { StaffRole } from '@bb/contracts';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import type { Logger } from '../src/logger';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through \`npm test\` (it starts the servers and sets it)`);
  return value;
}

export const uniqueName = (label: string) => `t_${label.replace(/[^a-z0-9]/gi, '_')}_${randomBytes(4).toString('hex')}`;

/** A fresh database on the test MongoDB (FerretDB locally). */
/**
 * A Philippine mobile number no other test is likely to use: booking caps upcoming
 * appointments per phone number, so test visitors must not all share one.
 */
export const uniquePhone = () => `0917 ${randomInt(1_000_000, 10_000_000)}`;

/**
 * A database on the test MongoDB: its name goes into the path, before any options the base URL
 * carries (the Docker path's `?directConnection=true`). scripts/lib/mongo-url.mjs does the same
 * for the launchers, which cannot import TypeScript. `base` is the test servers' MONGO_URL unless given.
 */
export const mongoDatabaseUrl = (db: string, base = requireEnv('MONGO_URL')) =>
  base.replace(/^([^?]*?)\/*(\?.*)?$/, (_all, hosts: string, query = '') => `${hosts}/${db}${query}`);
export const testMongoUrl = (label: string) => mongoDatabaseUrl(uniqueName(label));

export const testAmqpUrl = () => requireEnv('AMQP_URL');

export const silentLogger = (): Logger => pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export const TEST_JWT_SECRET = 'integration-test-secret-0123456789abcdef';
/** The manage-link key of every booking and notifications instance a test starts, so a test can make an appointment's link itself. */
export const TEST_MANAGE_LINK_SECRET = 'integration-test-manage-link-secret-0123';
/** The key auth's two-factor secrets are encrypted with, in every auth instance a test starts. */
export const TEST_TOTP_ENCRYPTION_KEY = 'integration-test-totp-encryption-key-0123';

export interface TokenOptions {
  secret?: string;
  expiresIn?: number;
  jti?: string;
  username?: string;
  /** The user id (`sub`). */
  subject?: string;
  /** Unix seconds (`iat`); now by default. */
  issuedAt?: number;
  /** The account's role; owner (may call every staff route) by default. */
  role?: StaffRole;
  /** A practitioner's staff profile. */
  staffId?: string;
  /** A token that may only set up two-factor sign-in. */
  enrolOnly?: true;
}

export function adminToken({
  secret = TEST_JWT_SECRET,
  expiresIn = 3600,
  jti = randomUUID(),
  username = 'admin',
  subject = 'test-admin',
  issuedAt,
  role = 'owner',
  staffId,
  enrolOnly,
}: TokenOptions = {}): string {
  const claims = { sub: subject, username, jti, role, ...(staffId ? { staffId } : {}), ...(enrolOnly ? { enrolOnly } : {}) };
  return jwt.sign({ ...claims, ...(issuedAt === undefined ? {} : { iat: issuedAt }) }, secret, { algorithm: 'HS256', expiresIn });
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

/** Serves an app on an ephemeral loopback port. */
export async function serve(app: Express | http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** rabbitmqctl against the broker npm test started (for stop_app / start_app). */
export function rabbitctl(...args: string[]): string {
  const result = spawnSync(requireEnv('BB_RABBITMQCTL'), ['-n', requireEnv('BB_RABBIT_NODE'), ...args], {
    env: { ...process.env, HOME: requireEnv('BB_RABBIT_HOME'), ERL_EPMD_PORT: requireEnv('BB_RABBIT_EPMD_PORT') },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`rabbitmqctl ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface ApiOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** A staff token, sent as a bearer token. */
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON answer; undefined when there is none (a 304, a HEAD). */
  body: T;
}

/** One call of the JSON API, as the web app makes it: the body as JSON, the answer parsed. */
export async function api<T = unknown>(base: string, path: string, { method = 'GET', body, token, headers = {} }: ApiOptions = {}): Promise<ApiAnswer<T>> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined) as T };
}

/**
 * The ids of the items that need a practitioner or a room (issue 29's requirements): a booking of
 * one is limited by its resources, not by the offering's capacity that many tests check.
 */
export const resourceLimitedIds = (requirements: readonly { bookableId: string; practitioner: boolean; rooms: readonly string[] }[]): Set<string> =>
  new Set(requirements.filter((r) => r.practitioner || r.rooms.length > 0).map((r) => r.bookableId));

/**
 * The treatments a test may book as the spec's flow books them, oldest first: none that needs a
 * practitioner or a room, none that asks a deposit (held unconfirmed and unmailed until paid).
 * Oldest first, because the demo's treatments are never removed, while other files make and
 * remove their own (the list is newest first) and set deposits on some while they run.
 */
export function plainTreatments<T extends { id: string }>(
  treatments: readonly T[],
  requirements: readonly { bookableId: string; practitioner: boolean; rooms: readonly string[] }[],
  depositPolicies: readonly { itemId: string; policy: { kind: string } }[],
): T[] {
  const needsSomething = resourceLimitedIds(requirements);
  const asksDeposit = new Set(depositPolicies.filter((d) => d.policy.kind !== 'none').map((d) => d.itemId));
  return treatments.filter((t) => !needsSomething.has(t.id) && !asksDeposit.has(t.id)).reverse();
}
