import { useQuery } from '@tanstack/react-query';
import type { z, ZodType } from 'zod';
import type { RouteDef } from '@bb/contracts';
import { apiJson } from './request';

type Input<S> = S extends ZodType ? z.input<S> : never;
export type RouteParams<D extends RouteDef> = Input<D['params']>;
export type RouteQuery<D extends RouteDef> = Input<D['query']>;
export type RouteBody<D extends RouteDef> = Input<D['body']>;
/**
 * A route's path as a type: code on the visitor's first load names its paths with it
 * (`const LOGIN: RoutePath<typeof authRoutes.login> = '/api/auth/login'`), checked against the
 * contract when compiled, without bringing the contract's schemas into that first load.
 */
export type RoutePath<D extends RouteDef> = D['path'];
/** What a route answers, by its contract's response schema. */
export type RouteAnswer<D extends RouteDef> = D['response'] extends ZodType ? z.output<D['response']> : unknown;

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * A route's URL: its path with the params filled in, then the query (repeated keys for lists,
 * blanks left out). Also the query key of a read, as the spec's default read joins the key
 * into the URL.
 */
export function routeUrl<D extends RouteDef>(def: D, params?: RouteParams<D>, query?: Partial<Record<string, QueryValue>>): string {
  return pathUrl(def.path, params as Record<string, string> | undefined, query);
}

/** The same for a bare path such as `/api/conversations/:id/messages`. */
export function pathUrl(routePath: string, params: Record<string, string> = {}, query?: Partial<Record<string, QueryValue>>): string {
  const path = routePath.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  const text = pairs.join('&');
  return text ? `${path}?${text}` : path;
}

/** The path of a route up to its first parameter: every URL of the route starts with it (for refreshing them all). */
export const routePrefix = (def: RouteDef) => def.path.split('/:')[0];

export interface CallOptions<D extends RouteDef> {
  params?: RouteParams<D>;
  query?: Partial<Record<string, QueryValue>>;
  body?: RouteBody<D>;
  headers?: Record<string, string>;
}

/** Calls a route of the contract: the body typed by its request schema, the answer by its response schema. */
export function callRoute<D extends RouteDef>(def: D, { params, query, body, headers }: CallOptions<D> = {}): Promise<RouteAnswer<D>> {
  return apiJson<RouteAnswer<D>>(def.method.toUpperCase(), routeUrl(def, params, query), body, headers);
}

export interface RouteQueryOptions<D extends RouteDef> {
  params?: RouteParams<D>;
  query?: Partial<Record<string, QueryValue>>;
  /** false: not read (yet). */
  enabled?: boolean;
  refetchInterval?: number | ((data: RouteAnswer<D> | undefined) => number);
}

/** A read of a GET route, cached under its URL, so a write can refresh every read under a path. */
export function useRoute<D extends RouteDef>(def: D, { params, query, enabled = true, refetchInterval }: RouteQueryOptions<D> = {}) {
  const url = routeUrl(def, params, query);
  return useQuery<RouteAnswer<D>>({
    queryKey: [url],
    queryFn: () => apiJson<RouteAnswer<D>>('GET', url),
    enabled,
    refetchInterval: typeof refetchInterval === 'function' ? (q) => refetchInterval(q.state.data) : refetchInterval,
  });
}
