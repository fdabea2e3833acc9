import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { authRoutes } from '@bb/contracts';
import { bind, signToken, unauthorized } from '@bb/service-kit';
import { DEMO_CREDENTIALS } from '../config';
import type { AuthDeps } from '../deps';
import { checkCredentials, recordLogout, userById } from '../store/sessions';

const { login, me, logout, config } = authRoutes;
const WRONG_CREDENTIALS = 'Invalid username or password.';

export function mountSession(app: Express, deps: AuthDeps): void {
  bind(app, login, async ({ body }) => {
    const signedIn = await checkCredentials(deps.models, body.username, body.password);
    if (!signedIn) throw unauthorized(WRONG_CREDENTIALS);
    const { user, tokensRevokedBefore } = signedIn;
    // Issued no earlier than the last revocation of the user's sessions: in the very second of
    // a password change (or on a clock behind the command's), a new token would otherwise be
    // refused everywhere as one issued before it.
    const revokedBefore = tokensRevokedBefore ? Math.floor(tokensRevokedBefore.getTime() / 1000) : 0;
    const issuedAt = Math.max(Math.floor(Date.now() / 1000), revokedBefore);
    const token = signToken({ sub: user.id, username: user.username, role: user.role, jti: randomUUID() }, deps.jwtSecret, deps.tokenTtlSeconds, issuedAt);
    return { token, user };
  });

  bind(app, me, async ({ user }) => {
    if (!user) throw unauthorized();
    const found = await userById(deps.models, user.sub);
    if (!found) throw unauthorized('This account no longer exists');
    return found;
  });

  bind(app, logout, async ({ user, requestId }) => {
    if (!user) throw unauthorized();
    deps.revocations.add(user.jti, user.exp);
    await recordLogout(deps.models, deps.relay, user, requestId);
    return { message: 'Signed out' };
  });

  bind(app, config, () => (deps.demo ? { demo: true, demoCredentials: { ...DEMO_CREDENTIALS } } : { demo: false }));
}
