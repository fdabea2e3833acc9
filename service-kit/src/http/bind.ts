import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z, ZodType } from 'zod';
import type { RouteDef, TokenClaims } from '@bb/contracts';
import type { Logger } from '../logger';
import { sendCacheableJson } from './etag';
import { requestContextOf } from './request-context';
import { admittedRoute } from './route-gate';

type Parsed<T> = T extends ZodType ? z.output<T> : undefined;
type Returned<D extends RouteDef> = D['response'] extends ZodType ? z.input<D['response']> : unknown;

export interface HandlerInput<D extends RouteDef> {
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: Parsed<D['body']>;
  req: Request;
  res: Response;
  /** The verified staff user when a valid token came with the request. */
  user: TokenClaims | undefined;
  /** The request's id: the correlation id of the events the handler causes. */
  requestId: string;
  /** The service's logger, every line tagged with the request id. */
  log: Logger;
  /** The client's address as the gateway saw it (`X-Client-Address`, set by the gateway only), for the audit trail. */
  clientAddress: string | undefined;
}

export interface BindOptions {
  /** Cache-Control for cacheable routes; their answers also carry an ETag and may be 304. */
  cacheControl?: string;
}

/**
 * Mounts a handler on a route of the contract: input is parsed with the route's own schemas
 * (a ZodError becomes a 400 in the error mapper), the result is sent as JSON with the route's
 * status. A handler that answers by itself returns undefined.
 */
export function bind<D extends RouteDef>(
  router: Router,
  def: D,
  handler: (input: HandlerInput<D>) => Promise<Returned<D> | undefined> | Returned<D> | undefined,
  options: BindOptions = {},
): void {
  onRoute(router, def, async (req: Request, res: Response) => {
    const context = requestContextOf(res);
    if (!context) throw new Error(`${def.method.toUpperCase()} ${def.path}: bind() needs the requestContext() middleware (createServiceApp has it)`);
    const input = {
      params: def.params ? def.params.parse(req.params) : undefined,
      query: def.query ? def.query.parse(req.query) : undefined,
      body: def.body && def.body !== 'multipart-image' ? def.body.parse(req.body ?? {}) : undefined,
      req,
      res,
      user: res.locals.user as TokenClaims | undefined,
      requestId: context.requestId,
      clientAddress: clientAddressOf(req),
      get log() {
        return context.log;
      },
    } as HandlerInput<D>;
    const result = await handler(input);
    if (result === undefined || res.headersSent) return;
    if (def.cacheable && def.method === 'get') {
      sendCacheableJson(req, res, result, options.cacheControl ?? 'no-cache');
    } else {
      res.status(def.status ?? 200).json(result);
    }
  });
}

/** The header the gateway sets (overwriting any a client sent) to the address it saw. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

const clientAddressOf = (req: Request): string | undefined => {
  const value = req.headers[CLIENT_ADDRESS_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;
};

/**
 * Mounts express handlers on a route of the contract, to run only for a request the route gate
 * admitted under this very route: whatever express itself would match (another case, a
 * trailing slash), access is the one decided for the route the handlers belong to.
 */
export function onRoute(router: Router, def: RouteDef, ...handlers: RequestHandler[]): void {
  const admittedHere = (_req: Request, res: Response, next: NextFunction) => next(admittedRoute(res) === def ? undefined : 'route');
  router[def.method](def.path, admittedHere, ...handlers);
}
