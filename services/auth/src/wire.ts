import { PeriodicTask, sweepAuditNotes, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { AuthConfig } from './config';
import { consumeAuditRecords } from './events/audit-recorded';
import { createModels } from './models';
import { ensureFirstAdmin } from './seed/admin';
import { AuditTrail } from './store/audit-trail';
import { backfillAccountStatus } from './store/accounts';

/** The auth service from its context: staff accounts, invitations, two-factor sign-in, the sign-in policy, sign-in and sign-out, revocations (a logout's, a password change's) through the outbox. */
export const wire: Wire<AuthConfig> = (ctx) => {
  const { config, logger } = ctx;
  const demo = config.APP_MODE === 'demo';
  if (!demo && !config.ADMIN_PASSWORD) throw new Error('ADMIN_PASSWORD is required in production mode');
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Revocation);
  ctx.relay.watch(models.User);
  ctx.relay.watch(models.SignInPolicy);
  // Exports (and other entries without a document of their own) leave through audit notes.
  ctx.relay.watch(models.AuditNote);
  const auditTrail = new AuditTrail(models);
  consumeAuditRecords(ctx.bus, auditTrail);
  const noteSweep = new PeriodicTask('audit notes sweep', () => sweepAuditNotes(models.AuditNote), 60 * 60 * 1000, logger);
  return {
    app: buildApp(ctx, {
      models,
      relay: ctx.relay,
      revocations: ctx.revocations,
      jwtSecret: config.JWT_SECRET,
      tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
      demo,
      auditTrail,
      production: !demo,
      totpKey: config.TOTP_ENCRYPTION_KEY,
    }),
    beforeServe: async () => {
      await backfillAccountStatus(models);
      await ensureFirstAdmin(models, logger, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, demo });
      noteSweep.start();
    },
    onStop: () => noteSweep.stop(),
  };
};
