import express, { type Express, type Request, type Response } from 'express';
import type { ServiceName } from '@bb/contracts';
import type { Logger } from '../logger';
import { httpMetrics, metricsHandler } from '../metrics/http-metrics';
import { privateOnly } from '../metrics/private-only';
import { errorMapper } from './error-mapper';
import { routeGuard } from './guard';
import { requestContext } from './request-context';

export interface ServiceAppOptions {
  service: ServiceName;
  logger: Logger;
  jwtSecret: string;
  isRevoked?: (jti: string) => boolean;
  /** Readiness: the database and broker this process needs are reachable. */
  isReady: () => boolean;
  jsonLimit?: string;
  /** Mounts the service's routes. */
  routes: (app: Express) => void;
}

/**
 * The express app every service starts from: request id and log line, metrics, health and readiness,
 * JSON body limit, the route-table guard, the service's routes, a JSON 404 and the error mapper.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.use(requestContext(options.logger));
  app.use(httpMetrics());
  app.get('/metrics', privateOnly, metricsHandler);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = options.isReady();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
  });
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', strict: true }));
  app.use(routeGuard({ service: options.service, jwtSecret: options.jwtSecret, isRevoked: options.isRevoked }));
  options.routes(app);
  app.use((req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
  });
  app.use(errorMapper(options.logger));
  return app;
}
