import type { ZodType } from 'zod';
import type { StaffRole } from './roles';

/**
 * Who may call a route. public: anyone; admin: a signed-in staff token of one of `roles`;
 * webhook: the chat bot, by its shared secret (X-Webhook-Secret); signed: a payment provider's
 * callback, verified by its signature inside the owning service (no token, and no per-address
 * limit: a provider sends many events at once from few addresses).
 */
export type Access = 'public' | 'admin' | 'webhook' | 'signed';
export type ServiceName = 'auth' | 'catalog' | 'booking' | 'chat' | 'subscribers' | 'notifications' | 'payments';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One call of the public API. The gateway routes by it, every service guards by it, the
 * OpenAPI document is generated from it, and the system tests walk it.
 */
export interface RouteDef {
  method: HttpMethod;
  /** Express-style path: `/api/treatments/:id`. */
  path: string;
  service: ServiceName;
  access: Access;
  /**
   * Admin routes: the roles that may call it (403 for the others). Public routes: when given,
   * the roles whose token is honoured here as staff (a visitor needs none; another role's token
   * is 403). The only place permissions are written.
   */
  roles?: readonly StaffRole[];
  /** A token that may only set up two-factor sign-in (an owner who must enrol first) may call it. */
  duringEnrolment?: true;
  tag: string;
  summary: string;
  description?: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType | 'multipart-image';
  /** 'binary': an uploaded image; 'calendar': a text/calendar (iCalendar) file; 'zip': a ZIP archive. */
  response?: ZodType | 'binary' | 'calendar' | 'zip';
  /** Success status; 200 unless given. */
  status?: number;
  /** Public reads answer ETag / 304. */
  cacheable?: boolean;
  /** Error answers beyond the ones every route of its kind has (400, 401, 404, 429). */
  errors?: Partial<Record<number, string>>;
}

/** Keeps each route's own schema types, so handlers bound to it are typed by the contract. */
export const route = <const D extends RouteDef>(def: D): D => {
  if (def.access === 'admin' && !def.roles?.length) throw new Error(`${def.method.toUpperCase()} ${def.path}: a staff route names the roles that may call it`);
  if ((def.access === 'webhook' || def.access === 'signed') && def.roles)
    throw new Error(`${def.method.toUpperCase()} ${def.path}: a ${def.access} route is called by its secret, not by a role`);
  return def;
};

/** Whether a role may call a route (a public route without roles: anyone; a route called by a secret: no role). */
export const mayCall = (route: Pick<RouteDef, 'access' | 'roles'>, role: StaffRole): boolean =>
  route.access !== 'webhook' && route.access !== 'signed' && (!route.roles || route.roles.includes(role));
