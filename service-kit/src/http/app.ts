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
import { keepRawBody } from './raw-body';

/** Binds the routes of one resource file: each service's `mountX(app, deps)`. */
export type Mount<D> = (app: Express, deps: D) => void;

/** What the app takes from the process it runs in; a service passes its ServiceContext. */
export interface ServiceAppContext {
  logger: Logger;
  /** Readiness: the database, broker and consumers this process needs are up. */
  isReady: () => boolean;
  config: { JWT_SECRET: string };
}

export interface ServiceAppOptions<D> {
  service: ServiceName;
  context: ServiceAppContext;
  /** The service's deps (its `<Service>Deps`), handed to every mount. */
  deps: D;
  /** The service's mount functions, mounted in this order. */
  mounts: readonly Mount<D>[];
  jsonLimit?: string;
}

/**
 * The express app every service starts from: request id and log line, metrics, no body on a
 * read, health and readiness, the route gate (only exact routes of the table this service
 * owns, each with its access decided), the JSON body limit (its bytes kept: rawBodyOf), the walk that bounds what was
 * parsed (depth, values, storable text), the service's mounts with its deps, a JSON 404 and the error mapper.
 * Routing is case-sensitive and strict, as the route table is. /metrics is served on its own
 * listener (see metrics-server.ts), never here.
 */
export function createServiceApp<D>(options: ServiceAppOptions<D>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  const { logger, isReady, config } = options.context;
  app.use(requestContext(logger));
  app.use(httpMetrics());
  app.use(refuseBodyOnRead);
  healthRoutes(app, isReady, options.service);
  app.use(routeGate({ service: options.service, jwtSecret: config.JWT_SECRET }));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', strict: true, verify: keepRawBody }));
  app.use(refuseUnsafeInput);
  for (const mount of options.mounts) mount(app, options.deps);
  app.use((req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
  });
  app.use(errorMapper(logger));
  return app;
}
