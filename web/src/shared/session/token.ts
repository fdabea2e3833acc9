import type { User } from '@bb/contracts';

/** The expiry (`exp`, seconds since the epoch) a staff token's payload states, or null when it states none readable. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Whether a stored token has passed the expiry it states. Read without the signature: the
 * server still decides every call; this only spares a call that is bound to be refused. A token
 * stating no expiry is not lapsed here (the server's 401 says so instead).
 */
export const tokenHasLapsed = (token: string, nowMs: number): boolean => {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= nowMs;
};

/**
 * The session as the stored token and the current-user call make it: signed out without a
 * token; expired when the token has lapsed or the call refused it (the call answers null for a
 * 401); checking while that call runs; signed in once it answered the user.
 */
export type SessionState = { kind: 'signed-out' } | { kind: 'checking' } | { kind: 'expired' } | { kind: 'signed-in'; user: User };

export function sessionState(token: string | null, nowMs: number, me: { data: User | null | undefined; isLoading: boolean }): SessionState {
  if (token === null) return { kind: 'signed-out' };
  if (tokenHasLapsed(token, nowMs) || me.data === null) return { kind: 'expired' };
  if (me.data) return { kind: 'signed-in', user: me.data };
  // The call failed otherwise (no answer, a server error): nobody can be shown in, as before.
  return me.isLoading ? { kind: 'checking' } : { kind: 'signed-out' };
}
