#!/usr/bin/env node
// `npm test`: the same set-up as `npm start` on private ports and throw-away data, then every
// jest project (unit, integration, system, browser), then the serial tests that restart
// shared servers. Extra arguments go to jest (e.g. `npm test -- services/booking`).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { aptInstall } from './lib/infra.mjs';
import { run } from './lib/processes.mjs';
import { bringUpThrowawayStack } from './lib/session.mjs';
import { repoRoot, startComponent, stopProcess } from './lib/stack.mjs';

const started = Date.now();

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  console.log('[setup] installing Debian chromium for the browser tests (first run only)…');
  aptInstall(['chromium']);
}

/**
 * Loopback-only endpoint so fault tests can kill and restart the processes this launcher owns
 * (and stop and start the local SMTP server: POST /infrastructure/mail/stop|start), and
 * security tests can read a process's memory (GET /components/<name> gives its pid).
 */
function startControlServer(plans, running, logDir, infra) {
  const server = http.createServer(async (req, res) => {
    const mail = /^\/infrastructure\/mail\/(stop|start)$/.exec(req.url ?? '');
    if (req.method === 'POST' && mail && infra.mail) {
      try {
        await infra.mail[mail[1]]();
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message }));
      }
      return;
    }
    const info = /^\/components\/([a-z0-9-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && info && running[info[1]]) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid: running[info[1]].pid }));
      return;
    }
    const match = /^\/components\/([a-z0-9-]+)\/(kill|start|stop)$/.exec(req.url ?? '');
    const plan = match && plans.find((p) => p.name === match[1]);
    if (req.method !== 'POST' || !plan) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (match[2] === 'start') running[plan.name] = await startComponent(plan, { logDir });
      else {
        if (match[2] === 'kill') running[plan.name].stopSignal = 'SIGKILL';
        await stopProcess(running[plan.name]);
      }
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * System and browser test files share one stack and keep their bookings apart by booking on
 * random days months or years ahead; the 90-day default horizon would refuse those. The test
 * stack's offerings therefore take bookings ten years ahead (the default horizon is tested on
 * booking's own test instances); notice and the per-contact cap keep their defaults.
 */
async function openTestCalendar(gatewayUrl) {
  const post = (path, method, body, token) =>
    fetch(`${gatewayUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const login = await post('/api/auth/login', 'POST', { username: 'admin', password: 'admin123' });
  const { token } = await login.json();
  for (const offering of ['clinic', 'studio']) {
    const saved = await post(`/api/settings/${offering}`, 'PUT', { horizonDays: TEST_HORIZON_DAYS }, token);
    if (!saved.ok) throw new Error(`could not open the ${offering}'s calendar for the tests: ${saved.status} ${await saved.text()}`);
  }
}
const TEST_HORIZON_DAYS = 3650;

const jestBin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');

function jest(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jestBin, ...args], { env, cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Whether a selection (e.g. `npm test -- services/auth`) includes any test of the given projects. */
function hasTests(projects, extra) {
  const out = run(process.execPath, [jestBin, '--listTests', ...extra, '--selectProjects', ...projects], { cwd: repoRoot, quiet: true });
  return out.split('\n').some((line) => line.trim().endsWith('.ts'));
}

// All test traffic comes from 127.0.0.1: the public-write limit would throttle the load the
// tests make on purpose. Its behaviour is tested on a gateway instance of its own.
process.env.PUBLIC_POSTS_PER_MINUTE ??= '1000000';
// The test gateways stand behind a load balancer on 127.0.0.1, as in production behind one:
// its X-Forwarded-For is believed, anybody else's (the attack tests connect from 127.0.0.2…) not.
process.env.TRUSTED_PROXIES ??= '127.0.0.1';

let exitCode = 1;
let tearDown = async () => undefined;
try {
  const stack = await bringUpThrowawayStack({
    kind: 'test',
    // Two gateways, and every booking through them meets two booking processes on one
    // database, as in a scaled deployment: capacity, limits and revocations must hold across
    // replicas, not only within one.
    replicas: { booking: 2, gateway: 2 },
    beforeBuild: () => {
      console.log('[test] type check and lint…');
      run('npm', ['run', '--silent', 'lint'], { cwd: repoRoot });
      ensureChromium();
    },
  });
  tearDown = stack.tearDown;
  const control = await startControlServer(stack.plans, stack.running, stack.logDir, stack.infra);
  const env = { ...stack.env, BB_STACK_CONTROL_URL: `http://127.0.0.1:${control.address().port}` };
  await openTestCalendar(stack.env.GATEWAY_URL);
  console.log(`[test] set-up done in ${Math.round((Date.now() - started) / 1000)} s; stack logs in ${path.relative(repoRoot, stack.logDir)}/`);
  const extra = process.argv.slice(2);
  const parallel = ['services', 'web', 'system', 'browser'];
  exitCode = hasTests(parallel, extra) ? await jest(['--ci', '--maxWorkers=2', ...extra, '--selectProjects', ...parallel], env) : 0;
  // Tests that stop shared servers (broker restarts, killed services) run alone, after the rest.
  if (exitCode === 0 && hasTests(['serial'], extra)) exitCode = await jest(['--ci', '--runInBand', ...extra, '--selectProjects', 'serial'], env);
  control.close();
} catch (err) {
  console.error(`[test] ${err.stack ?? err.message}`);
  exitCode = 1;
}
await tearDown();
console.log(`[test] finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${exitCode}`);
process.exit(exitCode);
