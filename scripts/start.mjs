#!/usr/bin/env node
// `npm start`: installs what is missing, starts the infrastructure, builds, starts every
// service and the gateway in demo mode, and prints the URL. Ctrl-C stops everything.
import fs from 'node:fs';
import path from 'node:path';
import { startInfrastructure } from './lib/infra.mjs';
import { useProjectNode } from './lib/node-runtime.mjs';
import { stopAllOnExit, usePidFile } from './lib/processes.mjs';
import { build, ensureDependencies, localSecrets, planStack, repoRoot, startStack } from './lib/stack.mjs';

await useProjectNode();

const dataDir = path.join(repoRoot, '.data', 'start');
const mode = process.env.APP_MODE ?? 'demo';
const DB_PREFIX = 'bb';

usePidFile(path.join(repoRoot, '.data', 'pids'), 'start');
stopAllOnExit();
try {
  ensureDependencies();
  const infra = await startInfrastructure({ dataDir, logDir: path.join(dataDir, 'logs') });
  build();
  const plans = await planStack({ infraEnv: infra.env, secrets: localSecrets(dataDir), mode, fixedPorts: true, dbPrefix: DB_PREFIX });
  await startStack(plans);
  // Where this run's servers are, for `npm run admin` while it runs.
  fs.writeFileSync(path.join(dataDir, 'running.json'), JSON.stringify({ pid: process.pid, mongoUrl: infra.env.MONGO_URL, dbPrefix: DB_PREFIX }));
  const gateway = plans.find((p) => p.name === 'gateway');
  console.log('');
  console.log(`  Ready in ${mode} mode: ${gateway ? gateway.url.replace('127.0.0.1', 'localhost') : '(no gateway yet)'}`);
  if (gateway)
    console.log(
      `  Staff console: ${gateway.url.replace('127.0.0.1', 'localhost')}/maintenance   API reference: ${gateway.url.replace('127.0.0.1', 'localhost')}/api/docs`,
    );
  if (infra.env.MAILPIT_URL) console.log(`  Mails the site sends (Mailpit): ${infra.env.MAILPIT_URL.replace('127.0.0.1', 'localhost')}`);
  if (infra.paymongo) {
    const paymongoUrl = infra.env.PAYMONGO_URL.replace('127.0.0.1', 'localhost');
    console.log(`  PayMongo test double at ${paymongoUrl}/v1, checkout pages at ${paymongoUrl}/checkout/<id> (no money moves)`);
  }
  console.log('  Press Ctrl-C to stop everything.');
  console.log('');
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.kill(process.pid, 'SIGTERM');
}
