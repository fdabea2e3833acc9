import type { Express, NextFunction, Request, Response } from 'express';
import { findRoute, routeMiss, type RouteDef, type ServiceName } from '@bb/contracts';
import { accessFor } from '../auth/access';
import type { TokenRevocations } from '../auth/revocations';

export interface RouteGateOptions {
  service: ServiceName;
  jwtSecret: string;
}

const REVOCATIONS_SETTING = 'bb revocations';

/**
 * Hands a service's app the revocation list of its process; the runtime does it for every app
 * it serves (startService, the test harness). The route gate then refuses a token revoked by
 * its logout or by a sign-out of its user (a password set again).
 */
export function useRevocations(app: Express, revocations: TokenRevocations): void {
  app.set(REVOCATIONS_SETTING, revocations);
}

/** The table route a request was admitted under; bind() runs a handler only for its own route. */
export const admittedRoute = (res: Response): RouteDef | undefined => res.locals.route as RouteDef | undefined;

/**
 * The only way into a service's handlers: the request must be exactly a route of the table
 * that this service owns (HEAD as its GET), and the caller must be allowed on it. Anything
 * else is answered here, as the gateway answers it: 404, or 405 with Allow for another method
 * (OPTIONS included) on a table path. A service reached directly lets no one further than the
 * gateway would.
 */
export function routeGate({ service, jwtSecret }: RouteGateOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const found = findRoute(req.method, req.path);
    const route = found?.service === service ? found : undefined;
    if (!route) {
      const miss = routeMiss(req.method, req.path, service);
      if (miss.allow) res.setHeader('Allow', miss.allow);
      res.status(miss.status).json({ message: miss.message });
      return;
    }
    const revocations = req.app.get(REVOCATIONS_SETTING) as TokenRevocations | undefined;
    res.locals.user = accessFor(route, req.headers.authorization, {
      jwtSecret,
      isRevoked: (token) => revocations?.isTokenRevoked(token) ?? false,
    });
    res.locals.route = route;
    next();
  };
}
