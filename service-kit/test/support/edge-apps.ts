// The apps the request-edge tests send to: the kit's own, with routes of the real table bound by
// bind() to their real schemas, on servers made by the same listen() as production.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { appointmentRoutes, calendarFeedRoutes, manageRoutes, scheduleRoutes, waitlistRoutes } from '@bb/contracts';
import { AppError } from '../../src/errors';
import { createServiceApp } from '../../src/http/app';
import { bind } from '../../src/http/bind';
import { closeServer, listen } from '../../src/lifecycle';
import { createLogger } from '../../src/logger';
import { silentLogger, TEST_JWT_SECRET } from '../../testing';

/** JSON bodies nested `depth` deep, as arrays and as objects. */
export const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
export const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Keeps every log line a logger writes at `level` and above, parsed. */
export function logCapture(level = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n'), logger: (service: string) => createLogger(service, level, stream) };
}

/** Parsed by the route's schemas, then 409: a body that reaches this far was walked, parsed and checked. */
const parsedThenConflict = () => {
  throw new AppError('conflict', 'parsed');
};

export function bookingApp(logger = silentLogger()) {
  return createServiceApp({
    service: 'booking',
    context: { logger: logger, isReady: () => true, config: { JWT_SECRET: TEST_JWT_SECRET } },
    deps: undefined,
    mounts: [
      (app) => {
        bind(app, appointmentRoutes.create, parsedThenConflict);
        bind(app, waitlistRoutes.join, parsedThenConflict);
        bind(app, manageRoutes.reschedule, parsedThenConflict);
        bind(app, manageRoutes.view, () => {
          throw new Error('the database went away');
        });
        bind(app, calendarFeedRoutes.feed, parsedThenConflict);
        bind(app, scheduleRoutes.availableSlots, parsedThenConflict);
      },
    ],
  });
}

/** Starts apps on servers made by listen() for one test file, and closes them all after it. */
export function appServers() {
  const servers: http.Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await closeServer(server);
    }
  });
  return async function start(app: Parameters<typeof listen>[0], timeouts = { requestMs: 30000, headersMs: 20000, keepAliveMs: 65000 }) {
    const server = await listen(app, 0, '127.0.0.1', timeouts);
    server.closeIdleConnections();
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
