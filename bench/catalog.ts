import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Treatment, TreatmentCreate } from '@bb/contracts';
import { adminToken } from '@bb/service-kit/testing';
import { load } from './lib/load';
import type { BenchContext, BenchResult } from './lib/types';

const ITEMS = 200;
const PATH = '/api/treatments?offering=clinic';

const treatment = (n: number): TreatmentCreate => ({
  name: `Bench Facial ${n}`,
  description: 'A deep-cleansing facial with gentle extraction and a hydrating serum infusion, for calm, glowing skin after long days in the city.',
  duration: '60 minutes',
  price: `₱${(2000 + n * 10).toLocaleString('en-PH')}`,
  imageUrl: `/api/uploads/${n.toString(16).padStart(32, '0')}.png`,
  whatToExpect: ['A short skin consultation', 'Double cleanse and exfoliation', 'Extraction where needed', 'Serum infusion and SPF'],
  defaultDuration: 60,
  offeringType: 'clinic',
});

/** Tops the stack's catalog up to exactly ITEMS clinic treatments, through the API as staff would. */
async function ensureTreatments(ctx: BenchContext): Promise<Treatment[]> {
  const token = adminToken({ secret: ctx.env.JWT_SECRET ?? '', username: 'bench' });
  const list = async () => (await (await fetch(`${ctx.gatewayUrl}${PATH}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Treatment[];
  const missing = ITEMS - (await list()).length;
  for (let n = 0; n < missing; n += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, missing - n) }, async (_, i) => {
        const res = await fetch(`${ctx.gatewayUrl}/api/treatments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(treatment(n + i)),
        });
        if (res.status !== 201) throw new Error(`creating a treatment answered ${res.status}: ${await res.text()}`);
      }),
    );
  }
  const items = await list();
  if (items.length !== ITEMS) throw new Error(`expected ${ITEMS} clinic treatments, found ${items.length}`);
  return items;
}

// The baseline: the same JSON from memory, answered by a plain express handler.
const BARE_SERVER = `
const express = require('express');
const items = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
const app = express();
app.get('/api/treatments', (_req, res) => { res.json(items); });
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * Starts the bare server in a process of its own, as the gateway and catalog are: sharing the
 * load generator's event loop would make it the slower side for no reason of its own.
 */
async function startBareServer(items: Treatment[]): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-bench-'));
  const file = path.join(dir, 'treatments.json');
  fs.writeFileSync(file, JSON.stringify(items));
  // Run beside the bundled bench so `require('express')` finds the repository's node_modules.
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file], { cwd: path.dirname(fileURLToPath(import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}${PATH}`, child, dir };
}

const cpuTimes = () =>
  os
    .cpus()
    .reduce((t, cpu) => ({ idle: t.idle + cpu.times.idle, total: t.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }), { idle: 0, total: 0 });

/**
 * Waits until the machine has been mostly idle for two seconds (at most a minute): creating
 * the treatments sets off events, relaying and booking's copies, which would otherwise eat
 * into whichever run comes first. Returns the idle share of the last second.
 */
async function settle(): Promise<number> {
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  let idle = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const before = cpuTimes();
    await new Promise((r) => setTimeout(r, 1000));
    const after = cpuTimes();
    idle = (after.idle - before.idle) / (after.total - before.total || 1);
    quiet = idle >= 0.8 ? quiet + 1 : 0;
  }
  return Math.round(idle * 100) / 100;
}

/**
 * The most-read call of the site with a large catalog: 200 clinic treatments through the
 * gateway (gateway → catalog, served from its read cache) against a bare express handler
 * answering the same JSON from memory, 100 connections each.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const items = await ensureTreatments(ctx);
  const bytes = Buffer.byteLength(JSON.stringify(items));
  ctx.log(`${items.length} treatments, ${bytes} bytes of JSON`);
  const bare = await startBareServer(items);
  ctx.log(`machine idle share before the runs: ${await settle()}`);
  try {
    const scenario = `GET ${PATH} (${ITEMS} items)`;
    const baseline = await load({ scenario, target: 'bare express, JSON from memory', url: bare.url, connections: 100, seconds: ctx.seconds });
    ctx.log(`bare: ${baseline.requestsPerSec} req/s, p99 ${baseline.p99Ms} ms`);
    const viaGateway = await load({ scenario, target: 'gateway → catalog', url: `${ctx.gatewayUrl}${PATH}`, connections: 100, seconds: ctx.seconds });
    ctx.log(`gateway: ${viaGateway.requestsPerSec} req/s, p99 ${viaGateway.p99Ms} ms`);
    const ratio = viaGateway.requestsPerSec / baseline.requestsPerSec;
    return {
      name: 'catalog',
      description: `${ITEMS} clinic treatments (${bytes} bytes): through the gateway and the catalog service vs a bare express handler with the same JSON in memory, each in its own process (100 connections, one run each)`,
      rows: [baseline, viaGateway],
      summary: {
        items: items.length,
        responseBytes: bytes,
        throughputRatio: Math.round(ratio * 100) / 100,
        bareP99Ms: baseline.p99Ms,
        gatewayP99Ms: viaGateway.p99Ms,
        targetRatioMet: ratio >= 0.5,
      },
    };
  } finally {
    bare.child.kill();
    fs.rmSync(bare.dir, { recursive: true, force: true });
  }
}
