import { PeriodicTask, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { AuthConfig } from './config';
import { consumeAuditRecords } from './events/audit-recorded';
import { consumePrivacyAnswers } from './events/privacy-answers';
import { createModels } from './models';
import { ensureFirstAdmin } from './seed/admin';
import { backfillAccountStatus } from './store/accounts';
import { AuditTrail } from './store/audit-trail';
import { PrivacyRequests } from './store/privacy-requests';

// Access archives are kept 7 days: removing them within the hour after is soon enough.
const ARCHIVE_REMOVAL_INTERVAL_MS = 60 * 60 * 1000;

/** The auth service from its context: staff accounts, invitations, two-factor sign-in, the sign-in policy, sign-in and sign-out, revocations (a logout's, a password change's) through the outbox. */
export const wire: Wire<AuthConfig> = (ctx) => {
  const { config, logger } = ctx;
  const demo = config.APP_MODE === 'demo';
  if (!demo && !config.ADMIN_PASSWORD) throw new Error('ADMIN_PASSWORD is required in production mode');
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Revocation);
  ctx.relay.watch(models.User);
  ctx.relay.watch(models.SignInPolicy);
  // Failed sign-ins, exports and other entries without a document of their own leave through audit notes.
  ctx.relay.watch(models.AuditNote);
  const auditTrail = new AuditTrail(models);
  consumeAuditRecords(ctx.bus, auditTrail);
  ctx.relay.watch(models.PrivacyRequest);
  ctx.relay.watch(models.PrivacyRetention);
  const privacy = new PrivacyRequests(models, ctx.relay, logger, ctx.now);
  consumePrivacyAnswers(ctx.bus, privacy);
  const archiveRemoval = new PeriodicTask(
    'privacy archive removal',
    () => privacy.forgetOldArchives().then(() => undefined),
    ARCHIVE_REMOVAL_INTERVAL_MS,
    logger,
  );
  return {
    app: buildApp(ctx, {
      models,
      relay: ctx.relay,
      revocations: ctx.revocations,
      jwtSecret: config.JWT_SECRET,
      tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
      demo,
      production: !demo,
      totpKey: config.TOTP_ENCRYPTION_KEY,
      auditTrail,
      privacy,
    }),
    beforeServe: async () => {
      await backfillAccountStatus(models);
      await ensureFirstAdmin(models, logger, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, demo });
      archiveRemoval.start();
    },
    onStop: () => archiveRemoval.stop(),
  };
};
