import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import { allowedMethods, buildOpenApiDocument } from '@bb/contracts';
import { errorMapper, logRequest, metricsHandler, observeRequest, privateOnly, REQUEST_ID_HEADER, requestIdOf, type Logger } from '@bb/service-kit';
import { createApiDispatcher } from './api-dispatch';
import type { GatewayConfig } from './config';
import { referenceCss, renderReferencePage } from './docs/reference-page';
import { serveWebApp } from './middleware/web-app';
import { applySecurityHeaders } from './security-headers';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  isRevoked: (jti: string) => boolean;
  /** Records a revocation at once when a logout passes through. */
  revoke: (jti: string, expiresAtSeconds: number) => void;
  isReady: () => boolean;
}

/**
 * The gateway's request listener: every request gets a request id (forwarded to the services,
 * so one request can be followed across processes), the security headers, a metrics entry and
 * a log line; routes of the table go to the lean API dispatcher, everything else to express.
 */
export function buildGateway(deps: GatewayDeps): RequestListener {
  const dispatchApi = createApiDispatcher(deps);
  const site = buildSiteApp(deps);
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(req.headers);
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader('X-Request-Id', id);
    applySecurityHeaders(res);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    res.on('finish', () => {
      observeRequest(req.method ?? 'GET', path, res.statusCode, started);
      logRequest(deps.logger, id, req.method ?? 'GET', url, res.statusCode, started);
    });
    if (!dispatchApi(req, res, path)) site(req, res);
  };
}

/** Health, metrics, the API reference, 404/405 for other API paths, and the web app. */
function buildSiteApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false);
  app.get('/metrics', privateOnly, metricsHandler);
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
  serveWebApp(app, deps.config.WEB_DIST_DIR);
  app.use(errorMapper(deps.logger));
  return app;
}
