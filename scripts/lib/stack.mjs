// The Node processes of the system, how each is configured and started, shared by
// `npm start` and `npm test`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFakeClock } from './fake-clock.mjs';
import { mongoUrlFor } from './mongo-url.mjs';
import { httpJson, portIsFree, freePort, waitFor } from './net.mjs';
import { run, startProcess, stopProcess } from './processes.mjs';
import { registerWebhook } from '../servers/paymongo.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Start order matters only for readiness; the gateway comes last. */
export const components = [
  { name: 'auth', dir: 'services/auth', port: 4001 },
  { name: 'catalog', dir: 'services/catalog', port: 4002 },
  { name: 'booking', dir: 'services/booking', port: 4003 },
  { name: 'chat', dir: 'services/chat', port: 4004 },
  { name: 'subscribers', dir: 'services/subscribers', port: 4005 },
  { name: 'notifications', dir: 'services/notifications', port: 4006 },
  { name: 'payments', dir: 'services/payments', port: 4007 },
  { name: 'gateway', dir: 'gateway', port: 8080 },
];

/** Components whose code exists: later issues add services, and the launchers pick them up. */
export function presentComponents() {
  return components.filter((c) => fs.existsSync(path.join(repoRoot, c.dir, 'src', 'main.ts')));
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = path.join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = path.join(repoRoot, 'package-lock.json');
  const stale = !fs.existsSync(installed) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs);
  if (!stale) return;
  // `npm install` rather than `npm ci` on a developer's machine: it keeps the locked versions
  // without deleting node_modules first. Images install with `npm ci` (the Dockerfile).
  console.log('[setup] installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot });
}

export function build() {
  console.log('[setup] building services, gateway and web app…');
  run('node', [path.join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot });
}

/** Secrets for local runs: kept in the data directory so tokens survive a restart of npm start. */
export function localSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const random = () => crypto.randomBytes(32).toString('base64url');
  // A data directory from before a secret existed keeps its others and gains the new one.
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const secrets = {
    JWT_SECRET: random(),
    UNSUBSCRIBE_SECRET: random(),
    WEBHOOK_SECRET_KEY: random(),
    MANAGE_LINK_SECRET: random(),
    TOTP_ENCRYPTION_KEY: random(),
    ...kept,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * Picks a port for every present component (its default when free, unless fixedPorts is
 * false) and returns the environment of each process. `replicas` runs a service several
 * times (`{ booking: 2 }` starts booking and booking-2 on one database); the gateway takes
 * them in turn. `extraEnv` goes to every process; `publicUrl` is the address in mails' links
 * (a load balancer's, when there is one; the first gateway's otherwise).
 */
export async function planStack({ infraEnv, secrets, mode, fixedPorts, dbPrefix, replicas = {}, extraEnv = {}, publicUrl }) {
  const present = presentComponents();
  // Ports of each component's processes: the first on its default port when free, replicas on any.
  const ports = {};
  const metricsPorts = {};
  const pick = async (port) => (fixedPorts && (await portIsFree(port)) ? port : await freePort());
  for (const c of present) {
    ports[c.name] = [await pick(c.port)];
    while (ports[c.name].length < (replicas[c.name] ?? 1)) ports[c.name].push(await freePort());
    // /metrics of each process on a loopback port of its own, 10000 above its own by default.
    metricsPorts[c.name] = [await pick(c.port + 10000)];
    while (metricsPorts[c.name].length < ports[c.name].length) metricsPorts[c.name].push(await freePort());
  }
  const urlOf = (port) => `http://127.0.0.1:${port}`;
  const url = (name) => (ports[name] ? urlOf(ports[name][0]) : '');
  const urls = (name) => (ports[name] ?? []).map(urlOf).join(',');
  const siteUrl = publicUrl ?? url('gateway');
  const paymongoWebhookSecret = ports.payments ? await paymongoWebhook(infraEnv, siteUrl) : '';
  const common = {
    NODE_ENV: 'production',
    APP_MODE: mode,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    AMQP_URL: infraEnv.AMQP_URL,
    JWT_SECRET: secrets.JWT_SECRET,
    BUS_EXCHANGE: 'bb.events',
    ...extraEnv,
  };
  const specific = {
    auth: {
      ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? 'admin',
      TOTP_ENCRYPTION_KEY: secrets.TOTP_ENCRYPTION_KEY,
      ...(process.env.ADMIN_PASSWORD ? { ADMIN_PASSWORD: process.env.ADMIN_PASSWORD } : {}),
    },
    catalog: {
      S3_ENDPOINT: infraEnv.S3_ENDPOINT,
      S3_ACCESS_KEY: infraEnv.S3_ACCESS_KEY,
      S3_SECRET_KEY: infraEnv.S3_SECRET_KEY,
      S3_BUCKET: `${dbPrefix}-uploads`.replace(/_/g, '-'),
    },
    booking: { CATALOG_URL: url('catalog'), MANAGE_LINK_SECRET: secrets.MANAGE_LINK_SECRET },
    chat: { WEBHOOK_SECRET_KEY: secrets.WEBHOOK_SECRET_KEY },
    subscribers: { UNSUBSCRIBE_SECRET: secrets.UNSUBSCRIBE_SECRET, PUBLIC_URL: publicUrl ?? url('gateway') },
    notifications: { SMTP_URL: infraEnv.SMTP_URL, PUBLIC_URL: publicUrl ?? url('gateway'), MANAGE_LINK_SECRET: secrets.MANAGE_LINK_SECRET },
    payments: {
      PAYMONGO_URL: infraEnv.PAYMONGO_URL,
      PAYMONGO_SECRET_KEY: infraEnv.PAYMONGO_SECRET_KEY,
      PAYMONGO_WEBHOOK_SECRET: paymongoWebhookSecret,
      MANAGE_LINK_SECRET: secrets.MANAGE_LINK_SECRET,
      PUBLIC_URL: siteUrl,
      S3_ENDPOINT: infraEnv.S3_ENDPOINT,
      S3_ACCESS_KEY: infraEnv.S3_ACCESS_KEY,
      S3_SECRET_KEY: infraEnv.S3_SECRET_KEY,
      S3_BUCKET: `${dbPrefix}-receipts`.replace(/_/g, '-'),
    },
    gateway: {
      AUTH_URL: urls('auth'),
      CATALOG_URL: urls('catalog'),
      BOOKING_URL: urls('booking'),
      CHAT_URL: urls('chat'),
      SUBSCRIBERS_URL: urls('subscribers'),
      NOTIFICATIONS_URL: urls('notifications'),
      PAYMENTS_URL: urls('payments'),
      WEB_DIST_DIR: path.join(repoRoot, 'web', 'dist'),
    },
  };
  const plan = (c, name, port, metricsPort) => ({
    ...c,
    name,
    url: urlOf(port),
    metricsUrl: `${urlOf(metricsPort)}/metrics`,
    env: {
      ...process.env,
      ...common,
      ...specific[c.name],
      // Only the gateway may be told to listen beyond loopback (HOST); services never are.
      HOST: c.name === 'gateway' ? (process.env.HOST ?? '127.0.0.1') : '127.0.0.1',
      PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      MONGO_URL: mongoUrlFor(infraEnv.MONGO_URL, `${dbPrefix}_${c.name}`),
    },
  });
  return present.flatMap((c) =>
    ports[c.name].map((port, i) => {
      const metricsPort = metricsPorts[c.name][i];
      return i === 0 ? plan(c, c.name, port, metricsPort) : { ...plan(c, `${c.name}-${i + 1}`, port, metricsPort), replicaOf: c.name };
    }),
  );
}

/** The events payments' webhook listens to (PAYMONGO_EVENTS in services/payments/src/domain/paymongo-resources.ts). */
const PAYMONGO_EVENTS = ['checkout_session.payment.paid', 'payment.paid', 'payment.failed', 'payment.refunded', 'payment.refund.updated'];

/**
 * The secret payments checks PayMongo's deliveries with: PAYMONGO_WEBHOOK_SECRET when the
 * environment gives one (a webhook made in PayMongo's dashboard), else that of a webhook to the
 * site's /api/payments/webhooks/paymongo registered now through the provider's API (the local
 * double; registering again for the same address reuses it).
 */
async function paymongoWebhook(infraEnv, siteUrl) {
  if (process.env.PAYMONGO_WEBHOOK_SECRET) return process.env.PAYMONGO_WEBHOOK_SECRET;
  const { secretKey } = await registerWebhook(infraEnv, `${siteUrl}/api/payments/webhooks/paymongo`, PAYMONGO_EVENTS);
  return secretKey;
}

export async function startComponent(plan, { logDir } = {}) {
  const entry = startProcess(plan.name, process.execPath, ['--enable-source-maps', path.join(repoRoot, plan.dir, 'dist', 'main.js')], {
    env: onFakeClock(plan.env, plan.replicaOf ?? plan.name),
    cwd: repoRoot,
    logFile: logDir ? path.join(logDir, `${plan.name}.log`) : undefined,
  });
  const component = plan.replicaOf ?? plan.name;
  let answeredBy = null;
  await waitFor(
    plan.name,
    async () => {
      const { status, body } = await httpJson(`${plan.url}/readyz`);
      if (status === 200) answeredBy = body?.service ?? 'another process';
      return status === 200;
    },
    { timeoutMs: 60000, isDead: () => entry.exitCode !== null },
  );
  // Whoever answers on the port must be this component, not another process that holds it.
  if (answeredBy !== component) throw new Error(`${plan.name} did not start: ${plan.url} is held by ${answeredBy}`);
  return entry;
}

/** Starts the first process of each component in order, then their replicas together. */
export async function startStack(plans, options) {
  const running = {};
  for (const plan of plans.filter((p) => !p.replicaOf)) running[plan.name] = await startComponent(plan, options);
  await Promise.all(plans.filter((p) => p.replicaOf).map(async (plan) => (running[plan.name] = await startComponent(plan, options))));
  return running;
}

/**
 * The environment test and benchmark processes need to reach a stack: each component's first
 * process (<NAME>_URL, <NAME>_METRICS_URL) and all of them (<NAME>_REPLICA_URLS, …_METRICS_URLS).
 */
export function stackUrlsEnv(plans) {
  const firsts = plans.filter((p) => !p.replicaOf);
  const ofComponent = (p) => plans.filter((q) => q.dir === p.dir);
  return Object.fromEntries(
    firsts.flatMap((p) => {
      const name = p.name.toUpperCase();
      return [
        [`${name}_URL`, p.url],
        [`${name}_METRICS_URL`, p.metricsUrl],
        [
          `${name}_REPLICA_URLS`,
          ofComponent(p)
            .map((q) => q.url)
            .join(','),
        ],
        [
          `${name}_REPLICA_METRICS_URLS`,
          ofComponent(p)
            .map((q) => q.metricsUrl)
            .join(','),
        ],
      ];
    }),
  );
}

export { stopProcess };
