import type { ZodType } from 'zod';
import type { StaffRole } from './roles';

export type Access = 'public' | 'admin' | 'webhook';
export type ServiceName = 'auth' | 'catalog' | 'booking' | 'chat' | 'subscribers' | 'notifications';
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
  /** public: anyone; admin: a signed-in staff token of one of `roles`; webhook: the bot's shared secret. */
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
  if (def.access === 'webhook' && def.roles) throw new Error(`${def.method.toUpperCase()} ${def.path}: a webhook route is called by its secret, not by a role`);
  return def;
};

/** Whether a role may call a route (a public route without roles: anyone). */
export const mayCall = (route: Pick<RouteDef, 'access' | 'roles'>, role: StaffRole): boolean =>
  route.access !== 'webhook' && (!route.roles || route.roles.includes(role));
