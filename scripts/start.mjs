#!/usr/bin/env node
// `npm start`: installs what is missing, starts the infrastructure, builds, starts every
// service and the gateway in demo mode, and prints the URL. Ctrl-C stops everything.
import path from 'node:path';
import { startInfrastructure } from './lib/infra.mjs';
import { stopAllOnExit, usePidFile } from './lib/processes.mjs';
import { build, ensureDependencies, localSecrets, planStack, repoRoot, startStack } from './lib/stack.mjs';

const dataDir = path.join(repoRoot, '.data', 'start');
const mode = process.env.APP_MODE ?? 'demo';

usePidFile(path.join(repoRoot, '.data', 'pids'), 'start');
stopAllOnExit();
try {
  ensureDependencies();
  const infra = await startInfrastructure({ dataDir, logDir: path.join(dataDir, 'logs') });
  build();
  const plans = await planStack({ infraEnv: infra.env, secrets: localSecrets(dataDir), mode, fixedPorts: true, dbPrefix: 'bb' });
  await startStack(plans);
  const gateway = plans.find((p) => p.name === 'gateway');
  console.log('');
  console.log(`  Ready in ${mode} mode: ${gateway ? gateway.url.replace('127.0.0.1', 'localhost') : '(no gateway yet)'}`);
  if (gateway) console.log(`  Staff console: ${gateway.url.replace('127.0.0.1', 'localhost')}/maintenance   API reference: ${gateway.url.replace('127.0.0.1', 'localhost')}/api/docs`);
  console.log('  Press Ctrl-C to stop everything.');
  console.log('');
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.kill(process.pid, 'SIGTERM');
}
