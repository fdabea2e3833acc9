import type { User } from '@bb/contracts';
import { sessionState, tokenExpiry, tokenHasLapsed } from '../src/shared/session/token';

// Signed by jsonwebtoken as auth signs staff tokens (HS256), expiring 2026-01-01T00:00:00Z; its
// payload's base64url has a '-' and no padding, which plain base64 decoding would refuse.
const REAL =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdGFmZi0wIiwidXNlcm5hbWUiOiLDkWlubz8-MCIsImp0aSI6ImowIiwiZXhwIjoxNzY3MjI1NjAwfQ.du7V2rGM6IF7aVvVOzLBGTwK0jTblC4q6Cp1xk8QFtA';
const EXPIRY_MS = Date.UTC(2026, 0, 1);

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (claims: unknown) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.signature`;

const admin: User = { id: 'u1', username: 'admin', role: 'owner', twoFactor: false, mustEnrol: false };

describe("a stored token's expiry", () => {
  it("is read from a real staff token's payload", () => {
    expect(tokenExpiry(REAL)).toBe(EXPIRY_MS / 1000);
  });

  it('has lapsed from the second it states on, not before', () => {
    expect(tokenHasLapsed(REAL, EXPIRY_MS - 1)).toBe(false);
    expect(tokenHasLapsed(REAL, EXPIRY_MS)).toBe(true);
    expect(tokenHasLapsed(REAL, EXPIRY_MS + 86_400_000)).toBe(true);
  });

  it('is unknown for what is not a token with a numeric exp, which is then left to the server', () => {
    for (const token of ['', 'garbage', 'a.!!!.c', tokenWith({ sub: 'x' }), tokenWith({ exp: '1767225600' }), tokenWith([1]), `x.${base64url('null')}.y`]) {
      expect(tokenExpiry(token)).toBeNull();
      expect(tokenHasLapsed(token, Number.MAX_SAFE_INTEGER)).toBe(false);
    }
  });
});

describe('the session at the start of the console', () => {
  const before = EXPIRY_MS - 60_000;
  const after = EXPIRY_MS + 60_000;

  it('is signed out without a stored token, whatever is cached', () => {
    expect(sessionState(null, before, { data: undefined, isLoading: false })).toEqual({ kind: 'signed-out' });
    expect(sessionState(null, before, { data: admin, isLoading: false })).toEqual({ kind: 'signed-out' });
  });

  it('has expired when the stored token has lapsed, without waiting for the current-user call', () => {
    expect(sessionState(REAL, after, { data: undefined, isLoading: false })).toEqual({ kind: 'expired' });
    // A user cached before the lapse does not keep a lapsed session open.
    expect(sessionState(REAL, after, { data: admin, isLoading: false })).toEqual({ kind: 'expired' });
  });

  it('has expired when the current-user call refused the token (answered null for its 401)', () => {
    expect(sessionState(REAL, before, { data: null, isLoading: false })).toEqual({ kind: 'expired' });
    expect(sessionState('garbage', before, { data: null, isLoading: false })).toEqual({ kind: 'expired' });
  });

  it('is being checked while that call runs, and signed in once it answered the user', () => {
    expect(sessionState(REAL, before, { data: undefined, isLoading: true })).toEqual({ kind: 'checking' });
    expect(sessionState(REAL, before, { data: admin, isLoading: false })).toEqual({ kind: 'signed-in', user: admin });
  });

  it('shows nobody in when that call failed otherwise (no answer, a server error)', () => {
    expect(sessionState(REAL, before, { data: undefined, isLoading: false })).toEqual({ kind: 'signed-out' });
  });
});
