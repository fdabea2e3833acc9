import type { NextFunction, Request, Response } from 'express';
import { bearerToken, unauthorized, verifyToken } from '@bb/service-kit';

/** Admin routes are refused here, before they reach a service, without a valid live token. */
export function adminOnly(jwtSecret: string, isRevoked: (jti: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    const claims = verifyToken(token, jwtSecret);
    if (isRevoked(claims.jti)) throw unauthorized('Session ended, please sign in again');
    res.locals.user = claims;
    next();
  };
}
