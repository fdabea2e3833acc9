import type { RouteDef } from './route';
import { appointmentRoutes } from './resources/appointments';
import { authRoutes } from './resources/auth';
import { chatRoutes } from './resources/chat';
import { newsRoutes } from './resources/news';
import { packageRoutes } from './resources/packages';
import { portfolioRoutes } from './resources/portfolio';
import { reportRoutes } from './resources/reports';
import { resultRoutes } from './resources/results';
import { scheduleRoutes } from './resources/schedule';
import { staffRoutes } from './resources/staff';
import { subscriberRoutes } from './resources/subscribers';
import { treatmentRoutes } from './resources/treatments';
import { uploadRoutes } from './resources/uploads';
import { webhookRoutes } from './resources/webhook';

/** Every call of the public API, in the order of the reference page. */
export const routeTable: readonly RouteDef[] = [
  ...authRoutes,
  ...treatmentRoutes,
  ...resultRoutes,
  ...newsRoutes,
  ...staffRoutes,
  ...packageRoutes,
  ...portfolioRoutes,
  ...uploadRoutes,
  ...appointmentRoutes,
  ...scheduleRoutes,
  ...reportRoutes,
  ...chatRoutes,
  ...webhookRoutes,
  ...subscriberRoutes,
];

export const routesOf = (service: RouteDef['service']) => routeTable.filter((r) => r.service === service);

/** Matches a concrete request path against an Express-style route path. */
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

/** The route a request hits, if any. */
export function findRoute(method: string, path: string): RouteDef | undefined {
  const candidates = index.get(`${method.toLowerCase()} ${path.split('/').length}`);
  return candidates?.find((r) => pathMatches(r.path, path));
}

/** Methods a path is served with: a request with another method gets 405 and these in Allow. */
export function allowedMethods(path: string): string[] {
  return [...new Set(routeTable.filter((r) => pathMatches(r.path, path)).map((r) => r.method.toUpperCase()))];
}
