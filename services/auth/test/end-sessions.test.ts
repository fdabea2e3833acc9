import mongoose from 'mongoose';
import type { User } from '@bb/contracts';
import { RevocationList, verifyToken } from '@bb/service-kit';
import { silentLogger } from '@bb/service-kit/testing';
import { issueToken } from '../src/domain/issue-token';
import { endSessions } from '../src/events/account-events';

// Ending an account's sessions twice within one second, with a sign-in between: the token of
// that sign-in is issued at the first end (not before it, or it would be refused at once), so
// the second end must reach past it. Seen in CI: a role change right after an enable left the
// token given between them valid.
const SECRET = 'end-sessions-test-secret-0123456789abcdef';
const user: User = { id: 'u1', username: 'ben', role: 'manager', twoFactor: false, mustEnrol: false };
const settings = { jwtSecret: SECRET, tokenTtlSeconds: 3600 };
// Moments within one whole second near now (the tokens must not have expired when the test runs).
const second = Math.floor(Date.now() / 1000) * 1000;
const at = (ms: number) => new Date(second + ms);
const refused = (issuedBefore: number, token: string) => {
  // The list every process keeps; never started here, so it touches no database.
  const list = new RevocationList(mongoose.createConnection(), silentLogger());
  list.signOutUser(user.id, issuedBefore);
  return list.isTokenRevoked(verifyToken(token, SECRET));
};

describe('ending sessions', () => {
  it('refuses every token issued up to the second it happens', () => {
    const now = at(300);
    const before = issueToken(user, undefined, settings, now);
    expect(refused(endSessions(user.id, now).issuedBefore, before)).toBe(true);
  });

  it('refuses a token given between two ends in one second', () => {
    const enabled = endSessions(user.id, at(300));
    const between = issueToken(user, enabled.revokedBefore, settings, at(500));
    // Not refused by the end before it: it was given after.
    expect(refused(enabled.issuedBefore, between)).toBe(false);
    const roleChanged = endSessions(user.id, at(700), enabled.revokedBefore);
    expect(refused(roleChanged.issuedBefore, between)).toBe(true);
    // And the token given after the second end is not refused by it.
    expect(refused(roleChanged.issuedBefore, issueToken(user, roleChanged.revokedBefore, settings, at(900)))).toBe(false);
  });
});
