// Finds or starts MongoDB-protocol storage, RabbitMQ and S3 object storage, in DESIGN.md's
// order: URLs from the environment → a Docker engine → local binaries built or installed on
// first use into a cache outside the repository.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { amqpAnswers, freePort, httpStatus, mongoAnswers, waitFor } from './net.mjs';
import { run, startProcess, stopProcess } from './processes.mjs';
import { startContainers } from './containers.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
// MinIO publishes release tags that are not Go module versions; this pseudo-version is the
// commit of RELEASE.2021-05-16, the newest the module proxy reachable here serves.
export const MINIO_VERSION = 'v0.0.0-20210516060309-ce3d9dc9faa5';
export const MAILPIT_VERSION = 'v1.27.11';

const S3_ACCESS_KEY = 'bb-local-access';
// Long enough for production mode's secret rule; MinIO listens on loopback only.
const S3_SECRET_KEY = 'bb-local-minio-key-for-loopback-use-only';

export const cacheDir = process.env.BB_CACHE_DIR || path.join(os.homedir(), '.cache', 'beauty-booking');
const binDir = path.join(cacheDir, 'bin');

function log(message) {
  console.log(`[infra] ${message}`);
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Returns connection settings for the three servers, starting what is missing.
 * dataDir holds each local server's data; persistent data survives between runs. `pids` names
 * the first process of each server started here (the idle benchmark reads their CPU time).
 */
export async function startInfrastructure({ dataDir, logDir }) {
  const fromEnv = process.env.MONGO_URL && process.env.AMQP_URL && process.env.S3_ENDPOINT && process.env.SMTP_URL;
  if (fromEnv) {
    log('using MONGO_URL, AMQP_URL, S3_ENDPOINT and SMTP_URL from the environment');
    return {
      env: {
        MONGO_URL: process.env.MONGO_URL,
        AMQP_URL: process.env.AMQP_URL,
        S3_ENDPOINT: process.env.S3_ENDPOINT,
        S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? '',
        S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? '',
        SMTP_URL: process.env.SMTP_URL,
        // The mail catcher's API, when the SMTP server is one (the mail tests read it).
        MAILPIT_URL: process.env.MAILPIT_URL ?? '',
      },
      rabbit: null,
      pids: {},
    };
  }
  if (dockerEngineAnswers()) return startWithDocker();
  fs.mkdirSync(dataDir, { recursive: true });
  const [ferret, s3, rabbit, mail] = await Promise.all([
    startFerretDb(dataDir, logDir),
    startMinio(dataDir, logDir),
    startRabbitMq(dataDir, logDir),
    startMailpit(dataDir, logDir),
  ]);
  return {
    env: {
      MONGO_URL: ferret.url,
      AMQP_URL: rabbit.url,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY,
      S3_SECRET_KEY,
      SMTP_URL: mail.smtpUrl,
      MAILPIT_URL: mail.apiUrl,
      MAILPIT_BIN: mail.binary,
      // FerretDB's own storage, for tests and benches that read PostgreSQL's plans and statistics.
      ...(ferret.postgresUrl ? { BB_POSTGRES_URL: ferret.postgresUrl } : {}),
    },
    rabbit,
    mail,
    pids: { ferretdb: ferret.pid, ...(ferret.postgresPid ? { postgresql: ferret.postgresPid } : {}), rabbitmq: rabbit.pid, minio: s3.pid, mailpit: mail.pid() },
  };
}

function dockerEngineAnswers() {
  if (!has('docker')) return false;
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10000 }).status === 0;
}

/** With an engine present, the images docker-compose.yml pins run instead (through testcontainers). */
async function startWithDocker() {
  log('a Docker engine answers: starting mongo, rabbitmq, mailpit and minio containers (testcontainers)');
  return { env: await startContainers({ s3AccessKey: S3_ACCESS_KEY, s3SecretKey: S3_SECRET_KEY }), rabbit: null, pids: {} };
}

// ---------------------------------------------------------------- builds on first use

/**
 * Builds a Go program from a module version into the cache. `go install pkg@version` is not
 * used because the module proxy here refuses the version list that go install asks for.
 */
export function buildGoBinary({ name, module, version, variant, pkg, prepare }) {
  const target = path.join(binDir, [name, version, variant].filter(Boolean).join('-'));
  if (fs.existsSync(target)) return target;
  if (!has('go')) throw new Error(`${name} is not built yet and Go is not installed: install Go, or set MONGO_URL, AMQP_URL and S3_ENDPOINT`);
  log(`building ${name} ${version} from ${module} (first run only, takes a few minutes)…`);
  const started = Date.now();
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const info = JSON.parse(run('go', ['mod', 'download', '-json', `${module}@${version}`], { env, quiet: true }));
  if (info.Error) throw new Error(`go mod download ${module}@${version}: ${info.Error}`);
  const srcDir = path.join(cacheDir, 'src', `${name}-${version}`);
  fs.rmSync(srcDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(srcDir), { recursive: true });
  fs.cpSync(info.Dir, srcDir, { recursive: true });
  run('chmod', ['-R', 'u+w', srcDir]);
  prepare?.(srcDir);
  fs.mkdirSync(binDir, { recursive: true });
  log(`compiling ${name}…`);
  run('go', ['build', '-o', `${target}.tmp`, pkg], { env, cwd: srcDir, quiet: true });
  fs.renameSync(`${target}.tmp`, target);
  fs.rmSync(srcDir, { recursive: true, force: true });
  log(`${name} built in ${Math.round((Date.now() - started) / 1000)} s → ${target}`);
  return target;
}

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
      lockFerretDbWritesPerCollection(dir);
      indexFerretDbPushdowns(dir);
    },
  });
}

/** The Go files the launcher adds to FerretDB's source, one folder per Go package they join. */
const FERRETDB_ADDITIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ferretdb');

/** Copies our Go file into a package of FerretDB's source. */
function addGoFile(srcDir, pkgDir, file) {
  fs.copyFileSync(path.join(FERRETDB_ADDITIONS, path.basename(pkgDir), file), path.join(srcDir, pkgDir, file));
}

/** Inserts `code` into a Go source file just before the first occurrence of `anchor`. */
function insertBefore(file, anchor, code) {
  const source = fs.readFileSync(file, 'utf8');
  const at = source.indexOf(anchor);
  if (at === -1) throw new Error(`cannot patch ${path.basename(file)}: ${anchor.trim()} not found`);
  fs.writeFileSync(file, source.slice(0, at) + code + source.slice(at));
}

/**
 * FerretDB v1 runs update, findAndModify and delete as a query followed by a separate write,
 * so concurrent conditional updates lose writes (50 writers on a counter capped at 7 gave 17
 * winners). MongoDB makes each single-document write atomic, and our code relies on that; a
 * lock per collection around these read-modify-write commands gives FerretDB the same
 * semantics. Per collection, not per process: a scan of one service's mail log must not hold
 * up another's booking (issue 25).
 */
function lockFerretDbWritesPerCollection(dir) {
  addGoFile(dir, 'internal/handler', 'bb_write_lock.go');
  const handler = (file) => path.join(dir, 'internal', 'handler', file);
  const lock = '\tdefer lockCollection(params.DB, params.Collection)()\n';
  for (const [file, signature] of [
    ['msg_update.go', 'func (h *Handler) updateDocument('],
    ['msg_findandmodify.go', 'func (h *Handler) findAndModifyDocument('],
  ]) {
    const source = fs.readFileSync(handler(file), 'utf8');
    const at = source.indexOf(signature);
    const bodyStart = at === -1 ? -1 : source.indexOf('{\n', at) + 2;
    if (at === -1 || bodyStart < 2) throw new Error(`cannot patch ${file}: ${signature} not found`);
    fs.writeFileSync(handler(file), source.slice(0, bodyStart) + lock + source.slice(bodyStart));
  }
  const call = '\t\td, err = h.execDelete(connCtx, c, &p)\n';
  insertBefore(handler('msg_delete.go'), call, '\t\tunlock := lockCollection(params.DB, params.Collection)\n');
  insertBefore(handler('msg_delete.go'), '\n\t\tdeleted += d\n', '\t\tunlock()\n');
}

/**
 * FerretDB v1 hands PostgreSQL an equality as jsonb containment (`_jsonb->'status' @> '"queued"'`),
 * which the btree expression indexes it creates cannot serve: every query read the whole
 * collection, `_id` lookups included, so a poller cost O(stored documents) forever (issue 25).
 * Beside each index it makes, a GIN index of the same fields serves containment; `$in` of
 * plain values goes down as an OR of containments. Both checked with EXPLAIN in
 * tests/ops/ferretdb-pushdown.test.ts. FerretDB sends field names as statement parameters, so
 * the launcher's PostgreSQL plans every statement with its parameters (plan_cache_mode).
 */
function indexFerretDbPushdowns(dir) {
  addGoFile(dir, 'internal/backends/postgresql/metadata', 'bb_containment_indexes.go');
  addGoFile(dir, 'internal/backends/postgresql', 'bb_pushdown.go');
  const registry = path.join(dir, 'internal', 'backends', 'postgresql', 'metadata', 'registry.go');
  insertBefore(
    registry,
    '\t\tcreated = append(created, index.Name)\n',
    '\t\tif err = bbCreateContainmentIndexes(ctx, p, dbName, c.TableName, &index); err != nil {\n\t\t\t_ = r.indexesDrop(ctx, p, dbName, collectionName, created)\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n',
  );
  insertBefore(registry, '\t\tc.Indexes = slices.Delete(c.Indexes, i, i+1)\n', '\t\tif err := bbDropContainmentIndexes(ctx, p, dbName, &c.Indexes[i]); err != nil {\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n');
  insertBefore(
    path.join(dir, 'internal', 'backends', 'postgresql', 'query.go'),
    '\t\t\t\tdefault:\n\t\t\t\t\t// $gt and $lt\n',
    '\t\t\t\tcase "$in":\n\t\t\t\t\tif f, a := bbFilterIn(p, key, v, keyOperator); f != "" {\n\t\t\t\t\t\tfilters = append(filters, f)\n\t\t\t\t\t\targs = append(args, a...)\n\t\t\t\t\t}\n\n',
  );
}

/**
 * MinIO of 2021 pins reflect2 v1.0.1, whose map iteration crashes on today's Go (nil pointer in
 * maps.Iter.Next) the first time the data scanner saves bucket usage, about a minute after a
 * bucket has objects. reflect2 v1.0.2 supports the current map layout.
 */
export function ensureMinio() {
  return buildGoBinary({
    name: 'minio',
    module: 'github.com/minio/minio',
    version: MINIO_VERSION,
    variant: 'reflect2-v1.0.2',
    pkg: '.',
    prepare: (dir) => run('go', ['mod', 'edit', '-require=github.com/modern-go/reflect2@v1.0.2'], { cwd: dir, quiet: true }),
  });
}

/** Mailpit, the SMTP catcher whose API the mail tests read. Its module carries the web UI's built assets. */
export function ensureMailpit() {
  return buildGoBinary({ name: 'mailpit', module: 'github.com/axllent/mailpit', version: MAILPIT_VERSION, pkg: '.' });
}

export const RABBIT_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
export const RABBIT_CTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';

export function ensureRabbitMq() {
  if (fs.existsSync(RABBIT_SERVER)) return;
  if (process.getuid?.() !== 0) throw new Error('rabbitmq-server is not installed: run `sudo apt-get install -y rabbitmq-server`, or set AMQP_URL');
  log('installing Debian rabbitmq-server with apt (first run only)…');
  aptInstall(['rabbitmq-server']);
}

export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env, quiet: true });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { env, quiet: true });
}

// ---------------------------------------------------------------- local servers

/**
 * FerretDB on Debian's PostgreSQL, its backend that finds documents by index (the SQLite one
 * reads whole collections: 367 against 10 indexed finds a second, measured); on SQLite only
 * where PostgreSQL cannot be installed, and then it says so.
 */
async function startFerretDb(dataDir, logDir) {
  const binary = ensureFerretDb();
  const dir = path.join(dataDir, 'ferretdb');
  fs.mkdirSync(dir, { recursive: true });
  const postgres = await startPostgres(dataDir, logDir).catch((err) => {
    log(`PostgreSQL is not available (${err.message}): FerretDB runs on its SQLite backend, which reads whole collections and is much slower`);
    return null;
  });
  const backend = postgres ? ['--handler=postgresql', `--postgresql-url=${postgres.url}`] : ['--handler=sqlite', `--sqlite-url=file:${dir}/`];
  const port = await freePort();
  const proc = startProcess('ferretdb', binary, [
    ...backend, `--state-dir=${dir}`, `--listen-addr=127.0.0.1:${port}`,
    '--telemetry=disable', '--log-level=warn', '--debug-addr=-',
  ], { logFile: path.join(logDir, 'ferretdb.log') });
  await waitFor('FerretDB', () => mongoAnswers(port), { isDead: () => proc.exitCode !== null });
  log(`FerretDB ${FERRETDB_VERSION} on 127.0.0.1:${port} (${postgres ? 'PostgreSQL' : 'SQLite'} backend)`);
  return { url: `mongodb://127.0.0.1:${port}`, postgresUrl: postgres?.url ?? null, pid: proc.pid, postgresPid: postgres?.pid ?? null };
}

const POSTGRES_VERSIONS = ['17', '16', '15'];
const postgresBin = () => POSTGRES_VERSIONS.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => fs.existsSync(path.join(dir, 'postgres')));

/** Debian's PostgreSQL server, installed with apt when missing (root only). */
export function ensurePostgres() {
  if (postgresBin()) return postgresBin();
  if (process.getuid?.() !== 0) throw new Error('postgresql is not installed (sudo apt-get install -y postgresql)');
  log('installing Debian postgresql with apt (first run only)…');
  aptInstall(['postgresql']);
  const bin = postgresBin();
  if (!bin) throw new Error('apt installed postgresql but no server binary was found');
  return bin;
}

/**
 * A PostgreSQL cluster of this run: its own data directory and port on loopback, run as the
 * `postgres` user when we are root (PostgreSQL refuses to run as root), stopped with the rest.
 * Durability settings are off: the data is throw-away or re-creatable demo content, and the
 * point is to be fast. Answers its URL and the pid of the process started (runuser's, as root).
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
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    // FerretDB sends field names as statement parameters: only a plan made with them meets the
    // GIN indexes beside its own (see indexFerretDbPushdowns).
    '-c', 'plan_cache_mode=force_custom_plan',
  ]);
  const proc = startProcess('postgres', cmd, args, { logFile: path.join(logDir, 'postgres.log') });
  // Accepting connections is not enough: pg_isready says when it answers queries.
  const ready = () => spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0;
  await waitFor('PostgreSQL', ready, { isDead: () => proc.exitCode !== null });
  const psql = path.join(bin, 'psql');
  const exists = run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'ferretdb'"], { quiet: true }).trim();
  if (exists !== '1') run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE ferretdb'], { quiet: true });
  log(`PostgreSQL on 127.0.0.1:${port}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/ferretdb`, pid: proc.pid };
}

async function startMinio(dataDir, logDir) {
  const binary = ensureMinio();
  const dir = path.join(dataDir, 'minio');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const env = {
    ...process.env,
    MINIO_ROOT_USER: S3_ACCESS_KEY,
    MINIO_ROOT_PASSWORD: S3_SECRET_KEY,
    MINIO_UPDATE: 'off',
    MINIO_BROWSER: 'off',
  };
  const proc = startProcess('minio', binary, ['server', '--quiet', '--address', `127.0.0.1:${port}`, dir], {
    env,
    logFile: path.join(logDir, 'minio.log'),
  });
  await waitFor('MinIO', async () => (await httpStatus(`http://127.0.0.1:${port}/minio/health/live`)) === 200, {
    isDead: () => proc.exitCode !== null,
  });
  log(`MinIO on 127.0.0.1:${port}`);
  return { url: `http://127.0.0.1:${port}`, pid: proc.pid };
}

/**
 * Mailpit on loopback: SMTP for the services, its web UI and API for people and tests. It can
 * be stopped and started again on the same ports with its mails kept (the mail fault tests
 * take the SMTP server away for a while).
 */
async function startMailpit(dataDir, logDir) {
  const binary = ensureMailpit();
  const [smtpPort, httpPort] = await Promise.all([freePort(), freePort()]);
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  const args = [
    '--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`,
    '--database', path.join(dataDir, 'mailpit.db'), '--max', '5000',
    '--smtp-auth-accept-any', '--smtp-auth-allow-insecure', '--smtp-disable-rdns', '--disable-version-check', '--quiet',
  ];
  let proc = null;
  const start = async () => {
    proc = startProcess('mailpit', binary, args, { logFile: path.join(logDir, 'mailpit.log') });
    const started = proc;
    await waitFor('Mailpit', async () => (await httpStatus(`${apiUrl}/livez`)) === 200, { isDead: () => started.exitCode !== null });
  };
  await start();
  log(`Mailpit ${MAILPIT_VERSION}: SMTP on 127.0.0.1:${smtpPort}, mails readable at ${apiUrl}`);
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, apiUrl, binary, start, stop: () => stopProcess(proc), pid: () => proc.pid };
}

async function startRabbitMq(dataDir, logDir) {
  ensureRabbitMq();
  const dir = path.join(dataDir, 'rabbitmq');
  fs.mkdirSync(dir, { recursive: true });
  const [port, distPort, epmdPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const nodeName = `bb${port}@localhost`;
  fs.writeFileSync(path.join(dir, 'rabbitmq.conf'), [
    `listeners.tcp.1 = 127.0.0.1:${port}`,
    'loopback_users = none',
    'disk_free_limit.absolute = 50MB',
    '',
  ].join('\n'));
  fs.writeFileSync(path.join(dir, 'enabled_plugins'), '[].\n');
  const cookie = path.join(dir, '.erlang.cookie');
  if (!fs.existsSync(cookie)) fs.writeFileSync(cookie, `BB${Math.random().toString(36).slice(2).toUpperCase()}`, { mode: 0o600 });
  const env = rabbitEnv({ dir, nodeName, port, distPort, epmdPort });
  // Our own epmd on a private port, so nothing outlives the run and other Erlang nodes are untouched.
  startProcess('epmd', 'epmd', ['-port', String(epmdPort), '-address', '127.0.0.1'], { env, logFile: path.join(logDir, 'epmd.log') });
  const proc = startProcess('rabbitmq', RABBIT_SERVER, [], { env, logFile: path.join(logDir, 'rabbitmq.log') });
  await waitFor('RabbitMQ', () => amqpAnswers(port), { timeoutMs: 120000, intervalMs: 500, isDead: () => proc.exitCode !== null });
  log(`RabbitMQ on 127.0.0.1:${port} (node ${nodeName})`);
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    env,
    ctl: (...args) => run(RABBIT_CTL, ['-n', nodeName, ...args], { env, quiet: true }),
    ctlPath: RABBIT_CTL,
    nodeName,
    pid: proc.pid,
  };
}

export function rabbitEnv({ dir, nodeName, port, distPort, epmdPort }) {
  return {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_PID_FILE: path.join(dir, 'rabbitmq.pid'),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    ERL_EPMD_PORT: String(epmdPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
  };
}
