import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { AuthDeps } from './deps';
import { mountAudit } from './routes/audit';
import { mountInvitations } from './routes/invitations';
import { mountSession } from './routes/session';
import { mountSignInPolicy } from './routes/sign-in-policy';
import { mountTwoFactor } from './routes/two-factor';
import { mountUsers } from './routes/users';

export function buildApp(context: ServiceAppContext, deps: AuthDeps): Express {
  return createServiceApp({
    service: 'auth',
    context,
    deps,
    mounts: [mountSession, mountTwoFactor, mountInvitations, mountUsers, mountSignInPolicy, mountAudit],
  });
}
