// Go programs built from a module version into a cache outside the repository, once: the
// launchers' FerretDB, MinIO and Mailpit (and kustomize for the deployment tests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../lib/processes.mjs';
import { has, log } from './system.mjs';

export const cacheDir = process.env.BB_CACHE_DIR || path.join(os.homedir(), '.cache', 'beauty-booking');
const binDir = path.join(cacheDir, 'bin');

/**
 * Builds a Go program from a module version into the cache; `prepare(srcDir)` patches the
 * source first, and `variant` names the patched build. `go install pkg@version` is not used
 * because the module proxy here refuses the version list that go install asks for.
 */
export function buildGoBinary({ name, module, version, variant, pkg, prepare }) {
  const target = path.join(binDir, [name, version, variant].filter(Boolean).join('-'));
  if (fs.existsSync(target)) return target;
  if (!has('go')) throw new Error(`${name} is not built yet and Go is not installed: install Go, or set MONGO_URL, AMQP_URL and S3_ENDPOINT`);
  log(`building ${name} ${version} from ${module} (first run only, takes a few minutes)…`);
  const started = Date.now();
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const info = JSON.parse(run('go', ['mod', 'download', '-json', `${module}@${version}`], { env, quiet: true }));
  if (info.Error) throw new Error(`go mod download ${module}@${version}: ${info.Error}`);
  const srcDir = path.join(cacheDir, 'src', `${name}-${version}`);
  fs.rmSync(srcDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(srcDir), { recursive: true });
  fs.cpSync(info.Dir, srcDir, { recursive: true });
  run('chmod', ['-R', 'u+w', srcDir]);
  prepare?.(srcDir);
  fs.mkdirSync(binDir, { recursive: true });
  log(`compiling ${name}…`);
  run('go', ['build', '-o', `${target}.tmp`, pkg], { env, cwd: srcDir, quiet: true });
  fs.renameSync(`${target}.tmp`, target);
  fs.rmSync(srcDir, { recursive: true, force: true });
  log(`${name} built in ${Math.round((Date.now() - started) / 1000)} s → ${target}`);
  return target;
}

/** Inserts `code` into a source file just before the first occurrence of `anchor`. */
export function insertBefore(file, anchor, code) {
  const source = fs.readFileSync(file, 'utf8');
  const at = source.indexOf(anchor);
  if (at === -1) throw new Error(`cannot patch ${path.basename(file)}: ${anchor.trim()} not found`);
  fs.writeFileSync(file, source.slice(0, at) + code + source.slice(at));
}
