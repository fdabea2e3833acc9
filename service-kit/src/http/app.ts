import express, { type Express, type Request, type Response } from 'express';
import type { ServiceName } from '@bb/contracts';
import type { Logger } from '../logger';
import { httpMetrics } from '../metrics/http-metrics';
import { errorMapper } from './error-mapper';
import { refuseBodyOnRead } from './body-on-read';
import { healthRoutes } from './health';
import { requestContext } from './request-context';
import { routeGate } from './route-gate';
import { refuseUnsafeInput } from './parsed-input';

export interface ServiceAppOptions {
  service: ServiceName;
  logger: Logger;
  jwtSecret: string;
  /** A further check by jti; the route gate asks the process's revocation list anyway (useRevocations). */
  isRevoked?: (jti: string) => boolean;
  /** Readiness: the database, broker and consumers this process needs are up. */
  isReady: () => boolean;
  jsonLimit?: string;
  /** Mounts the service's routes. */
  routes: (app: Express) => void;
}

/**
 * The express app every service starts from: request id and log line, metrics, no body on a
 * read, health and readiness, the route gate (only exact routes of the table this service
 * owns, each with its access decided), the JSON body limit, the walk that bounds what was
 * parsed (depth, values, storable text), the service's routes, a JSON 404 and the error mapper.
 * Routing is case-sensitive and strict, as the route table is. /metrics is served on its own
 * listener (see metrics-server.ts), never here.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use(requestContext(options.logger));
  app.use(httpMetrics());
  app.use(refuseBodyOnRead);
  healthRoutes(app, options.isReady, options.service);
  app.use(routeGate({ service: options.service, jwtSecret: options.jwtSecret, isRevoked: options.isRevoked }));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', strict: true }));
  app.use(refuseUnsafeInput);
  options.routes(app);
  app.use((req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
  });
  app.use(errorMapper(options.logger));
  return app;
}
