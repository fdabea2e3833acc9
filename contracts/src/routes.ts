import type { RouteDef, ServiceName } from './route';
import { appointmentRoutes } from './resources/appointments';
import { auditRoutes } from './resources/audit';
import { authRoutes } from './resources/auth';
import { calendarFeedRoutes } from './resources/calendar-feed';
import { chatRoutes } from './resources/chat';
import { dateOverrideRoutes } from './resources/date-overrides';
import { depositRoutes } from './resources/deposits';
import { manageRoutes } from './resources/manage';
import { newsRoutes } from './resources/news';
import { notificationRoutes } from './resources/notifications';
import { packageRoutes } from './resources/packages';
import { paymentRoutes } from './resources/payments';
import { portfolioRoutes } from './resources/portfolio';
import { practitionerRoutes } from './resources/practitioners';
import { privacyRoutes } from './resources/privacy';
import { reportRoutes } from './resources/reports';
import { requirementRoutes } from './resources/requirements';
import { resultRoutes } from './resources/results';
import { roomRoutes } from './resources/rooms';
import { scheduleRoutes } from './resources/schedule';
import { slotHoldRoutes } from './resources/slot-holds';
import { staffRoutes } from './resources/staff';
import { subscriberRoutes } from './resources/subscribers';
import { treatmentRoutes } from './resources/treatments';
import { uploadRoutes } from './resources/uploads';
import { waitlistRoutes } from './resources/waitlist';
import { webhookRoutes } from './resources/webhook';

/** Every call of the public API, in the order of the reference page. */
export const routeTable: readonly RouteDef[] = [
  authRoutes,
  treatmentRoutes,
  resultRoutes,
  newsRoutes,
  staffRoutes,
  packageRoutes,
  portfolioRoutes,
  uploadRoutes,
  appointmentRoutes,
  manageRoutes,
  scheduleRoutes,
  slotHoldRoutes,
  dateOverrideRoutes,
  practitionerRoutes,
  roomRoutes,
  requirementRoutes,
  depositRoutes,
  waitlistRoutes,
  calendarFeedRoutes,
  reportRoutes,
  chatRoutes,
  webhookRoutes,
  subscriberRoutes,
  notificationRoutes,
  paymentRoutes,
  auditRoutes,
  privacyRoutes,
].flatMap((resource): RouteDef[] => Object.values(resource));

/** Matches a concrete request path against an Express-style route path, exactly: case, slashes and all. */
export function pathMatches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i].length > 0 : seg === b[i]));
}

/** Literal paths before parameterised ones, so /office-hours/bulk is not read as /:offering. */
export const mostSpecificFirst = (a: RouteDef, b: RouteDef) => a.path.split(':').length - b.path.split(':').length;

// Routes grouped by method and segment count: a lookup tries a handful, on every request.
const index = new Map<string, RouteDef[]>();
for (const r of [...routeTable].sort(mostSpecificFirst)) {
  const k = `${r.method} ${r.path.split('/').length}`;
  index.set(k, [...(index.get(k) ?? []), r]);
}

/**
 * The route a request hits, if any: the one place that says which route a method and path
 * are, for the gateway and every service alike. The path must be a table path exactly (no
 * other case, no trailing or doubled slash, no percent-encoded letters); HEAD is the GET
 * route, answered without a body.
 */
export function findRoute(method: string, path: string): RouteDef | undefined {
  const verb = method.toLowerCase();
  const candidates = index.get(`${verb === 'head' ? 'get' : verb} ${path.split('/').length}`);
  return candidates?.find((r) => pathMatches(r.path, path));
}

/** Methods a path is served with (HEAD wherever GET is), by one service or any: another method gets 405 and these in Allow. */
export function allowedMethods(path: string, service?: ServiceName): string[] {
  const served = routeTable.filter((r) => (!service || r.service === service) && pathMatches(r.path, path));
  const methods = new Set(served.map((r) => r.method.toUpperCase()));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/**
 * Whether a path is meant for the API, however it is spelled (case, doubled slashes,
 * percent-encoding): such a path is answered by the route table or a JSON 404, never by
 * anything else (the web app's fallback page, say).
 */
export function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  const normal = decoded.replace(/[\\/]+/g, '/').toLowerCase();
  return normal === '/api' || normal.startsWith('/api/');
}

/**
 * The answer to a request that matches no route of the table (of one service, when given):
 * 404, or 405 with Allow on a table path. OPTIONS is such a method too: the API is served
 * same-origin, needs no CORS preflight, and no handler ever runs for it.
 */
export function routeMiss(method: string, path: string, service?: ServiceName): { status: 404 | 405; message: string; allow?: string } {
  const allowed = allowedMethods(path, service);
  if (allowed.length === 0) return { status: 404, message: `No route for ${method} ${path}` };
  return { status: 405, message: `${method} is not allowed on ${path}; use ${allowed.join(' or ')}`, allow: allowed.join(', ') };
}
