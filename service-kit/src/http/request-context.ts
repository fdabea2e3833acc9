import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's request id when it is a sane token (the gateway's), else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** One line per answered request: debug normally, error for a 5xx. */
export function logRequest(logger: Logger, id: string, method: string, url: string, status: number, startedNs: bigint): void {
  const level = status >= 500 ? 'error' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  const ms = Number(process.hrtime.bigint() - startedNs) / 1e6;
  logger[level]({ reqId: id, method, url, status, ms: Math.round(ms * 10) / 10 }, 'request');
}

/** What a service knows of the request it is answering; handlers get it in their input (bind). */
export interface RequestContext {
  /** The gateway's id for the request (or a new one): on its log lines, and the correlation id of the events it causes. */
  requestId: string;
  /** The service's logger, every line tagged with the request id. */
  log: Logger;
}

// Keyed by the response, so a context lives exactly as long as its request.
const contexts = new WeakMap<Response, RequestContext>();

/** The request's context; undefined only in an app without requestContext() (the gateway's own pages). */
export const requestContextOf = (res: Response): RequestContext | undefined => contexts.get(res);

/** Gives every request an id (kept from the gateway when present) and logs it when done. */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.headers);
    let log: Logger | undefined;
    // The child logger is made on first use: most requests never log from a handler.
    contexts.set(res, {
      requestId: id,
      get log() {
        return (log ??= logger.child({ reqId: id }));
      },
    });
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => logRequest(logger, id, req.method, req.originalUrl, res.statusCode, started));
    next();
  };
}
