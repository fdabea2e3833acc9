import type { IncomingMessage, ServerResponse } from 'node:http';
import { findRoute, type ServiceName } from '@bb/contracts';
import { AppError, bearerToken, unauthorized, verifyToken, type Logger } from '@bb/service-kit';
import { loginLimit, publicPostLimit, type Refusal } from './middleware/rate-limits';
import { serviceProxy, type Proxy } from './proxy';
import type { GatewayConfig } from './config';

const LOGIN = '/api/auth/login';
const LOGOUT = '/api/auth/logout';
const LOGIN_BODY_LIMIT = 10 * 1024;

export interface DispatchDeps {
  config: GatewayConfig;
  logger: Logger;
  isRevoked: (jti: string) => boolean;
  revoke: (jti: string, expiresAtSeconds: number) => void;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Every route of the table, without express: the guard (admin token, not revoked), the rate
 * limits, then the service's proxy. Returns false for anything else, which express serves
 * (docs, web app, health, 404/405). This path carries all API traffic, so it is kept lean.
 */
export function createApiDispatcher(deps: DispatchDeps) {
  const { config, logger } = deps;
  const upstream: Record<ServiceName, string[]> = {
    auth: config.AUTH_URL,
    catalog: config.CATALOG_URL,
    booking: config.BOOKING_URL,
    chat: config.CHAT_URL,
    subscribers: config.SUBSCRIBERS_URL,
  };
  const proxies = new Map<ServiceName, Proxy>((Object.keys(upstream) as ServiceName[]).map((s) => [s, serviceProxy(s, upstream[s], config.UPSTREAM_TIMEOUT_MS, logger)]));
  const limitLogin = loginLimit(config.LOGIN_FAILURES_PER_MINUTE);
  const limitPublicPosts = publicPostLimit(config.PUBLIC_POSTS_PER_MINUTE);

  const refuse = (res: ServerResponse, refusal: Refusal) => sendJson(res, refusal.status, { message: refusal.message }, refusal.headers);

  function adminClaims(req: IncomingMessage) {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    const claims = verifyToken(token, config.JWT_SECRET);
    if (deps.isRevoked(claims.jti)) throw unauthorized('Session ended, please sign in again');
    return claims;
  }

  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    if (!path.startsWith('/api/')) return false;
    const route = findRoute(req.method ?? 'GET', path);
    if (!route) return false;
    const proxy = proxies.get(route.service)!;
    try {
      if (route.access === 'admin') {
        const claims = adminClaims(req);
        // A logout that succeeds upstream is honoured here at once, before its event arrives.
        if (route.path === LOGOUT) res.on('finish', () => res.statusCode === 200 && deps.revoke(claims.jti, claims.exp));
      }
    } catch (err) {
      if (err instanceof AppError) sendJson(res, err.status, { message: err.message });
      else throw err;
      return true;
    }
    if (route.path === LOGIN && isJson(req)) {
      readJsonBody(req, res, (body) => {
        const refusal = limitLogin(req, res, body);
        if (refusal) return refuse(res, refusal);
        (req as IncomingMessage & { body?: unknown }).body = body;
        proxy(req, res);
      });
      return true;
    }
    if (route.path === LOGIN) {
      // Not JSON: the auth service refuses it (400); failures still count under no username.
      const refusal = limitLogin(req, res, {});
      if (refusal) refuse(res, refusal);
      else proxy(req, res);
      return true;
    }
    if (route.access === 'public' && route.method !== 'get') {
      const refusal = limitPublicPosts(req);
      if (refusal) {
        refuse(res, refusal);
        return true;
      }
    }
    proxy(req, res);
    return true;
  };
}

const isJson = (req: IncomingMessage) => /^application\/([\w.+-]*\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));

/** The login body, read here because the limit is keyed by username (it is re-sent upstream). */
function readJsonBody(req: IncomingMessage, res: ServerResponse, then: (body: unknown) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= LOGIN_BODY_LIMIT) chunks.push(chunk);
  });
  req.on('error', () => undefined);
  req.on('end', () => {
    if (size > LOGIN_BODY_LIMIT) return sendJson(res, 413, { message: 'Request body is too large' });
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = {};
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { message: 'Malformed JSON in request body' });
    }
    // The body is re-sent from this value: anything but an object would leave the upstream
    // request waiting for bytes that never come.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendJson(res, 400, { message: 'The request body must be a JSON object' });
    then(body);
  });
}
