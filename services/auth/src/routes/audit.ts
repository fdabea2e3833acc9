import type { Express } from 'express';
import { auditRoutes } from '@bb/contracts';
import { bind, unauthorized } from '@bb/service-kit';
import type { AuthDeps } from '../deps';
import { recordExport } from '../store/audit-trail';

const { list, verify, recordExport: exportRoute } = auditRoutes;

export function mountAudit(app: Express, deps: AuthDeps): void {
  bind(app, list, ({ query }) => deps.auditTrail.list(query));

  bind(app, verify, () => deps.auditTrail.verify());

  bind(app, exportRoute, async ({ body, user, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    await recordExport(deps.models, deps.relay, { user, address: clientAddress, requestId }, body);
    return { message: 'Export recorded' };
  });
}
