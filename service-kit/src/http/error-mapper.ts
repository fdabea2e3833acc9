import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import type { ApiError } from '@bb/contracts';
import { isDuplicateKey } from '../db/mongo';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { requestContextOf } from './request-context';

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/** A validation answer names the field when zod's own wording would not. */
export function describeZodError(error: ZodError): ApiError {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const message = path && ZOD_DEFAULT_MESSAGE.test(issue.message) ? `${path}: ${issue.message}` : issue.message;
    return { path, message };
  });
  return { message: details[0]?.message ?? 'Invalid input', details };
}

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string | number;
  name?: string;
  message?: string;
}

/** Maps what a request can throw to one JSON shape; a 500 never shows internals. */
export function errorMapper(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = classify(err);
    if (status >= 500) {
      logger.error({ err, reqId: requestContextOf(res)?.requestId, method: req.method, url: req.originalUrl }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 429 && err instanceof AppError) res.setHeader('Retry-After', '60');
    res.status(status).json(status >= 500 ? { message: body.message, requestId: requestContextOf(res)?.requestId } : body);
  };
}

function classify(err: unknown): { status: number; body: ApiError } {
  if (err instanceof ZodError) return { status: 400, body: describeZodError(err) };
  if (err instanceof AppError) return { status: err.status, body: { message: err.message, ...(err.details ? { details: err.details } : {}) } };
  const e = (err ?? {}) as HttpishError;
  switch (e.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { message: 'Malformed JSON in request body' } };
    case 'entity.too.large':
      return { status: 413, body: { message: 'Request body is too large' } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { message: 'Unsupported body encoding' } };
    case 'request.aborted':
      return { status: 400, body: { message: 'Request aborted' } };
  }
  if (e.name === 'CastError' || e.name === 'BSONError') return { status: 404, body: { message: 'Not found' } };
  if (e.name === 'ValidationError') return { status: 400, body: { message: e.message ?? 'Invalid input' } };
  if (isDuplicateKey(err)) return { status: 409, body: { message: 'That already exists' } };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, body: { message: e.message ?? 'Bad request' } };
  return { status: 500, body: { message: 'Internal server error' } };
}
