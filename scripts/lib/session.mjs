// What npm test and npm run bench share: dependencies, infrastructure on private ports with
// throw-away data, a fresh build, and the whole stack started, with the environment the test
// or benchmark processes need to reach all of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInfrastructure } from './infra.mjs';
import { stopAll, stopAllOnExit, usePidFile } from './processes.mjs';
import { build, ensureDependencies, planStack, repoRoot, stackUrlsEnv, startStack } from './stack.mjs';

export const TEST_SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
  UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret',
  WEBHOOK_SECRET_KEY: 'test-webhook-key',
  MANAGE_LINK_SECRET: 'test-manage-link-secret',
  TOTP_ENCRYPTION_KEY: 'test-totp-encryption-key',
};

export async function bringUpThrowawayStack({ kind, beforeBuild, replicas }) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `bb-${kind}-`));
  const logDir = path.join(repoRoot, '.data', `${kind}-logs`, `run-${process.pid}`);
  usePidFile(path.join(repoRoot, '.data', 'pids'), kind);
  stopAllOnExit();
  ensureDependencies();
  beforeBuild?.();
  const infra = await startInfrastructure({ dataDir: runDir, logDir });
  build();
  const plans = await planStack({ infraEnv: infra.env, secrets: TEST_SECRETS, mode: 'demo', fixedPorts: false, dbPrefix: 'stack', replicas });
  const running = await startStack(plans, { logDir });
  const env = {
    ...process.env,
    ...infra.env,
    JWT_SECRET: TEST_SECRETS.JWT_SECRET,
    MANAGE_LINK_SECRET: TEST_SECRETS.MANAGE_LINK_SECRET,
    BB_LOG_DIR: logDir,
    ...stackUrlsEnv(plans),
  };
  const tearDown = async () => {
    await stopAll();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  return { infra, plans, running, env, logDir, tearDown };
}
