#!/usr/bin/env node
// Runs the suites whose rules depend on the time of day (booking, notifications, tests/api) at
// four moments of the Manila day, each on a clock shifted to the next such moment (see
// lib/fake-clock.mjs), and prints one line per run. Tests must pass at any hour: this is the
// proof. `node scripts/test-at-times.mjs [HH:mm…] [-- <jest selection>]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { useProjectNode } from './lib/node-runtime.mjs';
import { repoRoot } from './lib/stack.mjs';

await useProjectNode();

const MANILA_OFFSET_MS = 8 * 3600 * 1000;
const DEFAULT_TIMES = ['00:30', '09:45', '13:30', '23:50'];
const DEFAULT_SELECTION = ['services/booking', 'services/notifications', 'tests/api'];

const args = process.argv.slice(2);
const split = args.indexOf('--');
const times = (split === -1 ? args : args.slice(0, split)).filter(Boolean);
const selection = split === -1 ? DEFAULT_SELECTION : args.slice(split + 1);

/** Seconds from now to the next moment the Manila clock shows `hhmm` (at least a minute ahead). */
function secondsUntil(hhmm, now = Date.now()) {
  const [h, m] = hhmm.split(':').map(Number);
  const manilaNow = new Date(now + MANILA_OFFSET_MS);
  let target = Date.UTC(manilaNow.getUTCFullYear(), manilaNow.getUTCMonth(), manilaNow.getUTCDate(), h, m) - MANILA_OFFSET_MS;
  if (target < now + 60_000) target += 24 * 3600 * 1000;
  return Math.round((target - now) / 1000);
}

const results = [];
for (const time of times.length > 0 ? times : DEFAULT_TIMES) {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error(`not a time of day (HH:mm): ${time}`);
  const offset = secondsUntil(time);
  console.log(`\n[at-times] ${time} Manila: clock shifted by +${offset} s; npm test -- ${selection.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'test.mjs'), ...selection], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, BB_FAKETIME: `+${offset}s` },
  });
  results.push({ time, code: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n[at-times] results:');
for (const r of results) console.log(`  ${r.time} Manila: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
