import type { ZodType } from 'zod';

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
  /** public: anyone; admin: a signed-in staff token; webhook: the bot's shared secret. */
  access: Access;
  tag: string;
  summary: string;
  description?: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType | 'multipart-image';
  /** 'binary': an uploaded image; 'calendar': a text/calendar (iCalendar) file. */
  response?: ZodType | 'binary' | 'calendar';
  /** Success status; 200 unless given. */
  status?: number;
  /** Public reads answer ETag / 304. */
  cacheable?: boolean;
  /** Error answers beyond the ones every route of its kind has (400, 401, 404, 429). */
  errors?: Partial<Record<number, string>>;
}

/** Keeps each route's own schema types, so handlers bound to it are typed by the contract. */
export const route = <const D extends RouteDef>(def: D): D => def;
