#!/usr/bin/env node
// `npm run bench`: brings up the stack like npm test, then runs every bench/<name>.ts (or the
// names given: `npm run bench -- gateway catalog`) and writes bench/results/<date>.json and .md.
// The benchmarks that export `eachDataSet = true` run once per data set of BENCH_DATA
// (default `empty,year`): first on what the run has stored so far, then again after a year of
// data (bench/lib/year-of-data.ts) is stored on top, each result labelled with its data set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBenchScripts } from './lib/bench-build.mjs';
import { useProjectNode } from './lib/node-runtime.mjs';
import { bringUpScaledStack } from './lib/scaled-stack.mjs';
import { bringUpThrowawayStack } from './lib/session.mjs';
import { repoRoot, stopProcess } from './lib/stack.mjs';

await useProjectNode();

const benchDir = path.join(repoRoot, 'bench');
const wanted = process.argv.slice(2);
// Booking stores 5,000 appointments, and on FerretDB every later write to its database pays
// for them (the mixed scenario's set-up timed out behind them; the events benchmark's bookings
// under load went from 14 to 3 a second behind them): it comes last but one. The scaled one
// replaces the stack with the scaled stack: it comes last.
// The data-set benchmarks run together, so the year is stored once, after the first set's runs.
const ORDER = ['gateway', 'catalog', 'chat', 'mixed', 'events', 'mail', 'booking-cost', 'idle', 'booking', 'scaled'];
// Not a load benchmark: screenshots for a reviewer (`npm run screens`), run only when named.
const ONLY_WHEN_NAMED = ['screens'];
const DATA_SETS = { empty: 'empty', year: 'year of data' };
const dataSets = (process.env.BENCH_DATA ?? 'empty,year')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
for (const d of dataSets) if (!(d in DATA_SETS)) throw new Error(`BENCH_DATA: unknown data set ${d} (known: ${Object.keys(DATA_SETS).join(', ')})`);
// Data is only ever added: an empty database comes first or not at all.
if (dataSets.indexOf('empty') > 0) throw new Error('BENCH_DATA: empty can only come first');
const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
const names = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => (wanted.length === 0 ? !ONLY_WHEN_NAMED.includes(n) : wanted.includes(n)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

process.env.PUBLIC_POSTS_PER_MINUTE ??= '1000000';
process.env.LOG_LEVEL ??= 'warn';
let code = 0;
const stack = await bringUpThrowawayStack({ kind: 'bench' });
// The benches read PostgreSQL's statistics under FerretDB (rows read per request), where there is one.
if (stack.infra.env.BB_POSTGRES_URL) process.env.BB_POSTGRES_URL = stack.infra.env.BB_POSTGRES_URL;
let scaled = null;
/** The scaled stack in place of the stack's Node processes, on the same storage servers. */
async function scaleOut() {
  for (const entry of Object.values(stack.running)) await stopProcess(entry);
  scaled = await bringUpScaledStack({ infraEnv: stack.infra.env, logDir: path.join(stack.logDir, 'scaled') });
  return { gatewayUrl: scaled.env.GATEWAY_URL, env: { ...stack.env, ...scaled.env } };
}
try {
  const outDir = path.join(repoRoot, '.data', 'bench-build');
  await buildBenchScripts([...names.map((n) => path.join(benchDir, `${n}.ts`)), path.join(benchDir, 'lib', 'year-of-data.ts')], outDir, benchDir);
  const modules = {};
  for (const name of names) modules[name] = await import(pathToFileURL(path.join(outDir, `${name}.mjs`)).href);
  const results = [];
  const runOne = async (name, dataSet) => {
    const label = dataSet ? ` (${DATA_SETS[dataSet]})` : '';
    console.log(`[bench] ${name}${label}…`);
    const result = await modules[name].default({
      env: stack.env,
      gatewayUrl: stack.env.GATEWAY_URL,
      // The stack's Node processes and, when the launcher started them, its storage servers.
      pids: { ...Object.fromEntries(Object.entries(stack.running).map(([name, entry]) => [name, entry.pid])), ...stack.infra.pids },
      seconds: Number(process.env.BENCH_SECONDS ?? 20),
      dataSet: dataSet ?? null,
      log: (m) => console.log(`[bench:${name}${label}] ${m}`),
      scaleOut,
    });
    results.push(
      dataSet
        ? { ...result, name: `${result.name}${label}`, dataSet: DATA_SETS[dataSet], rows: result.rows.map((row) => ({ ...row, dataSet: DATA_SETS[dataSet] })) }
        : result,
    );
    console.log(JSON.stringify(result.summary));
  };
  const storeDataSet = async (dataSet) => {
    if (dataSet !== 'year') return;
    const { storeYearOfData } = await import(pathToFileURL(path.join(outDir, 'lib', 'year-of-data.mjs')).href);
    console.log('[bench] storing a year of data…');
    await storeYearOfData({
      mongoUrl: stack.env.MONGO_URL,
      dbPrefix: 'stack',
      publicUrl: stack.env.GATEWAY_URL,
      log: (m) => console.log(`[bench:year-of-data] ${m}`),
    });
  };
  const perDataSet = names.filter((n) => modules[n].eachDataSet === true);
  const lastRank = Math.max(-1, ...perDataSet.map(rank));
  const [first, ...more] = perDataSet.length > 0 ? dataSets : [];
  if (first) await storeDataSet(first);
  for (const name of names.filter((n) => rank(n) <= lastRank || perDataSet.length === 0)) await runOne(name, perDataSet.includes(name) ? first : undefined);
  for (const dataSet of more) {
    await storeDataSet(dataSet);
    for (const name of perDataSet) await runOne(name, dataSet);
  }
  for (const name of names.filter((n) => rank(n) > lastRank && perDataSet.length > 0)) await runOne(name);
  writeResults(results);
} catch (err) {
  console.error(`[bench] ${err.stack ?? err.message}`);
  code = 1;
}
await scaled?.stop();
await stack.tearDown();
process.exit(code);

function writeResults(results) {
  const resultsDir = path.join(benchDir, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  const suffix = wanted.length ? `-${wanted.join('-')}` : '';
  const machine = { cpus: os.cpus().length, node: process.version, date: new Date().toISOString() };
  fs.writeFileSync(path.join(resultsDir, `${stamp}${suffix}.json`), JSON.stringify({ machine, results }, null, 2));
  const lines = [`# Benchmarks ${stamp}${suffix}`, '', `Node ${machine.node}, ${machine.cpus} CPUs, everything on one machine (loopback).`, ''];
  for (const r of results) {
    lines.push(`## ${r.name}`, '', r.description, '');
    if (r.rows.length > 0) {
      lines.push(
        '| scenario | target | data | req/s | p50 ms | p99 ms | errors | non-2xx | requests | db commands/request | db rows read/request |',
        '|---|---|---|---|---|---|---|---|---|---|---|',
      );
      for (const row of r.rows)
        lines.push(
          `| ${row.scenario} | ${row.target} | ${row.dataSet ?? ''} | ${row.requestsPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} | ${row.non2xx} | ${row.requests} | ${row.dbCommandsPerRequest ?? ''} | ${row.dbRowsReadPerRequest ?? ''} |`,
        );
      lines.push('');
    }
    lines.push(
      Object.entries(r.summary)
        .map(([k, v]) => `- ${k}: ${v}`)
        .join('\n'),
      '',
    );
  }
  fs.writeFileSync(path.join(resultsDir, `${stamp}${suffix}.md`), lines.join('\n'));
  console.log(`[bench] results in bench/results/${stamp}${suffix}.md`);
  // A run of every benchmark is the one docs/performance.md shows.
  if (wanted.length === 0) writePerformanceDoc(stamp, lines.slice(2).join('\n'));
}

function writePerformanceDoc(stamp, tables) {
  const doc = path.join(repoRoot, 'docs', 'performance.md');
  const intro = [
    '# Performance',
    '',
    `The latest run of every benchmark (${stamp}), written by \`npm run bench\`; earlier runs and`,
    'single-benchmark runs are in bench/results/.',
    '',
    '## How to reproduce',
    '',
    '```sh',
    'npm run bench                      # every benchmark, 20 s per load; rewrites this page',
    'BENCH_SECONDS=10 npm run bench -- gateway booking   # some of them, shorter',
    'BENCH_DATA=empty npm run bench -- events            # without the year of data',
    '```',
    '',
    'The command starts its own infrastructure and stack (as `npm test` does) with a throw-away',
    'database, runs bench/<name>.ts one after another, and writes bench/results/<date>.json and',
    '.md. The load generator (autocannon) runs on the same machine as every server, so the',
    'figures are what one small machine carries with the load generator competing for its',
    'cores, not what each process could do alone. Run it on a quiet machine: anything else',
    'running shows up in the figures. The gateway benchmark also pins the gateway to a CPU of its',
    'own and runs a paced load, to tell the cost of the hop from the competition for cores',
    '(why, in docs/decisions.md).',
    '',
    'The events, mail, mixed and idle benchmarks run twice (BENCH_DATA, default `empty,year`):',
    'on what the run has stored so far, then again after a year of data is stored on top',
    '(bench/lib/year-of-data.ts: 10,000 appointments over the past year and the next 88 days with',
    'their seats and day sheets, their 30,000 mails, 3,000 conversations with 30,000 messages,',
    "8,000 subscribers, written in the services' own shapes through their testing entries, about",
    'a minute); each row says which. The benchmarks after them (booking, scaled) run with the year',
    'stored. The idle benchmark sends nothing for 60 s (BENCH_IDLE_SECONDS) and reads each',
    "process's CPU time from /proc, PostgreSQL with its backends and RabbitMQ with its Erlang VM:",
    'what the pollers and sweeps cost, which must not grow with what is stored.',
    '',
    '## Latest figures',
    '',
    '',
  ];
  fs.writeFileSync(doc, `${intro.join('\n')}${tables.replace(/^## /gm, '### ')}\n`);
  console.log('[bench] docs/performance.md updated');
}
