import type { Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { AuthConfig } from './config';
import { consumeAuditRecords } from './events/audit-recorded';
import { createModels } from './models';
import { ensureFirstAdmin } from './seed/admin';
import { AuditTrail } from './store/audit-trail';

/** The auth service from its context: staff accounts, sign-in and sign-out, revocations (a logout's, a password change's) through the outbox. */
export const wire: Wire<AuthConfig> = (ctx) => {
  const { config, logger } = ctx;
  const demo = config.APP_MODE === 'demo';
  if (!demo && !config.ADMIN_PASSWORD) throw new Error('ADMIN_PASSWORD is required in production mode');
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Revocation);
  ctx.relay.watch(models.User);
  // Exports (and other entries without a document of their own) leave through audit notes.
  ctx.relay.watch(models.AuditNote);
  const auditTrail = new AuditTrail(models);
  consumeAuditRecords(ctx.bus, auditTrail);
  return {
    app: buildApp(ctx, {
      models,
      relay: ctx.relay,
      revocations: ctx.revocations,
      jwtSecret: config.JWT_SECRET,
      tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
      demo,
      auditTrail,
    }),
    beforeServe: () => ensureFirstAdmin(models, logger, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, demo }),
  };
};
