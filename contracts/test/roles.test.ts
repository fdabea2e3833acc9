import {
  appointmentRoutes,
  auditRoutes,
  authRoutes,
  chatRoutes,
  depositRoutes,
  mayCall,
  buildOpenApiDocument,
  reportRoutes,
  route,
  routeTable,
  scheduleRoutes,
  subscriberRoutes,
  webhookRoutes,
  type RouteDef,
  type StaffRole,
} from '../src';

const label = (r: RouteDef) => `${r.method.toUpperCase()} ${r.path}`;
const callable = (role: StaffRole) => routeTable.filter((r) => r.access === 'admin' && mayCall(r, role));

describe('permissions in the route table', () => {
  it('names the roles of every staff route and of no webhook route', () => {
    expect(routeTable.filter((r) => r.access === 'admin' && !r.roles?.length).map(label)).toEqual([]);
    expect(routeTable.filter((r) => r.access === 'webhook' && r.roles).map(label)).toEqual([]);
  });

  it('refuses to define a staff route without roles', () => {
    const unguarded = { method: 'get', path: '/api/x', service: 'auth', access: 'admin', tag: 't', summary: 's' } as const;
    expect(() => route(unguarded)).toThrow('GET /api/x: a staff route names the roles that may call it');
  });

  it('lets the owner call every staff route, and nobody a webhook route', () => {
    expect(routeTable.filter((r) => r.access === 'admin' && !mayCall(r, 'owner')).map(label)).toEqual([]);
    expect(mayCall(webhookRoutes.reply, 'owner')).toBe(false);
  });

  it('keeps users and the sign-in policy to owners, and everything else open to managers', () => {
    const ownersOnly = routeTable.filter((r) => r.access === 'admin' && !mayCall(r, 'manager')).map(label);
    expect(ownersOnly.length).toBeGreaterThan(0);
    for (const path of ownersOnly) expect(path).toMatch(/\/api\/(users|sign-in-policy|privacy\/(erasure-requests|retention))/);
  });

  it('lets receptionists run appointments, chat and the e-mail list, but not exports, settings, webhooks or users', () => {
    for (const r of [
      appointmentRoutes.list,
      appointmentRoutes.update,
      appointmentRoutes.attendance,
      chatRoutes.list,
      chatRoutes.post,
      subscriberRoutes.list,
      subscriberRoutes.remove,
    ])
      expect([label(r), mayCall(r, 'receptionist')]).toEqual([label(r), true]);
    for (const r of [
      auditRoutes.recordExport,
      scheduleRoutes.saveSettings,
      depositRoutes.policies,
      depositRoutes.savePolicy,
      depositRoutes.saveSettings,
      webhookRoutes.save,
      authRoutes.listUsers,
      reportRoutes.appointments,
      reportRoutes.deposits,
      appointmentRoutes.remove,
    ])
      expect([label(r), mayCall(r, 'receptionist')]).toEqual([label(r), false]);
  });

  it('lets practitioners read appointments and say who came to them (their own), and nothing the front desk or management runs', () => {
    const paths = callable('practitioner').map(label).sort();
    expect(paths).toEqual([
      'GET /api/appointments',
      'GET /api/auth/me',
      'GET /api/practitioners/:id/calendar-feed',
      'POST /api/auth/logout',
      'POST /api/auth/two-factor/enrolment',
      'POST /api/auth/two-factor/enrolment/confirm',
      'POST /api/practitioners/:id/calendar-feed/rotate',
      'PUT /api/appointments/:id/attendance',
    ]);
  });

  it('documents the roles and the 403 of each staff route in the OpenAPI document', () => {
    const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-roles'?: string[] }>> };
    const settings = doc.paths['/api/settings/{offering}'].put;
    expect(settings['x-roles']).toEqual(['owner', 'manager']);
    expect(settings.responses['403']).toBeDefined();
    expect(doc.paths['/api/treatments'].get['x-roles']).toBeUndefined();
  });
});
