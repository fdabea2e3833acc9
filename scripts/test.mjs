#!/usr/bin/env node
// `npm test`: the same set-up as `npm start` on private ports and throw-away data, then every
// jest project (unit, integration, system, browser). Extra arguments go to jest.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { aptInstall, startInfrastructure } from './lib/infra.mjs';
import { run, stopAll, stopAllOnExit, usePidFile } from './lib/processes.mjs';
import { build, ensureDependencies, infraTestEnv, planStack, repoRoot, startComponent, startStack, stopProcess } from './lib/stack.mjs';

const started = Date.now();
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-test-'));
const logDir = path.join(repoRoot, '.data', 'test-logs');
fs.rmSync(logDir, { recursive: true, force: true });
usePidFile(path.join(repoRoot, '.data', 'test-pids.json'));
stopAllOnExit();

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  console.log('[setup] installing Debian chromium for the browser tests (first run only)…');
  aptInstall(['chromium']);
}

/**
 * A loopback-only control endpoint so fault tests can kill and restart stack processes that
 * this launcher owns.
 */
function startControlServer(plans, running) {
  const server = http.createServer(async (req, res) => {
    const match = /^\/components\/([a-z]+)\/(kill|start|stop)$/.exec(req.url ?? '');
    const plan = match && plans.find((p) => p.name === match[1]);
    if (req.method !== 'POST' || !plan) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (match[2] === 'kill') {
        running[plan.name].stopSignal = 'SIGKILL';
        await stopProcess(running[plan.name]);
      } else if (match[2] === 'stop') {
        await stopProcess(running[plan.name]);
      } else {
        running[plan.name] = await startComponent(plan, { logDir });
      }
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// All test traffic comes from 127.0.0.1: the public-write limit would throttle the load the
// tests make on purpose. Its behaviour is tested on its own gateway instance.
process.env.PUBLIC_POSTS_PER_MINUTE ??= '1000000';

let exitCode = 1;
try {
  ensureDependencies();
  console.log('[test] type check and lint…');
  run('npm', ['run', '--silent', 'lint'], { cwd: repoRoot });
  ensureChromium();
  const infra = await startInfrastructure({ dataDir: runDir, logDir });
  build();
  const secrets = { JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789', UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret', WEBHOOK_SECRET_KEY: 'test-webhook-key' };
  const plans = await planStack({ infraEnv: infra.env, secrets, mode: 'demo', fixedPorts: false, dbPrefix: 'stack' });
  const running = await startStack(plans, { logDir });
  const control = await startControlServer(plans, running);
  console.log(`[test] set-up done in ${Math.round((Date.now() - started) / 1000)} s; stack logs in ${path.relative(repoRoot, logDir)}/`);
  const env = {
    ...process.env,
    ...infra.env,
    ...infraTestEnv(infra),
    JWT_SECRET: secrets.JWT_SECRET,
    BB_STACK_CONTROL_URL: `http://127.0.0.1:${control.address().port}`,
    BB_LOG_DIR: logDir,
    ...Object.fromEntries(plans.map((p) => [`${p.name.toUpperCase()}_URL`, p.url])),
  };
  const jestArgs = ['--ci', '--maxWorkers=2', ...process.argv.slice(2)];
  exitCode = await new Promise((resolve) => {
    const jest = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs], { env, cwd: repoRoot, stdio: 'inherit' });
    jest.on('exit', (code) => resolve(code ?? 1));
  });
  control.close();
} catch (err) {
  console.error(`[test] ${err.stack ?? err.message}`);
  exitCode = 1;
}
await stopAll();
fs.rmSync(runDir, { recursive: true, force: true });
console.log(`[test] finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${exitCode}`);
process.exit(exitCode);
