#!/usr/bin/env node
// `npm test`: the same set-up as `npm start` on private ports and throw-away data, then every
// jest project (unit, integration, system, browser), then the serial tests that restart
// shared servers. Extra arguments go to jest (e.g. `npm test -- services/booking`).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startControlServer } from './lib/control-server.mjs';
import { onFakeClock } from './lib/fake-clock.mjs';
import { aptInstall } from './lib/infra.mjs';
import { useProjectNode } from './lib/node-runtime.mjs';
import { run } from './lib/processes.mjs';
import { bringUpScaledStack } from './lib/scaled-stack.mjs';
import { bringUpThrowawayStack } from './lib/session.mjs';
import { openTestCalendar } from './lib/test-calendar.mjs';
import { repoRoot, stopProcess } from './lib/stack.mjs';

await useProjectNode();

const started = Date.now();

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  console.log('[setup] installing Debian chromium for the browser tests (first run only)…');
  aptInstall(['chromium']);
}

const jestBin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');

// --expose-gc (the workers inherit it): the memory tests read the heap after a forced
// collection; without one, what V8 has not yet collected made a 10,000-input run look like a
// leak on a loaded machine (rss +489 MB, CI 2026-11-26).
function jest(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', jestBin, ...args], { env: onFakeClock(env, 'jest'), cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The test files of the given projects a selection (e.g. `npm test -- services/auth`) includes. */
function testsOf(projects, extra) {
  const out = run(process.execPath, [jestBin, '--listTests', ...extra, '--selectProjects', ...projects], { cwd: repoRoot, quiet: true });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.ts'));
}
const hasTests = (projects, extra) => testsOf(projects, extra).length > 0;

/**
 * The scaled stack's phase: the run's own stack makes way (its processes stop, the storage
 * servers stay), two of everything start on a broker cluster, and the scaled projects' tests
 * (the fault run alone, then the system and browser journeys) run against it. It runs when
 * the selection includes a file of tests/scaled, so `npm test -- tests/api/x.test.ts` does not
 * pay for it.
 */
async function runScaledPhase(stack, extra) {
  if (!testsOf(['scaled'], extra).some((file) => file.includes(`${path.sep}tests${path.sep}scaled${path.sep}`))) return 0;
  for (const entry of Object.values(stack.running)) await stopProcess(entry);
  const logDir = path.join(stack.logDir, 'scaled');
  const scaled = await bringUpScaledStack({ infraEnv: stack.infra.env, logDir });
  try {
    const control = await startControlServer({ plans: scaled.plans, running: scaled.running, logDir, cluster: scaled.cluster });
    await openTestCalendar(scaled.env.GATEWAY_URL);
    // Every browser journey on this stack leaves a trace (tests/browser/support/browser.ts).
    const env = {
      ...stack.env,
      ...scaled.env,
      BB_STACK_CONTROL_URL: `http://127.0.0.1:${control.address().port}`,
      BB_BROWSER_TRACES: path.join(logDir, 'traces'),
    };
    console.log(`[test] scaled stack ready; its logs in ${path.relative(repoRoot, logDir)}/`);
    let code = await jest(['--ci', '--runInBand', ...extra, '--selectProjects', 'scaled'], env);
    if (code === 0 && hasTests(['scaled-journeys'], extra)) code = await jest(['--ci', '--maxWorkers=2', ...extra, '--selectProjects', 'scaled-journeys'], env);
    control.close();
    return code;
  } finally {
    await scaled.stop();
  }
}

// All test traffic comes from 127.0.0.1: the public-write limit would throttle the load the
// tests make on purpose. Its behaviour is tested on a gateway instance of its own.
process.env.PUBLIC_POSTS_PER_MINUTE ??= '1000000';
// The test gateways stand behind a load balancer on 127.0.0.1, as in production behind one:
// its X-Forwarded-For is believed, anybody else's (the attack tests connect from 127.0.0.2…) not.
process.env.TRUSTED_PROXIES ??= '127.0.0.1';
// A reschedule notice waits for the appointment to stay put (a minute by default): five seconds
// keep the tests that wait for one short and still fold the quick moves the attack tests make.
process.env.RESCHEDULE_MAIL_QUIET_MS ??= '5000';
// A visitor's hold on a slot lasts 10 minutes by default; the shortest allowed, one minute, lets
// the browser test see an abandoned hold free its slot (tests/browser/slot-holds.test.ts).
process.env.SLOT_HOLD_MINUTES ??= '1';

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
  const control = await startControlServer({
    plans: stack.plans,
    running: stack.running,
    logDir: stack.logDir,
    mail: stack.infra.mail,
    paymongo: stack.infra.paymongo,
  });
  const env = { ...stack.env, BB_STACK_CONTROL_URL: `http://127.0.0.1:${control.address().port}` };
  await openTestCalendar(stack.env.GATEWAY_URL);
  console.log(`[test] set-up done in ${Math.round((Date.now() - started) / 1000)} s; stack logs in ${path.relative(repoRoot, stack.logDir)}/`);
  const extra = process.argv.slice(2);
  const parallel = ['services', 'web', 'system', 'browser'];
  exitCode = hasTests(parallel, extra) ? await jest(['--ci', '--maxWorkers=2', ...extra, '--selectProjects', ...parallel], env) : 0;
  // Tests that stop shared servers (broker restarts, killed services) run alone, after the rest.
  if (exitCode === 0 && hasTests(['serial'], extra)) exitCode = await jest(['--ci', '--runInBand', ...extra, '--selectProjects', 'serial'], env);
  control.close();
  if (exitCode === 0) exitCode = await runScaledPhase(stack, extra);
} catch (err) {
  console.error(`[test] ${err.stack ?? err.message}`);
  exitCode = 1;
}
await tearDown();
console.log(`[test] finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${exitCode}`);
process.exit(exitCode);
