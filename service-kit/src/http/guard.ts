import type { NextFunction, Request, Response } from 'express';
import { findRoute, type ServiceName } from '@bb/contracts';
import { bearerToken, verifyToken } from '../auth/tokens';
import { unauthorized } from '../errors';

export interface GuardOptions {
  service: ServiceName;
  jwtSecret: string;
  isRevoked?: (jti: string) => boolean;
}

/**
 * Every admin route of the table, checked before any handler runs: a service reached
 * directly lets no one further than the gateway would. A valid token on a public route is
 * still read, so handlers can tell staff from visitors.
 */
export function routeGuard({ service, jwtSecret, isRevoked }: GuardOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = findRoute(req.method, req.path);
    const token = bearerToken(req.headers.authorization);
    const needsAdmin = route?.service === service && route.access === 'admin';
    if (!token) {
      if (needsAdmin) throw unauthorized();
      return next();
    }
    try {
      const claims = verifyToken(token, jwtSecret);
      if (isRevoked?.(claims.jti)) throw unauthorized('Session ended, please sign in again');
      res.locals.user = claims;
    } catch (err) {
      if (needsAdmin) throw err;
    }
    next();
  };
}
