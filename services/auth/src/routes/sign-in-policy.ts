import type { Express } from 'express';
import { authRoutes } from '@bb/contracts';
import { auditActor, bind, unauthorized } from '@bb/service-kit';
import type { AuthDeps } from '../deps';
import { readPolicy, updatePolicy } from '../store/sign-in-policy';

const { readPolicy: read, updatePolicy: update } = authRoutes;

/** Which roles must set up two-factor sign-in (owners always must in production). */
export function mountSignInPolicy(app: Express, deps: AuthDeps): void {
  bind(app, read, async () => ({ twoFactorRequiredFor: await readPolicy(deps.models) }));

  bind(app, update, async ({ body, user, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    return updatePolicy(deps.models, deps.relay, {
      roles: body.twoFactorRequiredFor,
      actor: auditActor(user),
      address: clientAddress,
      correlationId: requestId,
    });
  });
}
