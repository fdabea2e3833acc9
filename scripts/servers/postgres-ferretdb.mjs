// The MongoDB-protocol storage of the local stack: FerretDB (built from source with our
// patches, see ferretdb/) on a PostgreSQL cluster of the run's own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, mongoAnswers, waitFor } from '../lib/net.mjs';
import { run, startProcess, stopProcess } from '../lib/processes.mjs';
import { patchFerretDb } from './ferretdb/patch.mjs';
import { buildGoBinary } from './go-build.mjs';
import { ensureAptPackage, log } from './system.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
const POSTGRES_VERSIONS = ['17', '16', '15'];

export function ensureFerretDb() {
  return buildGoBinary({
    name: 'ferretdb',
    module: 'github.com/FerretDB/FerretDB',
    version: FERRETDB_VERSION,
    variant: 'collection-locks-gin',
    pkg: './cmd/ferretdb',
    prepare: (dir) => {
      // The module zip lacks the version file a git checkout generates; without it FerretDB panics.
      fs.writeFileSync(path.join(dir, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
      patchFerretDb(dir);
    },
  });
}

const postgresBin = () => POSTGRES_VERSIONS.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => fs.existsSync(path.join(dir, 'postgres')));

/** Debian's PostgreSQL server, installed with apt when missing (root only). */
export function ensurePostgres() {
  ensureAptPackage('postgresql', () => Boolean(postgresBin()));
  const bin = postgresBin();
  if (!bin) throw new Error('apt installed postgresql but no server binary was found');
  return bin;
}

/**
 * FerretDB on Debian's PostgreSQL, its backend that finds documents by index (the SQLite one
 * reads whole collections: 367 against 10 indexed finds a second, measured); on SQLite only
 * where PostgreSQL cannot be installed, and then it says so.
 * @param {import('./server').StartOptions} options
 * @returns {Promise<import('./server').RunningServer>}
 */
export async function start({ dataDir, logDir }) {
  const binary = ensureFerretDb();
  const dir = path.join(dataDir, 'ferretdb');
  fs.mkdirSync(dir, { recursive: true });
  const postgres = await startPostgres(dataDir, logDir).catch((err) => {
    log(`PostgreSQL is not available (${err.message}): FerretDB runs on its SQLite backend, which reads whole collections and is much slower`);
    return null;
  });
  const backend = postgres ? ['--handler=postgresql', `--postgresql-url=${postgres.url}`] : ['--handler=sqlite', `--sqlite-url=file:${dir}/`];
  const port = await freePort();
  const proc = startProcess(
    'ferretdb',
    binary,
    [...backend, `--state-dir=${dir}`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=warn', '--debug-addr=-'],
    { logFile: path.join(logDir, 'ferretdb.log') },
  );
  await waitFor('FerretDB', () => mongoAnswers(port), { isDead: () => proc.exitCode !== null });
  log(`FerretDB ${FERRETDB_VERSION} on 127.0.0.1:${port} (${postgres ? 'PostgreSQL' : 'SQLite'} backend)`);
  return {
    env: {
      MONGO_URL: `mongodb://127.0.0.1:${port}`,
      // FerretDB's own storage, for tests and benches that read PostgreSQL's plans and statistics.
      ...(postgres ? { BB_POSTGRES_URL: postgres.url } : {}),
    },
    pids: { ferretdb: proc.pid, ...(postgres ? { postgresql: postgres.proc.pid } : {}) },
    stop: async () => {
      await stopProcess(proc);
      if (postgres) await stopProcess(postgres.proc);
    },
  };
}

/**
 * A PostgreSQL cluster of this run: its own data directory and port on loopback, run as the
 * `postgres` user when we are root (PostgreSQL refuses to run as root), stopped with the rest.
 * Durability settings are off: the data is throw-away or re-creatable demo content, and the
 * point is to be fast. Answers its URL and the process started (runuser's, as root).
 */
async function startPostgres(dataDir, logDir) {
  const bin = ensurePostgres();
  const dir = path.join(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  const runAs = (command, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) {
    // The postgres user must reach its directory through ours.
    for (let d = dir; d !== path.dirname(d) && d.startsWith(dataDir); d = path.dirname(d)) fs.chmodSync(d, 0o755);
    fs.chmodSync(dataDir, 0o755);
    run('chown', ['-R', 'postgres', dir]);
  }
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    const [cmd, args] = runAs(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-instructions']);
    run(cmd, args, { quiet: true });
  }
  const port = await freePort();
  const [cmd, args] = runAs(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    // FerretDB sends field names as statement parameters: only a plan made with them meets the
    // GIN indexes beside its own (see ferretdb/patch.mjs).
    '-c',
    'plan_cache_mode=force_custom_plan',
  ]);
  const proc = startProcess('postgres', cmd, args, { logFile: path.join(logDir, 'postgres.log') });
  // Accepting connections is not enough: pg_isready says when it answers queries.
  const ready = () => spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0;
  await waitFor('PostgreSQL', ready, { isDead: () => proc.exitCode !== null });
  const psql = path.join(bin, 'psql');
  const exists = run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'ferretdb'"], {
    quiet: true,
  }).trim();
  if (exists !== '1') run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE ferretdb'], { quiet: true });
  log(`PostgreSQL on 127.0.0.1:${port}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/ferretdb`, proc };
}
