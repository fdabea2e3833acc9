// S3 object storage of the local stack: MinIO, built from source on first use.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, httpStatus, waitFor } from '../lib/net.mjs';
import { run, startProcess, stopProcess } from '../lib/processes.mjs';
import { buildGoBinary } from './go-build.mjs';
import { log } from './system.mjs';

// MinIO publishes release tags that are not Go module versions; this pseudo-version is the
// commit of RELEASE.2021-05-16, the newest the module proxy reachable here serves.
export const MINIO_VERSION = 'v0.0.0-20210516060309-ce3d9dc9faa5';

/** The local MinIO's keys (also the containers'). */
export const S3_ACCESS_KEY = 'bb-local-access';
// Long enough for production mode's secret rule; MinIO listens on loopback only.
export const S3_SECRET_KEY = 'bb-local-minio-key-for-loopback-use-only';

/**
 * MinIO of 2021 pins reflect2 v1.0.1, whose map iteration crashes on today's Go (nil pointer in
 * maps.Iter.Next) the first time the data scanner saves bucket usage, about a minute after a
 * bucket has objects. reflect2 v1.0.2 supports the current map layout.
 */
export function ensureMinio() {
  return buildGoBinary({
    name: 'minio',
    module: 'github.com/minio/minio',
    version: MINIO_VERSION,
    variant: 'reflect2-v1.0.2',
    pkg: '.',
    prepare: (dir) => run('go', ['mod', 'edit', '-require=github.com/modern-go/reflect2@v1.0.2'], { cwd: dir, quiet: true }),
  });
}

/**
 * @param {import('./server').StartOptions} options
 * @returns {Promise<import('./server').RunningServer>}
 */
export async function start({ dataDir, logDir }) {
  const binary = ensureMinio();
  const dir = path.join(dataDir, 'minio');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const env = { ...process.env, MINIO_ROOT_USER: S3_ACCESS_KEY, MINIO_ROOT_PASSWORD: S3_SECRET_KEY, MINIO_UPDATE: 'off', MINIO_BROWSER: 'off' };
  const proc = startProcess('minio', binary, ['server', '--quiet', '--address', `127.0.0.1:${port}`, dir], { env, logFile: path.join(logDir, 'minio.log') });
  await waitFor('MinIO', async () => (await httpStatus(`http://127.0.0.1:${port}/minio/health/live`)) === 200, { isDead: () => proc.exitCode !== null });
  log(`MinIO on 127.0.0.1:${port}`);
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY, S3_SECRET_KEY },
    pids: { minio: proc.pid },
    stop: () => stopProcess(proc),
  };
}
