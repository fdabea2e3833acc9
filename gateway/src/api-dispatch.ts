import type { IncomingMessage, ServerResponse } from 'node:http';
import { authRoutes, findRoute, loginRequestSchema, secondFactorRequestSchema, type ServiceName } from '@bb/contracts';
import { accessFor, AppError, CLIENT_ADDRESS_HEADER, describeZodError, SESSION_ENDED, verifyChallenge, type Logger, type VerifiedToken } from '@bb/service-kit';
import { clientIp, trustedProxies } from './client-ip';
import type { GatewayConfig } from './config';
import type { LoginAdmission } from './limits/login-limit';
import type { Refusal } from './limits/refusal';
import { bufferBody, serviceProxy, type Proxy } from './proxy';

const LOGIN_BODY_LIMIT = 10 * 1024;

/** The limits the dispatcher applies; their counters live where every replica sees them. */
export interface GatewayLimits {
  login: { admit: (address: string, username: string | null) => Promise<LoginAdmission> };
  publicPosts: { admit: (address: string) => Promise<Refusal | null> };
}

export interface DispatchDeps {
  config: GatewayConfig;
  logger: Logger;
  limits: GatewayLimits;
  /** Revoked by its logout or by a sign-out of its user (the process's revocation list). */
  isRevoked: (token: VerifiedToken) => boolean;
  /** Logouts every gateway replica reads from the gateways' database (RevocationList.record / isStoredRevoked). */
  logouts: {
    record: (token: VerifiedToken) => Promise<void>;
    isStoredRevoked: (token: VerifiedToken) => Promise<boolean>;
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Every route of the table, without express: access (decided by the kit's accessFor for the
 * route that matched, as every service decides it), the rate limits, then the service's
 * proxy. Returns false for anything else, which express serves (docs, web app, health,
 * 404/405). This path carries all API traffic, so it is kept lean.
 */
export function createApiDispatcher(deps: DispatchDeps) {
  const { config, logger, limits } = deps;
  const upstream: Record<ServiceName, string[]> = {
    auth: config.AUTH_URL,
    catalog: config.CATALOG_URL,
    booking: config.BOOKING_URL,
    chat: config.CHAT_URL,
    subscribers: config.SUBSCRIBERS_URL,
    notifications: config.NOTIFICATIONS_URL,
    payments: config.PAYMENTS_URL,
  };
  const proxies = new Map<ServiceName, Proxy>(
    (Object.keys(upstream) as ServiceName[]).map((s) => [s, serviceProxy(s, upstream[s], config.UPSTREAM_TIMEOUT_MS, logger)]),
  );
  const keys = { jwtSecret: config.JWT_SECRET, isRevoked: deps.isRevoked };
  const trust = trustedProxies(config.TRUSTED_PROXIES);

  const refuse = (res: ServerResponse, refusal: Refusal) => sendJson(res, refusal.status, { message: refusal.message }, refusal.headers);
  const failed =
    (res: ServerResponse, what = 'rate limit check') =>
    (err: unknown) => {
      logger.error({ err }, `${what} failed`);
      sendJson(res, 503, { message: 'Please try again in a moment' });
    };

  /**
   * Sign-in, both steps: the body is read here, checked against the contract and the limits,
   * then sent on byte for byte. The second step (a code) counts against the same address and
   * username (the one its challenge names) as a password does.
   */
  function signIn(
    req: IncomingMessage,
    res: ServerResponse,
    proxy: Proxy,
    usernameOf: (body: unknown) => { username: string | null } | { invalid: unknown },
  ): void {
    const address = clientIp(req, trust);
    const admitted = (admission: LoginAdmission) => {
      if (admission.refusal) return refuse(res, admission.refusal);
      res.on('finish', () => admission.settle(res.statusCode));
      proxy(req, res);
    };
    if (!isJson(req)) {
      // Not JSON: the auth service refuses it (400); the attempt still counts for its address.
      limits.login.admit(address, null).then(admitted, failed(res));
      return;
    }
    bufferBody(req, LOGIN_BODY_LIMIT, (err, raw) => {
      if (err) return sendJson(res, err.status, { message: err.message });
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return sendJson(res, 400, { message: 'Malformed JSON in request body' });
      }
      // Refused here by the same schema the auth service holds, before any counter is touched:
      // a flood of malformed sign-ins costs no state.
      const who = usernameOf(body);
      if ('invalid' in who) return sendJson(res, 400, who.invalid);
      limits.login.admit(address, who.username).then(admitted, failed(res));
    });
  }

  const passwordStep = (body: unknown) => {
    const parsed = loginRequestSchema.safeParse(body);
    return parsed.success ? { username: parsed.data.username } : { invalid: describeZodError(parsed.error) };
  };
  const codeStep = (body: unknown) => {
    const parsed = secondFactorRequestSchema.safeParse(body);
    if (!parsed.success) return { invalid: describeZodError(parsed.error) };
    // A challenge that is not ours counts for the address alone; auth answers it 401.
    return { username: verifyChallenge(parsed.data.challenge, config.JWT_SECRET)?.username ?? null };
  };

  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    if (!path.startsWith('/api/')) return false;
    const route = findRoute(req.method ?? 'GET', path);
    if (!route) return false;
    const proxy = proxies.get(route.service)!;
    let claims: VerifiedToken | undefined;
    try {
      claims = accessFor(route, req.headers.authorization, keys);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      sendJson(res, err.status, { message: err.message });
      return true;
    }
    // The address the audit trail records: the one the gateway saw, never a client's claim.
    req.headers[CLIENT_ADDRESS_HEADER] = clientIp(req, trust);
    const forward = () => {
      if (route === authRoutes.login) signIn(req, res, proxy, passwordStep);
      else if (route === authRoutes.secondFactor) signIn(req, res, proxy, codeStep);
      // Only visitors' writes count against their address: a provider's signed callbacks come
      // in bursts from a few addresses, and the service refuses a bad signature at once.
      else if (route.access === 'public' && route.method !== 'get') {
        limits.publicPosts.admit(clientIp(req, trust)).then((refusal) => (refusal ? refuse(res, refusal) : proxy(req, res)), failed(res));
      } else proxy(req, res);
    };
    if (claims && route === authRoutes.logout) {
      // Stored where every gateway replica looks before the logout is even sent on, so the next
      // staff call refuses the token on whichever replica it reaches.
      deps.logouts.record(claims).then(forward, failed(res, 'logout record'));
    } else if (claims && route.access === 'admin') {
      const token = claims;
      deps.logouts
        .isStoredRevoked(token)
        .then((revoked) => (revoked ? sendJson(res, 401, { message: SESSION_ENDED }) : forward()), failed(res, 'logout check'));
    } else forward();
    return true;
  };
}

/** Any JSON media type, in any case: `Application/JSON; charset=utf-8` is JSON too. */
const isJson = (req: IncomingMessage) => /^\s*application\/([\w.+-]*\+)?json\s*(;|$)/i.test(String(req.headers['content-type'] ?? ''));
