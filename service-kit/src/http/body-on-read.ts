import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalid } from '../errors';

/**
 * Why a request is refused for carrying a body on a read (GET or HEAD: any Content-Length but
 * 0, or any Transfer-Encoding), or null. No route reads such a body, and the gateway does not
 * count reads against the public-write limit, so a body there would only be work for nothing.
 */
export function bodyOnReadRefusal(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const length = req.headers['content-length'];
  const framed = req.headers['transfer-encoding'] !== undefined || (length !== undefined && !/^0+$/.test(length.trim()));
  return framed ? `A ${req.method} request may not carry a body` : null;
}

/**
 * The body is never read: the answer closes the connection rather than leave Node to read and
 * drop whatever the client still sends.
 */
export function closeAfterAnswer(res: ServerResponse): void {
  res.setHeader('Connection', 'close');
}

/** Express middleware: a read with a body is answered 400 before anything parses or reads it. */
export function refuseBodyOnRead(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
  const refusal = bodyOnReadRefusal(req);
  if (!refusal) return next();
  closeAfterAnswer(res);
  next(invalid(refusal));
}
