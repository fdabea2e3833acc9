// Finds or starts MongoDB-protocol storage, RabbitMQ, S3 object storage and SMTP, in
// DESIGN.md's order: URLs from the environment → a Docker engine → the local servers of
// scripts/servers/, from binaries built or installed on first use into a cache outside the
// repository. The payment provider is PAYMONGO_URL from the environment or, on every path, the
// local PayMongo test double (a Node script of the repository: nothing to build or pull).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startContainers } from './containers.mjs';
import * as mailpit from '../servers/mailpit.mjs';
import * as minio from '../servers/minio.mjs';
import * as paymongo from '../servers/paymongo.mjs';
import * as postgresFerretDb from '../servers/postgres-ferretdb.mjs';
import * as rabbitmq from '../servers/rabbitmq.mjs';
import { has, log } from '../servers/system.mjs';

// Launchers that need the cache or apt for something else take them from here.
export { cacheDir } from '../servers/go-build.mjs';
export { aptInstall } from '../servers/system.mjs';

/**
 * Returns connection settings for the servers, starting what is missing: `env` (MONGO_URL,
 * AMQP_URL, S3_*, SMTP_URL, MAILPIT_URL, PAYMONGO_* and, for local servers, what tests need to
 * steer them), `pids` (the first process of each server started here: the idle benchmark reads
 * their CPU time), `mail` (the local Mailpit) and `paymongo` (the local PayMongo double), which
 * the fault tests stop and start. dataDir holds each local server's data; persistent data
 * survives between runs.
 */
export async function startInfrastructure({ dataDir, logDir }) {
  const [storage, payments] = await Promise.all([startStorage({ dataDir, logDir }), startPaymentProvider({ dataDir, logDir })]);
  return {
    ...storage,
    env: { ...storage.env, ...payments.env },
    pids: { ...storage.pids, ...payments.pids },
    ...(payments.start ? { paymongo: payments } : {}),
  };
}

async function startStorage({ dataDir, logDir }) {
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
      pids: {},
    };
  }
  if (dockerEngineAnswers()) {
    log('a Docker engine answers: starting mongo, rabbitmq, mailpit and minio containers (testcontainers)');
    return { env: await startContainers({ s3AccessKey: minio.S3_ACCESS_KEY, s3SecretKey: minio.S3_SECRET_KEY }), pids: {} };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const servers = await Promise.all([postgresFerretDb, minio, rabbitmq, mailpit].map((server) => server.start({ dataDir, logDir })));
  return {
    env: Object.assign({}, ...servers.map((s) => s.env)),
    pids: Object.assign({}, ...servers.map((s) => s.pids)),
    mail: servers[3],
  };
}

/** PayMongo given in the environment (a shared infrastructure's double, or the real one), else the local double. */
async function startPaymentProvider({ dataDir, logDir }) {
  if (process.env.PAYMONGO_URL && process.env.PAYMONGO_SECRET_KEY) {
    log(`using the PayMongo API at ${process.env.PAYMONGO_URL} (PAYMONGO_URL)`);
    return {
      env: {
        PAYMONGO_URL: process.env.PAYMONGO_URL,
        PAYMONGO_SECRET_KEY: process.env.PAYMONGO_SECRET_KEY,
        PAYMONGO_PUBLIC_KEY: process.env.PAYMONGO_PUBLIC_KEY ?? '',
      },
      pids: {},
    };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  return paymongo.start({ dataDir, logDir });
}

function dockerEngineAnswers() {
  if (!has('docker')) return false;
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10000 }).status === 0;
}
