import type { Express } from 'express';
import { authRoutes, type TokenClaims } from '@bb/contracts';
import { auditActor, bind, unauthorized } from '@bb/service-kit';
import type { AuthDeps } from '../deps';
import { inviteAccount, listAccounts, resendInvitation, resetTwoFactor, updateAccount, type Changed } from '../store/accounts';

const { listUsers, invite, updateUser, resendInvitation: resend, resetTwoFactor: reset } = authRoutes;

/** The owner's Users screen: accounts, invitations, roles, disabling, and resetting two-factor sign-in. */
export function mountUsers(app: Express, deps: AuthDeps): void {
  const changeBy = (user: TokenClaims | undefined, clientAddress: string | undefined, requestId: string) => {
    if (!user) throw unauthorized();
    return { actor: auditActor(user), address: clientAddress, correlationId: requestId };
  };
  // The auth process refuses the account's old tokens at once; the event tells every other one.
  const sessionsEnded = ({ account, sessionsEnded: ended }: Changed) => {
    if (ended) deps.revocations.signOutUser(ended.userId, ended.issuedBefore);
    return account;
  };

  bind(app, listUsers, () => listAccounts(deps.models));

  bind(app, invite, ({ body, user, clientAddress, requestId }) => inviteAccount(deps.models, deps.relay, body, changeBy(user, clientAddress, requestId)));

  bind(app, updateUser, async ({ params, body, user, clientAddress, requestId }) =>
    sessionsEnded(await updateAccount(deps.models, deps.relay, params.id, body, changeBy(user, clientAddress, requestId))),
  );

  bind(app, resend, ({ params, user, clientAddress, requestId }) =>
    resendInvitation(deps.models, deps.relay, params.id, changeBy(user, clientAddress, requestId)),
  );

  bind(app, reset, async ({ params, user, clientAddress, requestId }) =>
    sessionsEnded(await resetTwoFactor(deps.models, deps.relay, { id: params.id }, changeBy(user, clientAddress, requestId))),
  );
}
