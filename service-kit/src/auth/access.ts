import type { RouteDef } from '@bb/contracts';
import { unauthorized } from '../errors';
import { bearerToken, verifyToken, type VerifiedToken } from './tokens';

/** What a revoked token is told, wherever it is refused. */
export const SESSION_ENDED = 'Session ended, please sign in again';

export interface AccessKeys {
  jwtSecret: string;
  /** Whether a verified token was revoked: by its logout (jti) or by a sign-out of its user (sub, iat). */
  isRevoked?: (token: VerifiedToken) => boolean;
}

/**
 * Who may call a route, decided from the route itself: the gateway and every service ask this
 * one function about the route their request matched. An admin route needs a valid, unrevoked
 * staff token (else it throws 401); on any other route a valid token is still read, so a
 * handler can tell staff from visitors, and a bad one is ignored. Webhook routes check their
 * shared secret in their own handler.
 */
export function accessFor(route: RouteDef, authorization: string | undefined, keys: AccessKeys): VerifiedToken | undefined {
  const token = bearerToken(authorization);
  const needsAdmin = route.access === 'admin';
  if (!token) {
    if (needsAdmin) throw unauthorized();
    return undefined;
  }
  try {
    const claims = verifyToken(token, keys.jwtSecret);
    if (keys.isRevoked?.(claims)) throw unauthorized(SESSION_ENDED);
    return claims;
  } catch (err) {
    if (needsAdmin) throw err;
    return undefined;
  }
}
