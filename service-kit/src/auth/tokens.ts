import jwt from 'jsonwebtoken';
import { tokenClaimsSchema, type TokenClaims } from '@bb/contracts';
import { unauthorized } from '../errors';

/** A staff token that passed verifyToken: its claims, and when it was issued (`iat`, Unix seconds; 0 when absent, which every sign-out of its user revokes). */
export type VerifiedToken = TokenClaims & { iat: number };

/** Verifies a staff token: our key, HS256 only, not expired, with the claims we issue. */
export function verifyToken(token: string, secret: string): VerifiedToken {
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, secret, { algorithms: ['HS256'] });
  } catch (err) {
    throw unauthorized(err instanceof jwt.TokenExpiredError ? 'Session expired, please sign in again' : 'Invalid token');
  }
  const claims = tokenClaimsSchema.safeParse(decoded);
  if (!claims.success) throw unauthorized('Invalid token');
  const iat = (decoded as { iat?: unknown }).iat;
  return { ...claims.data, iat: typeof iat === 'number' && Number.isFinite(iat) ? iat : 0 };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/**
 * A staff token for `ttlSeconds`. `issuedAt` (Unix seconds, default now) may be set a moment
 * ahead: a token issued in the very second its user's sessions were revoked must carry an
 * `iat` at or past the revocation, or it would be refused as one issued before it.
 */
export function signToken(claims: Omit<TokenClaims, 'exp'>, secret: string, ttlSeconds: number, issuedAt?: number): string {
  return jwt.sign(issuedAt === undefined ? claims : { ...claims, iat: issuedAt }, secret, { algorithm: 'HS256', expiresIn: ttlSeconds });
}

/** How long the second step of a sign-in may take. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** Whose password was right, waiting for their second factor: signed like a token but never one (it has no role). */
export interface SignInChallenge {
  sub: string;
  username: string;
  jti: string;
}

export function signChallenge(challenge: SignInChallenge, secret: string): string {
  return jwt.sign({ ...challenge, purpose: 'second-factor' }, secret, { algorithm: 'HS256', expiresIn: CHALLENGE_TTL_SECONDS });
}

/** The challenge of a second sign-in step, or null when it is not ours, not one, or expired. */
export function verifyChallenge(challenge: string, secret: string): SignInChallenge | null {
  try {
    const decoded = jwt.verify(challenge, secret, { algorithms: ['HS256'] });
    if (typeof decoded !== 'object' || decoded.purpose !== 'second-factor') return null;
    const { sub, username, jti } = decoded as Record<string, unknown>;
    return typeof sub === 'string' && typeof username === 'string' && typeof jti === 'string' ? { sub, username, jti } : null;
  } catch {
    return null;
  }
}
