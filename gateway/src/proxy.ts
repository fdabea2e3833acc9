import http from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ServiceName } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { UpstreamPool } from './domain/upstream-pool';

/** A copy of a streamed body as it goes upstream, for sending it to another replica. */
interface SentBody {
  chunks: Buffer[];
  size: number;
}

/** What the gateway keeps of a request while it forwards it, over its attempts on the replicas. */
interface Forwarding {
  /** When the first attempt went upstream (ms): the timeout runs from there. */
  startedAt?: number;
  /** The replica the latest attempt went to. */
  target?: string;
  /** The whole body: read before forwarding (bufferBody), or kept from the stream for another replica. */
  body?: Buffer;
  /** What has streamed upstream so far, while it is small enough to send again. */
  sent?: SentBody;
  /** Attempts so far, the first included. */
  attempts: number;
}

// Keyed by the request, so the state lives exactly as long as the request does.
const forwardings = new WeakMap<http.IncomingMessage, Forwarding>();

function forwardingOf(req: http.IncomingMessage): Forwarding {
  let state = forwardings.get(req);
  if (!state) forwardings.set(req, (state = { attempts: 1 }));
  return state;
}

/**
 * Bodies up to this size can be sent again to another replica: every JSON body a service
 * takes (its parser's limit is 100 kB). A larger one (an image upload) streams on without a
 * copy and is answered 502 if its replica refused it.
 */
export const REPLAYABLE_BODY_BYTES = 100 * 1024;

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
    forwardingOf(req).body = raw;
    then(null, raw);
  });
}

/** The bytes bufferBody kept, written to the upstream request (the stream itself is spent). */
function writeBufferedBody(proxyReq: http.ClientRequest, req: http.IncomingMessage): void {
  const raw = forwardingOf(req).body;
  if (!raw) return;
  proxyReq.removeHeader('transfer-encoding');
  proxyReq.setHeader('Content-Length', raw.length);
  proxyReq.write(raw);
}

/** Errors that mean the request never reached the replica's code. */
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * Errors after which a request goes to another replica: a refused connection never reached
 * anyone, whatever the method; a reset one may have, so only a read is sent again.
 */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function mayRetry(req: http.IncomingMessage, code: string, replicas: number): boolean {
  const state = forwardingOf(req);
  if (state.attempts >= replicas) return false;
  if (!NEVER_REACHED.has(code) && !(code === 'ECONNRESET' && SAFE_METHODS.has(req.method ?? ''))) return false;
  return state.body !== undefined || (state.sent?.size ?? 0) <= REPLAYABLE_BODY_BYTES;
}

/** Keeps a copy of what is streamed upstream, up to the replayable size. */
function copyBodyAsSent(req: http.IncomingMessage): void {
  const state = forwardingOf(req);
  if (state.body || state.sent) return;
  const sent: SentBody = { chunks: [], size: 0 };
  state.sent = sent;
  req.on('data', (chunk: Buffer) => {
    sent.size += chunk.length;
    if (sent.size <= REPLAYABLE_BODY_BYTES) sent.chunks.push(chunk);
    else sent.chunks = [];
  });
}

/** Runs `then` once the whole body is here and kept for sending again; false when it never will be. */
function whenBodyKept(req: http.IncomingMessage, then: (ok: boolean) => void): void {
  const state = forwardingOf(req);
  const keep = () => {
    const { sent } = state;
    if (!state.body && sent) {
      if (sent.size > REPLAYABLE_BODY_BYTES) return then(false);
      state.body = Buffer.concat(sent.chunks);
    }
    then(true);
  };
  if (req.readableEnded || state.body) return keep();
  req.once('end', keep);
  req.once('error', () => then(false));
  // The failed upstream request no longer reads the body: read the rest ourselves.
  req.resume();
}

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
 * request a replica never received (its connection refused: it was stopped or killed) goes
 * to the next one; when none is left, or the connection broke after the request may have
 * arrived, it answers 502, and a service slower than the timeout 504, both as JSON, and the
 * gateway stays up.
 */
export function serviceProxy(service: ServiceName, targets: readonly string[], timeoutMs: number, logger: Logger): Proxy {
  if (targets.length === 0) return (_req, res) => json(res, 503, `The ${service} service is not deployed`);
  const pool = new UpstreamPool(targets);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10000 });
  const onError = (err: Error, req?: http.IncomingMessage, res?: http.ServerResponse | Socket) => {
    // httpxy also reports errors of its own set-up without a request: nothing to answer then.
    if (!req || !res) return logger.warn({ service, err: err.message }, 'proxy error outside a request');
    const state = forwardingOf(req);
    const startedAt = state.startedAt ?? Date.now();
    const timedOut = Date.now() - startedAt >= timeoutMs - 50;
    const status = timedOut ? 504 : 502;
    const code = (err as NodeJS.ErrnoException).code ?? err.message;
    const { target } = state;
    if (target && REFUSED.has(code)) pool.markFailed(target);
    if (res instanceof http.ServerResponse && !res.headersSent && !timedOut && mayRetry(req, code, targets.length)) {
      logger.warn({ service, target, url: req.url, err: code }, 'upstream failed; trying another replica');
      whenBodyKept(req, (ok) => {
        if (!ok) return json(res, 502, `The ${service} service is unavailable, please try again shortly`);
        state.attempts += 1;
        handle(req, res);
      });
      return;
    }
    logger.warn({ service, target, url: req.url, err: code, status }, 'upstream failed');
    if (res instanceof http.ServerResponse) {
      json(res, status, timedOut ? `The ${service} service did not answer in time` : `The ${service} service is unavailable, please try again shortly`);
    }
  };
  const proxy = createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    target: targets[0],
    router: targets.length > 1 ? (req) => (forwardingOf(req).target = pool.pick()) : undefined,
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
          forwardingOf(req).startedAt ??= Date.now();
          writeBufferedBody(proxyReq, req);
          if (targets.length > 1) copyBodyAsSent(req);
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
  const handle: Proxy = (req, res) => void proxy(req, res, () => json(res, 404, 'Not found'));
  return handle;
}
