import path from 'node:path';
import { repoRoot } from './stack.mjs';
// Compiles bench/<name>.ts files for Node: workspace packages (@bb/…) compiled in, npm packages
// left external; each lands at its path under `outbase` (bench/ by default), e.g. bench/lib/x.ts →
// <outDir>/lib/x.mjs. Shared by `npm run bench` and `npm run screens`.
export async function buildBenchScripts(entryPoints, outDir, outbase = path.join(repoRoot, 'bench')) {
  // Loaded when needed: the launchers themselves run without any npm package.
  const { build } = await import('esbuild');
  await build({
    entryPoints,
    outdir: outDir,
    outbase,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@bb/') ? undefined : { path: a.path, external: true })),
      },
    ],
  });
}
