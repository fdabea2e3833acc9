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
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') ? b[i].length > 0 : seg === b[i]);
}

/** The route a request hits; literal segments win over parameters (`/bulk` before `/:offering`). */
export function findRoute(method: string, path: string): RouteDef | undefined {
  const m = method.toLowerCase();
  const candidates = routeTable.filter((r) => r.method === m && pathMatches(r.path, path));
  return candidates.sort((x, y) => x.path.split(':').length - y.path.split(':').length)[0];
}
