// What the servers' modules need of the machine: a log line, whether a command exists, and
// Debian packages installed with apt on first use (as root only).
import { spawnSync } from 'node:child_process';
import { run } from '../lib/processes.mjs';

export function log(message) {
  console.log(`[infra] ${message}`);
}

export function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env, quiet: true });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { env, quiet: true });
}

/**
 * Makes sure a Debian package is there (`installed()` says so), installing it with apt when we
 * are root; otherwise the error says what to run (`hint` adds what else would do).
 */
export function ensureAptPackage(pkg, installed, hint = '') {
  if (installed()) return;
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is not installed: run \`sudo apt-get install -y ${pkg}\`${hint}`);
  log(`installing Debian ${pkg} with apt (first run only)…`);
  aptInstall([pkg]);
}
