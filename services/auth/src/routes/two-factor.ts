import type { Express } from 'express';
import { authRoutes } from '@bb/contracts';
import { bind, unauthorized } from '@bb/service-kit';
import type { AuthDeps } from '../deps';
import { issueToken } from '../domain/issue-token';
import { confirmEnrolment, startEnrolment } from '../store/two-factor';

const { totpStart, totpConfirm } = authRoutes;

/** Setting up two-factor sign-in: reachable with an enrol-only token (the routes say `duringEnrolment`). */
export function mountTwoFactor(app: Express, deps: AuthDeps): void {
  bind(app, totpStart, async ({ user }) => {
    if (!user) throw unauthorized();
    return startEnrolment(deps, user.sub);
  });

  bind(app, totpConfirm, async ({ user, body, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    const done = await confirmEnrolment(deps, user.sub, body.code, { address: clientAddress, correlationId: requestId });
    return { recoveryCodes: done.recoveryCodes, token: issueToken(done.user, done.tokensRevokedBefore, deps), user: done.user };
  });
}
