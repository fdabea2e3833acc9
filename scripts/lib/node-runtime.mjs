// The Node release the project runs on, and the launchers' hand-off to it. `.nvmrc` pins the
// release (the Dockerfile follows it; tests/ops/node-version.test.ts keeps them in step);
// package.json's engines.node is the range a machine's own Node may be in. On a Node outside
// it, a launcher fetches the pinned release from the npm registry (the node-<platform>-<arch>
// package carries the official binary, without npm) into the cache and runs itself again on
// it, that Node's directory first on PATH so every child (npm and npx, whose scripts start
// with `env node`, jest and its workers, the services, `node` by name) runs on it too.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from './infra.mjs';
import { run } from './processes.mjs';
import { repoRoot } from './stack.mjs';

/** The platforms the registry has a package of the Node binary for (node-darwin-* stop at 22). */
const PACKAGED_PLATFORMS = ['linux-x64', 'linux-arm64'];

function log(message) {
  console.log(`[node] ${message}`);
}

/** The release `.nvmrc` pins (its text given), without the `v`. */
export function pinnedNodeVersion(nvmrc = fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8')) {
  const version = nvmrc.trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`.nvmrc must name one exact Node release such as 24.1.0, not "${nvmrc.trim()}"`);
  return version;
}

/** package.json's engines.node (the parsed package.json given). */
export function engineRange(pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'))) {
  const range = pkg.engines?.node;
  if (typeof range !== 'string') throw new Error('package.json names no engines.node');
  return range;
}

const numbers = (version) => version.replace(/^v/, '').split('.').map(Number);

/** Whether a Node version (`v24.1.0` or `24.1.0`) is in a range of the forms `^X.Y.Z` or `>=X.Y.Z`. */
export function satisfies(version, range) {
  const match = /^(\^|>=)(\d+\.\d+\.\d+)$/.exec(range.replace(/\s+/g, ''));
  if (!match) throw new Error(`engines.node must read ^X.Y.Z or >=X.Y.Z, not "${range}"`);
  const [v, floor] = [numbers(version), numbers(match[2])];
  const order = v[0] - floor[0] || v[1] - floor[1] || v[2] - floor[2];
  return order >= 0 && (match[1] === '>=' || v[0] === floor[0]);
}

/** The registry package of a release for a platform, and where the cache keeps it. */
export function nodeRelease(version, platform, arch, cache = cacheDir) {
  const key = `${platform}-${arch}`;
  if (!PACKAGED_PLATFORMS.includes(key)) throw new Error(`the npm registry has no Node binary for ${key}: install Node ${version} (see .nvmrc) yourself`);
  const dir = path.join(cache, 'node', `v${version}-${key}`);
  return { version, spec: `node-${key}@${version}`, dir, bin: path.join(dir, 'bin', 'node') };
}

/** Whether bytes match a Subresource Integrity string such as the registry's `sha512-…` (none matches nothing). */
export function integrityMatches(bytes, integrity) {
  if (typeof integrity !== 'string') return false;
  const [algorithm, digest] = integrity.split(/-(.*)/s);
  if (!['sha512', 'sha384', 'sha256'].includes(algorithm)) return false;
  return crypto.createHash(algorithm).update(bytes).digest('base64') === digest;
}

/**
 * Downloads and unpacks a release into the cache. Unpacked beside its place and renamed into
 * it whole, so a launcher never sees half a release; when two fetch at once, the first
 * rename wins and the other uses its copy.
 */
function fetchNode({ version, spec, dir, bin }) {
  const started = Date.now();
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(dir), '.fetch-'));
  try {
    const npm = (args) => JSON.parse(run('npm', [...args, '--json'], { cwd: repoRoot, quiet: true }));
    const { integrity } = npm(['view', spec, 'dist']);
    const [packed] = npm(['pack', spec, '--pack-destination', work]);
    const tarball = path.join(work, packed.filename);
    if (!integrityMatches(fs.readFileSync(tarball), integrity))
      throw new Error(`${spec}: the downloaded tarball does not match the registry's integrity ${integrity}`);
    run('tar', ['-xzf', tarball, '-C', work]);
    const unpacked = path.join(work, 'package');
    const said = run(path.join(unpacked, 'bin', 'node'), ['--version'], { quiet: true }).trim();
    if (said !== `v${version}`) throw new Error(`${spec}: its binary says it is ${said}`);
    try {
      fs.renameSync(unpacked, dir);
    } catch (err) {
      if (!fs.existsSync(bin)) throw err;
    }
    log(`Node v${version} fetched in ${Math.round((Date.now() - started) / 1000)} s → ${dir}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The Node to run on: this one when it is in engines.node, otherwise the pinned release,
 * fetched on first use. `fetched` says which.
 */
export function ensureNode({ version = pinnedNodeVersion(), range = engineRange() } = {}) {
  if (satisfies(process.version, range)) return { execPath: process.execPath, version: process.version, fetched: false };
  if (!satisfies(version, range)) throw new Error(`.nvmrc's ${version} is outside package.json's engines.node ${range}`);
  const release = nodeRelease(version, process.platform, process.arch);
  if (!fs.existsSync(release.bin)) {
    log(`Node ${process.version} is outside engines.node ${range}: fetching ${release.spec} from the npm registry (first run only)…`);
    fetchNode(release);
  }
  return { execPath: release.bin, version: `v${version}`, fetched: true };
}

/** `dir` first on a PATH, and nowhere else on it. */
export function pathWithFirst(dir, pathValue = '') {
  return [dir, ...pathValue.split(path.delimiter).filter((entry) => entry && entry !== dir)].join(path.delimiter);
}

/**
 * The launchers' first step: returns when this process runs on the project's Node, and
 * otherwise runs the launcher again on the pinned release and ends with its exit code (or
 * signal), passing on SIGINT, SIGTERM and SIGHUP. Says once per run which Node it is.
 */
export async function useProjectNode() {
  let node;
  try {
    node = ensureNode();
  } catch (err) {
    console.error(`[node] ${err.message}`);
    process.exit(1);
  }
  // A launcher started by another (test-at-times starts test.mjs) has been told already.
  if (process.env.BB_NODE !== node.execPath) log(`using ${node.fetched ? '' : "the machine's "}Node ${node.version} (${node.execPath})`);
  process.env.BB_NODE = node.execPath;
  process.env.PATH = pathWithFirst(path.dirname(node.execPath), process.env.PATH);
  if (!node.fetched) return;
  // npm finds its global config beside the Node it runs on: the machine's (a CA file, a
  // registry) must stay in force when npm runs on the fetched one.
  const machineNpmrc = path.join(path.dirname(path.dirname(process.execPath)), 'etc', 'npmrc');
  if (!process.env.npm_config_globalconfig && fs.existsSync(machineNpmrc)) process.env.npm_config_globalconfig = machineNpmrc;
  // Set by `npm test` and friends to the Node npm ran on; tools that spawn it must get this one.
  for (const name of ['NODE', 'npm_node_execpath']) if (process.env[name]) process.env[name] = node.execPath;
  const child = spawn(node.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const pass = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, pass);
  const [code, signal] = await new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`[node] could not start ${node.execPath}: ${err.message}`);
      resolve([1, null]);
    });
    child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  for (const s of signals) process.off(s, pass);
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}
