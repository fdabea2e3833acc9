import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { allowedMethods, buildOpenApiDocument, mostSpecificFirst, routeTable, type ServiceName } from '@bb/contracts';
import { bearerToken, errorMapper, httpMetrics, metricsHandler, privateOnly, requestContext, REQUEST_ID_HEADER, type Logger } from '@bb/service-kit';
import type { z } from 'zod';
import type { gatewayEnvShape } from './config';
import { referenceCss, renderReferencePage } from './docs/reference-page';
import { adminOnly } from './middleware/admin-only';
import { loginLimit, publicPostLimit } from './middleware/rate-limits';
import { serveWebApp } from './middleware/web-app';
import { serviceProxy } from './proxy';

type GatewayConfig = z.infer<z.ZodObject<typeof gatewayEnvShape>> & { JWT_SECRET: string };

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  isRevoked: (jti: string) => boolean;
  /** Records a revocation at once when a logout passes through. */
  revoke: (jti: string, expiresAtSeconds: number) => void;
  isReady: () => boolean;
}

const LOGIN = '/api/auth/login';
const LOGOUT = '/api/auth/logout';

export function buildGatewayApp(deps: GatewayDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false);

  app.use(requestContext(logger));
  app.use(httpMetrics());
  app.get('/metrics', privateOnly, metricsHandler);
  app.use((req, res, next) => {
    // Services log the same id: one request can be followed across processes.
    req.headers[REQUEST_ID_HEADER] = res.locals.requestId as string;
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Chakra UI (emotion) injects style elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = deps.isReady();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
  });

  const openApi = buildOpenApiDocument('/');
  const referencePage = renderReferencePage(openApi);
  app.get('/api/docs/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  app.get('/api/docs/reference.css', (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(referenceCss);
  });
  app.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').send(referencePage);
  });

  mountApiRoutes(app, deps);
  app.use('/api', (req: Request, res: Response) => {
    const path = req.originalUrl.split('?')[0];
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      res.setHeader('Allow', allowed.join(', '));
      res.status(405).json({ message: `${req.method} is not allowed on ${path}; use ${allowed.join(' or ')}` });
      return;
    }
    res.status(404).json({ message: `No route for ${req.method} ${path}` });
  });
  serveWebApp(app, config.WEB_DIST_DIR);
  app.use(errorMapper(logger));
  return app;
}

const upstreamOf = (config: GatewayConfig): Record<ServiceName, string | undefined> => ({
  auth: config.AUTH_URL,
  catalog: config.CATALOG_URL,
  booking: config.BOOKING_URL,
  chat: config.CHAT_URL,
  subscribers: config.SUBSCRIBERS_URL,
});

function mountApiRoutes(app: Express, deps: GatewayDeps): void {
  const { config, logger } = deps;
  const upstream = upstreamOf(config);
  const proxies = new Map(
    (Object.keys(upstream) as ServiceName[]).map((s) => [s, serviceProxy(s, upstream[s], config.UPSTREAM_TIMEOUT_MS, logger)]),
  );
  const requireAdmin = adminOnly(config.JWT_SECRET, deps.isRevoked);
  const limitLogin = loginLimit(config.LOGIN_FAILURES_PER_MINUTE);
  const limitPublicPosts = publicPostLimit(config.PUBLIC_POSTS_PER_MINUTE);
  const loginBody = express.json({ limit: '10kb' });

  for (const route of [...routeTable].sort(mostSpecificFirst)) {
    const chain = [];
    if (route.access === 'admin') chain.push(requireAdmin);
    if (route.path === LOGIN) chain.push(loginBody, limitLogin);
    else if (route.access === 'public' && route.method !== 'get') chain.push(limitPublicPosts);
    if (route.path === LOGOUT) chain.push(revokeOnLogout(deps));
    chain.push(proxies.get(route.service)!);
    app[route.method](route.path, ...chain);
  }
}

/** A logout that succeeds upstream is honoured here at once, before its event arrives. */
function revokeOnLogout(deps: GatewayDeps) {
  return (req: Request, res: Response, next: () => void) => {
    const token = bearerToken(req.headers.authorization);
    res.on('finish', () => {
      const claims = res.locals.user as { jti: string; exp: number } | undefined;
      if (token && claims && res.statusCode === 200) deps.revoke(claims.jti, claims.exp);
    });
    next();
  };
}
