import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { TEST_JWT_SECRET, TEST_MANAGE_LINK_SECRET, testAmqpUrl, testMongoUrl, uniqueName } from '@bb/service-kit/testing';
import { startBooking, TEST_NOW, type BookingUnderTest } from './booking';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/** Bundles instance.ts (workspace code compiled in, npm packages left to node_modules). */
export async function bundleInstance(): Promise<string> {
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'booking-instance-')), 'instance.js');
  await build({
    entryPoints: [path.join(__dirname, 'instance.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@bb/') ? undefined : { path: a.path, external: true })),
      },
    ],
  });
  return outfile;
}

export interface BookingProcess {
  url: string;
  stop: () => Promise<void>;
  /** Ends it at once (SIGKILL): whatever it was writing stays half done. */
  kill: () => Promise<void>;
}

/** Starts a booking process on the given database (its business clock at `now`, TEST_NOW unless given) and resolves with its URL. */
export function startBookingProcess(bundle: string, mongoUrl: string, now: Date = TEST_NOW): Promise<BookingProcess> {
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      NODE_PATH: path.join(repoRoot, 'node_modules'),
      PORT: '0',
      LOG_LEVEL: 'warn',
      MONGO_URL: mongoUrl,
      AMQP_URL: testAmqpUrl(),
      BUS_EXCHANGE: uniqueName('instance_ex'),
      BUS_QUEUE_PREFIX: `${uniqueName('instance')}.`,
      JWT_SECRET: TEST_JWT_SECRET,
      MANAGE_LINK_SECRET: TEST_MANAGE_LINK_SECRET,
      // The race is about the database: no copy of the stack's catalog.
      CATALOG_URL: '',
      BOOKING_TEST_NOW: now.toISOString(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const end = (signal: NodeJS.Signals) => () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const stop = end('SIGTERM');
  const kill = end('SIGKILL');
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, stop, kill });
    });
    child.once('exit', (code) => reject(new Error(`booking process exited with ${code} before listening`)));
  });
}

/**
 * For one test file: a booking app on a database of its own (named by `label`), set up by `prepare`
 * (settings are read when a process starts), then two booking processes on the same database; all
 * stopped and the database dropped after the file.
 */
export function twoProcessesOn(label: string, prepare: (booking: BookingUnderTest) => Promise<void>) {
  let booking: BookingUnderTest;
  let bundle: string;
  const processes: BookingProcess[] = [];
  beforeAll(async () => {
    const mongoUrl = testMongoUrl(label);
    booking = await startBooking(label, { mongoUrl });
    await prepare(booking);
    bundle = await bundleInstance();
    processes.push(...(await Promise.all([startBookingProcess(bundle, mongoUrl), startBookingProcess(bundle, mongoUrl)])));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
    await booking.conn.dropDatabase();
    await booking.close();
  });
  return {
    get booking() {
      return booking;
    },
    processes,
  };
}
