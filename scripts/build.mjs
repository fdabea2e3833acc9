#!/usr/bin/env node
// Bundles each Node process (gateway and services) into <dir>/dist/main.js with esbuild, and a
// command-line tool beside it where a component has one (src/*-cli.ts → dist/*-cli.js):
// workspace packages (contracts, service-kit) are compiled in, npm packages stay external.
// Then builds the web app with Vite. Type checking is `npm run lint`'s job.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { presentComponents, repoRoot } from './lib/stack.mjs';
import { run } from './lib/processes.mjs';

const started = Date.now();
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bb/') ? undefined : { path: args.path, external: true }));
  },
};

await Promise.all(
  presentComponents().map((c) =>
    build({
      entryPoints: fs
        .readdirSync(path.join(repoRoot, c.dir, 'src'))
        .filter((file) => file === 'main.ts' || file.endsWith('-cli.ts'))
        .map((file) => path.join(repoRoot, c.dir, 'src', file)),
      outdir: path.join(repoRoot, c.dir, 'dist'),
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalNpmPackages],
    }),
  ),
);

if (fs.existsSync(path.join(repoRoot, 'web', 'index.html'))) {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(repoRoot, 'web') });
}
console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
