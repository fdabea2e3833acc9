import type { Express } from 'express';
import { privacyRoutes } from '@bb/contracts';
import { bind, unauthorized } from '@bb/service-kit';
import type { AuthDeps } from '../deps';

const { requestAccess, requestErasure, list, read, archive, readRetention, saveRetention } = privacyRoutes;

export function mountPrivacy(app: Express, deps: AuthDeps): void {
  const { privacy } = deps;
  bind(app, requestAccess, async ({ body, user, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    return privacy.request('access', body, { user, clientAddress, requestId });
  });
  bind(app, requestErasure, async ({ body, user, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    return privacy.request('erasure', { email: body.email, phone: body.phone }, { user, clientAddress, requestId });
  });
  bind(app, list, async () => ({ requests: await privacy.list() }));
  bind(app, read, ({ params }) => privacy.read(params.id));
  bind(app, archive, async ({ params, res }) => {
    const zip = await privacy.archive(params.id);
    res
      .status(200)
      .type('application/zip')
      .set('Content-Disposition', `attachment; filename="privacy-${params.id.replace(/[^a-zA-Z0-9-]/g, '')}.zip"`)
      .set('Cache-Control', 'no-store')
      .send(zip);
    return undefined;
  });
  bind(app, readRetention, () => privacy.retention());
  bind(app, saveRetention, async ({ body, user, clientAddress, requestId }) => {
    if (!user) throw unauthorized();
    return privacy.saveRetention(body, { user, clientAddress, requestId });
  });
}
