import type { IncomingMessage } from 'node:http';

// The bytes of a JSON body as they arrived, kept by the JSON parser for the handlers that must
// check a signature over them (PayMongo's webhook): the parsed object cannot be turned back
// into the same bytes. Keyed by the request, so the bytes live exactly as long as it does.
const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** The JSON parser's `verify` hook: keeps a reference to the buffer it parsed (no copy). */
export const keepRawBody = (req: IncomingMessage, _res: unknown, buffer: Buffer): void => {
  rawBodies.set(req, buffer);
};

/** The JSON body of a request exactly as sent; undefined when none was parsed (no body, or not JSON). */
export const rawBodyOf = (req: IncomingMessage): Buffer | undefined => rawBodies.get(req);
