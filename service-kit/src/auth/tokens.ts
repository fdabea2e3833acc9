import jwt from 'jsonwebtoken';
import { tokenClaimsSchema, type TokenClaims } from '@bb/contracts';
import { unauthorized } from '../errors';

/** Verifies a staff token: our key, HS256 only, not expired, with the claims we issue. */
export function verifyToken(token: string, secret: string): TokenClaims {
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, secret, { algorithms: ['HS256'] });
  } catch (err) {
    throw unauthorized(err instanceof jwt.TokenExpiredError ? 'Session expired, please sign in again' : 'Invalid token');
  }
  const claims = tokenClaimsSchema.safeParse(decoded);
  if (!claims.success) throw unauthorized('Invalid token');
  return claims.data;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

export function signToken(claims: { sub: string; username: string; jti: string }, secret: string, ttlSeconds: number): string {
  return jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: ttlSeconds });
}
