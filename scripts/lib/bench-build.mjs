// Compiles bench/<name>.ts files for Node: workspace packages (@bb/…) compiled in, npm packages
// left external. Shared by `npm run bench` and `npm run screens`.
export async function buildBenchScripts(entryPoints, outDir) {
  // Loaded when needed: the launchers themselves run without any npm package.
  const { build } = await import('esbuild');
  await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [{ name: 'external-npm', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@bb/') ? undefined : { path: a.path, external: true })) }],
  });
}
