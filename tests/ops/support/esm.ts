import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * Calls an export of one of the launchers' ES modules (scripts/lib/*.mjs, which jest's
 * CommonJS runtime cannot import) in a child Node, once per argument list: each call's
 * JSON result, or the message it threw as { error }.
 */
export function callEsm(file: string, exportName: string, calls: unknown[][]): ({ value: unknown } | { error: string })[] {
  const script = `
    const mod = await import(${JSON.stringify(path.join(root, file))});
    const calls = JSON.parse(process.argv[1]);
    const results = calls.map((args) => { try { return { value: mod[${JSON.stringify(exportName)}](...args) }; } catch (err) { return { error: err.message }; } });
    process.stdout.write(JSON.stringify(results));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(calls)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node failed on ${file}:\n${run.stderr}`);
  return JSON.parse(run.stdout) as ({ value: unknown } | { error: string })[];
}

/** The JSON value of a constant an ES module of the launchers exports. */
export function esmConstant(file: string, exportName: string): unknown {
  const script = `
    const mod = await import(${JSON.stringify(path.join(root, file))});
    process.stdout.write(JSON.stringify(mod[${JSON.stringify(exportName)}]));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node failed on ${file}:\n${run.stderr}`);
  return JSON.parse(run.stdout) as unknown;
}
