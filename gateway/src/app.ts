import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import { buildOpenApiDocument, isApiPath, routeMiss } from '@bb/contracts';
import {
  bodyOnReadRefusal,
  closeAfterAnswer,
  errorMapper,
  healthRoutes,
  logRequest,
  observeRequest,
  REQUEST_ID_HEADER,
  requestIdOf,
  type Logger,
  type VerifiedToken,
} from '@bb/service-kit';
import { createApiDispatcher, sendJson, type DispatchDeps, type GatewayLimits } from './api-dispatch';
import type { GatewayConfig } from './config';
import { referenceCss, renderReferencePage } from './docs/reference-page';
import { serveWebApp } from './middleware/web-app';
import { applySecurityHeaders } from './security-headers';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  limits: GatewayLimits;
  isRevoked: (token: VerifiedToken) => boolean;
  logouts: DispatchDeps['logouts'];
  isReady: () => boolean;
}

/**
 * The gateway's request listener: every request gets a request id (forwarded to the services,
 * so one request can be followed across processes), the security headers, a metrics entry and
 * a log line; a read with a body is refused before anything is read or forwarded; routes of
 * the table go to the lean API dispatcher, everything else to express.
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
    const refusal = bodyOnReadRefusal(req);
    if (refusal) {
      closeAfterAnswer(res);
      sendJson(res, 400, { message: refusal });
      return;
    }
    if (!dispatchApi(req, res, path)) site(req, res);
  };
}

/**
 * Health, the API reference, 404/405 for every other API path however it is spelled,
 * and the web app. /metrics is not here: it has a listener of its own.
 */
function buildSiteApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  healthRoutes(app, deps.isReady, 'gateway');

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

  app.use((req: Request, res: Response, next) => {
    const path = req.originalUrl.split('?')[0];
    if (!isApiPath(path)) return next();
    const miss = routeMiss(req.method, path);
    if (miss.allow) res.setHeader('Allow', miss.allow);
    res.status(miss.status).json({ message: miss.message });
  });
  serveWebApp(app, deps.config.WEB_DIST_DIR);
  app.use(errorMapper(deps.logger));
  return app;
}
