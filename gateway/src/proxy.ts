import http from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ServiceName } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { UpstreamPool } from './domain/upstream-pool';

const STARTED_AT = Symbol('proxyStartedAt');
const TARGET = Symbol('proxyTarget');
const BUFFERED_BODY = Symbol('bufferedBody');
type TimedRequest = http.IncomingMessage & { [STARTED_AT]?: number; [TARGET]?: string; [BUFFERED_BODY]?: Buffer };

/**
 * Reads a request body the gateway must look at (the sign-in, for its limits) and keeps its
 * exact bytes, which the proxy then sends on unchanged, whatever the content type says.
 */
export function bufferBody(req: http.IncomingMessage, limit: number, then: (err: { status: number; message: string } | null, raw: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  req.on('error', () => undefined);
  req.on('end', () => {
    if (size > limit) return then({ status: 413, message: 'Request body is too large' }, Buffer.alloc(0));
    const raw = Buffer.concat(chunks);
    (req as TimedRequest)[BUFFERED_BODY] = raw;
    then(null, raw);
  });
}

/** The bytes bufferBody kept, written to the upstream request (the stream itself is spent). */
function writeBufferedBody(proxyReq: http.ClientRequest, req: http.IncomingMessage): void {
  const raw = (req as TimedRequest)[BUFFERED_BODY];
  if (!raw) return;
  proxyReq.removeHeader('transfer-encoding');
  proxyReq.setHeader('Content-Length', raw.length);
  proxyReq.write(raw);
}

/** Errors that mean the request never reached the replica's code. */
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

export type Proxy = (req: http.IncomingMessage, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message }));
}

/**
 * One proxy per service, over a keep-alive pool, across the service's replicas in turn. A
 * refused or reset connection answers 502, a service slower than the timeout 504, both as
 * JSON, and the gateway stays up.
 */
export function serviceProxy(service: ServiceName, targets: readonly string[], timeoutMs: number, logger: Logger): Proxy {
  if (targets.length === 0) return (_req, res) => json(res, 503, `The ${service} service is not deployed`);
  const pool = new UpstreamPool(targets);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10000 });
  const onError = (err: Error, req: http.IncomingMessage, res: http.ServerResponse | Socket) => {
    const startedAt = (req as TimedRequest)[STARTED_AT] ?? Date.now();
    const timedOut = Date.now() - startedAt >= timeoutMs - 50;
    const status = timedOut ? 504 : 502;
    const code = (err as NodeJS.ErrnoException).code ?? err.message;
    const target = (req as TimedRequest)[TARGET];
    if (target && REFUSED.has(code)) pool.markFailed(target);
    logger.warn({ service, target, url: req.url, err: code, status }, 'upstream failed');
    if (res instanceof http.ServerResponse) {
      json(res, status, timedOut ? `The ${service} service did not answer in time` : `The ${service} service is unavailable, please try again shortly`);
    }
  };
  const proxy = createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    target: targets[0],
    router: targets.length > 1 ? (req) => ((req as TimedRequest)[TARGET] = pool.pick()) : undefined,
    agent,
    xfwd: true,
    proxyTimeout: timeoutMs,
    // The default plugins log every exchange (building a URL per request) and answer errors
    // in plain text; ours answer errors as JSON and keep only what the hot path needs.
    ejectPlugins: true,
    plugins: [
      (server) => {
        server.on('error', onError);
        server.on('proxyReq', (proxyReq, req) => {
          (req as TimedRequest)[STARTED_AT] = Date.now();
          writeBufferedBody(proxyReq, req);
        });
        // A client that goes away mid-answer releases the upstream answer too.
        server.on('proxyRes', (proxyRes, _req, res) => {
          res.on('close', () => {
            if (!res.writableEnded) proxyRes.destroy();
          });
        });
      },
    ],
  });
  return (req, res) => void proxy(req, res, () => json(res, 404, 'Not found'));
}
