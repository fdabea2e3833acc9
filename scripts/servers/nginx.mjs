// Debian's nginx as the load balancer in front of several gateways, as in a deployment with
// more than one host: its own configuration, temp files and logs in the run's directory.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, httpStatus, waitFor } from '../lib/net.mjs';
import { startProcess, stopProcess } from '../lib/processes.mjs';
import { ensureAptPackage, log } from './system.mjs';

const NGINX = '/usr/sbin/nginx';

export function ensureNginx() {
  ensureAptPackage('nginx', () => fs.existsSync(NGINX));
}

/**
 * The configuration: round robin over the gateways with keep-alive connections; a gateway
 * that refuses a connection is skipped for 5 s and the request goes to the next one (nginx
 * sends a request again only when it never reached the gateway, a write included, or for a
 * read that timed out).
 */
export function nginxConfig({ port, upstreams, dir, logDir }) {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${logDir}/nginx-error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream gateways {
${upstreams.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_buffering off;
    }
  }
}
`;
}

/**
 * nginx on loopback in front of `upstreams` (the gateways' URLs), on `port` or a free one.
 * @param {import('./server').StartOptions & { upstreams: string[], port?: number }} options
 * @returns {Promise<import('./server').RunningServer>} its URL is env.GATEWAY_URL
 */
export async function start({ upstreams, dataDir, logDir, port }) {
  ensureNginx();
  const dir = path.join(dataDir, 'nginx');
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(logDir, { recursive: true });
  const listen = port ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ port: listen, upstreams, dir, logDir }));
  const proc = startProcess('nginx', NGINX, ['-c', conf, '-p', dir, '-e', path.join(logDir, 'nginx-error.log')], {
    logFile: path.join(logDir, 'nginx.log'),
    stopSignal: 'SIGQUIT',
  });
  const url = `http://127.0.0.1:${listen}`;
  await waitFor('nginx', async () => (await httpStatus(`${url}/healthz`)) === 200, { isDead: () => proc.exitCode !== null });
  log(`nginx ${url} in front of ${upstreams.length} gateways`);
  return { env: { GATEWAY_URL: url }, pids: { nginx: proc.pid }, stop: () => stopProcess(proc) };
}
