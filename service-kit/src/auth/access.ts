import type { RouteDef } from '@bb/contracts';
import { ROLE_LABELS, USER_MESSAGES } from '@bb/contracts';
import { forbidden, unauthorized } from '../errors';
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
 * staff token (else it throws 401) of one of the route's roles (else 403); a token that may
 * only set up two-factor sign-in reaches only the routes marked `duringEnrolment` (else 403).
 * On any other route a valid token is still read, so a handler can tell staff from visitors,
 * and a bad one is ignored; where a public route names roles, a token of another role is 403.
 * Webhook routes check their shared secret in their own handler.
 */
export function accessFor(route: RouteDef, authorization: string | undefined, keys: AccessKeys): VerifiedToken | undefined {
  const token = bearerToken(authorization);
  const needsAdmin = route.access === 'admin';
  if (!token) {
    if (needsAdmin) throw unauthorized();
    return undefined;
  }
  let claims: VerifiedToken;
  try {
    claims = verifyToken(token, keys.jwtSecret);
    if (keys.isRevoked?.(claims)) throw unauthorized(SESSION_ENDED);
  } catch (err) {
    if (needsAdmin) throw err;
    return undefined;
  }
  if (claims.enrolOnly && !route.duringEnrolment) {
    if (needsAdmin) throw forbidden(USER_MESSAGES.enrolFirst);
    return undefined;
  }
  if (route.roles && !route.roles.includes(claims.role)) throw forbidden(`${ROLE_LABELS[claims.role]} accounts may not do this: ${lowerFirst(route.summary)}`);
  return claims;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
