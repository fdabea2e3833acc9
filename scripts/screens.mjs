#!/usr/bin/env node
// `npm run screens -- <label>`: pictures of the screens issue 26 changed (bench/screens.ts),
// taken from a running stack (GATEWAY_URL, default http://localhost:8080), into
// bench/results/screens/<label>/. Run it on the old code's stack and the new one's with two
// labels for a before/after comparison.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBenchScripts } from './lib/bench-build.mjs';
import { useProjectNode } from './lib/node-runtime.mjs';
import { repoRoot } from './lib/stack.mjs';

await useProjectNode();

const label = process.argv[2];
if (!label || !/^[\w.-]+$/.test(label)) {
  console.error('usage: GATEWAY_URL=http://localhost:8080 npm run screens -- <label>   (letters, digits, . _ -)');
  process.exit(2);
}
const outDir = path.join(repoRoot, '.data', 'screens-build');
await buildBenchScripts([path.join(repoRoot, 'bench', 'screens.ts')], outDir);
const { captureScreens } = await import(pathToFileURL(path.join(outDir, 'screens.mjs')).href);
try {
  await captureScreens({ gatewayUrl: process.env.GATEWAY_URL ?? 'http://localhost:8080', label, root: repoRoot, log: (m) => console.log(`[screens] ${m}`) });
} catch (err) {
  console.error(`[screens] ${err.stack ?? err.message}`);
  process.exit(1);
}
