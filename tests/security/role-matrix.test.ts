import { mayCall, routeTable, STAFF_ROLES, type RouteDef, type StaffRole } from '@bb/contracts';
import { adminToken, requireEnv } from '@bb/service-kit/testing';
import { inBatches, raw, stackProcesses } from './support';

// Every staff route × every role × both gateways and every process of its service: the
// answer is 2xx only where the route table lets the role call it, and exactly 403 (JSON, with
// a message) where it does not. A token that may only set up two-factor sign-in reaches the
// routes marked for enrolment and no other. Nothing here writes: a role the table admits is
// sent a request that its handler can never accept (malformed JSON for a write), so what is
// proved is the gate's decision, on every port.
jest.setTimeout(5 * 60 * 1000);

const secret = requireEnv('JWT_SECRET');
const SAMPLE_ID = '64b7f0c2a1b2c3d4e5f60718';
const SAMPLE_PARAMS: Record<string, string> = { id: SAMPLE_ID, offering: 'clinic', key: `${'a'.repeat(32)}.png`, bookableId: SAMPLE_ID };
const concrete = (route: RouteDef) => route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
const label = (route: RouteDef) => `${route.method.toUpperCase()} ${route.path}`;

const staffRoutes = routeTable.filter((r) => r.roles !== undefined);

interface Caller {
  name: string;
  token: () => string;
  /** Whether the table admits this caller on the route. */
  admitted: (route: RouteDef) => boolean;
}

const callers: Caller[] = [
  // A practitioner's profile is the sample id, so "their own" routes are theirs here.
  ...STAFF_ROLES.map((role: StaffRole): Caller => ({
    name: role,
    token: () =>
      adminToken({ secret, role, subject: `matrix-${role}`, username: `matrix-${role}`, ...(role === 'practitioner' ? { staffId: SAMPLE_ID } : {}) }),
    admitted: (route) => mayCall(route, role),
  })),
  {
    name: 'an owner who must set up two-factor sign-in first',
    token: () => adminToken({ secret, role: 'owner', subject: 'matrix-enrolling', enrolOnly: true }),
    admitted: (route) => route.duringEnrolment === true || route.access === 'public',
  },
];

describe('the role matrix', () => {
  const processes = stackProcesses();

  it('covers every staff route, and each route admits at least the owner', () => {
    expect(staffRoutes.length).toBeGreaterThan(60);
    expect(staffRoutes.filter((r) => !mayCall(r, 'owner')).map(label)).toEqual([]);
  });

  it.each(staffRoutes.map((r) => [label(r), r] as const))(
    '%s: 2xx only for the roles the table names, 403 for the others, on every port',
    async (_name, route) => {
      const targets = processes.filter((p) => p.service === null || p.service === route.service);
      const write = route.method !== 'get';
      const tries = targets.flatMap((target) => callers.map((caller) => ({ target, caller })));
      const answers = await inBatches(tries, 16, async ({ target, caller }) => {
        const answer = await raw(target.url, {
          method: route.method.toUpperCase(),
          path: concrete(route),
          headers: { authorization: `Bearer ${caller.token()}`, ...(write ? { 'content-type': 'application/json' } : {}) },
          body: write ? '{' : undefined,
        });
        return { where: `${target.name} as ${caller.name} → ${answer.status} ${answer.text.slice(0, 120)}`, caller, answer };
      });
      const refused = answers.filter((a) => !a.caller.admitted(route));
      const admitted = answers.filter((a) => a.caller.admitted(route));
      expect(refused.filter((a) => a.answer.status !== 403).map((a) => a.where)).toEqual([]);
      for (const a of refused) expect(JSON.parse(a.answer.text)).toEqual({ message: expect.any(String) });
      // Admitted: the gate let it through to its handler, which refused the malformed write (400) or answered the read.
      expect(admitted.filter((a) => a.answer.status === 403 || (write && a.answer.status !== 400)).map((a) => a.where)).toEqual([]);
    },
  );
});
