import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { authRoutes } from '@bb/contracts';
import { bind, signToken, unauthorized, type OutboxRelay, type RevocationList } from '@bb/service-kit';
import { DEMO_CREDENTIALS } from '../config';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { sessionRevoked } from '../events/session-revoked';
import type { AuthModels } from '../models';

export interface SessionDeps {
  models: AuthModels;
  relay: OutboxRelay;
  revocations: RevocationList;
  jwtSecret: string;
  tokenTtlSeconds: number;
  demo: boolean;
}

const { login, me, logout, config } = authRoutes;
const WRONG_CREDENTIALS = 'Invalid username or password.';

export function mountSession(app: Express, deps: SessionDeps): void {
  bind(app, login, async ({ body }) => {
    const user = await deps.models.User.findOne({ username: body.username }).lean();
    // An unknown user costs the same hash as a wrong password, and gets the same answer.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
    // A hash from weaker settings is replaced while the password is at hand.
    if (needsRehash(user.passwordHash)) await deps.models.User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(body.password) } });
    const id = String(user._id);
    // Issued no earlier than the last revocation of the user's sessions: in the very second of
    // a password change (or on a clock behind the command's), a new token would otherwise be
    // refused everywhere as one issued before it.
    const revokedBefore = user.tokensRevokedBefore ? Math.floor(user.tokensRevokedBefore.getTime() / 1000) : 0;
    const issuedAt = Math.max(Math.floor(Date.now() / 1000), revokedBefore);
    const token = signToken({ sub: id, username: user.username, jti: randomUUID() }, deps.jwtSecret, deps.tokenTtlSeconds, issuedAt);
    return { token, user: { id, username: user.username } };
  });

  bind(app, me, async ({ user }) => {
    if (!user) throw unauthorized();
    const found = await deps.models.User.findById(user.sub).lean();
    if (!found) throw unauthorized('This account no longer exists');
    return { id: String(found._id), username: found.username };
  });

  bind(app, logout, async ({ user, requestId }) => {
    if (!user) throw unauthorized();
    deps.revocations.add(user.jti, user.exp);
    await deps.models.Revocation.updateOne(
      { _id: user.jti },
      { $setOnInsert: { expiresAt: new Date(user.exp * 1000) }, $push: { outbox: sessionRevoked(user.jti, user.exp, requestId) } },
      { upsert: true },
    );
    deps.relay.publishDocument(deps.models.Revocation, user.jti);
    return { message: 'Signed out' };
  });

  bind(app, config, () => (deps.demo ? { demo: true, demoCredentials: { ...DEMO_CREDENTIALS } } : { demo: false }));
}
