import type { Express } from 'express';
import { authRoutes, USER_MESSAGES } from '@bb/contracts';
import { bind, signChallenge, unauthorized, verifyChallenge } from '@bb/service-kit';
import { randomUUID } from 'node:crypto';
import { DEMO_CREDENTIALS } from '../config';
import type { AuthDeps } from '../deps';
import { issueToken } from '../domain/issue-token';
import { checkCredentials, recordFailedSignIn, recordLogout, recordSignIn, userById } from '../store/sessions';
import { checkSecondFactor } from '../store/two-factor';

const { login, secondFactor, me, logout, config } = authRoutes;
const WRONG_CREDENTIALS = 'Invalid username or password.';

export function mountSession(app: Express, deps: AuthDeps): void {
  bind(app, login, async ({ body, clientAddress, requestId }) => {
    const checked = await checkCredentials(deps.models, body.username, body.password, deps.production);
    if (checked.outcome !== 'right') {
      const disabled = checked.outcome === 'disabled';
      await recordFailedSignIn(deps.models, deps.relay, {
        username: body.username,
        reason: disabled ? 'account disabled' : 'wrong username or password',
        address: clientAddress,
        correlationId: requestId,
      });
      throw unauthorized(disabled ? USER_MESSAGES.disabled : WRONG_CREDENTIALS);
    }
    const { user, tokensRevokedBefore } = checked;
    if (user.twoFactor)
      return { secondFactor: 'totp' as const, challenge: signChallenge({ sub: user.id, username: user.username, jti: randomUUID() }, deps.jwtSecret) };
    await recordSignIn(deps.models, deps.relay, user, { address: clientAddress, correlationId: requestId });
    return { token: issueToken(user, tokensRevokedBefore, deps), user };
  });

  bind(app, secondFactor, async ({ body, clientAddress, requestId }) => {
    const challenge = verifyChallenge(body.challenge, deps.jwtSecret);
    if (!challenge) throw unauthorized(USER_MESSAGES.challengeExpired);
    const audit = { address: clientAddress, correlationId: requestId };
    const signedIn = await checkSecondFactor(deps, challenge.sub, { code: body.code, recoveryCode: body.recoveryCode }, audit);
    if (!signedIn) {
      await recordFailedSignIn(deps.models, deps.relay, {
        username: challenge.username,
        reason: body.code === undefined ? 'wrong recovery code' : 'wrong two-factor code',
        ...audit,
      });
      throw unauthorized(USER_MESSAGES.wrongCode);
    }
    return { token: issueToken(signedIn.user, signedIn.tokensRevokedBefore, deps), user: signedIn.user };
  });

  bind(app, me, async ({ user }) => {
    if (!user) throw unauthorized();
    const found = await userById(deps.models, user.sub, deps.production);
    if (!found) throw unauthorized('This account can no longer sign in');
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
