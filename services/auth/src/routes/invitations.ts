import type { Express } from 'express';
import { authRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { AuthDeps } from '../deps';
import { acceptInvitation, readInvitation } from '../store/accounts';

const { invitation, acceptInvitation: accept } = authRoutes;

/** The set-password page of an invited staff member (public: the link's token is the proof). */
export function mountInvitations(app: Express, deps: AuthDeps): void {
  bind(app, invitation, ({ params }) => readInvitation(deps.models, params.token));

  bind(app, accept, async ({ params, body }) => {
    await acceptInvitation(deps.models, params.token, body.password);
    return { message: 'Your password is set; you can sign in now' };
  });
}
