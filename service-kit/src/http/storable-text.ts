import type { NextFunction, Request, Response } from 'express';
import { invalid } from '../errors';

/** UTF-16 halves without their other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** NUL, and broken UTF-16 pairs: no database stores them as text (PostgreSQL refuses them, found by schemathesis). */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Where in a parsed JSON value (keys included) text sits that cannot be stored, or null. */
export function unstorableTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextAt(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (unstorable(key)) return at;
      const found = unstorableTextAt(item, at);
      if (found) return found;
    }
  }
  return null;
}

const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Refuses a request whose body, query or path holds text no database can store: 400 naming where, before any handler. */
export function refuseUnstorableText(req: Request, _res: Response, next: NextFunction): void {
  const at = unstorableTextAt(req.body) ?? unstorableTextAt(req.query, 'query') ?? (unstorable(decodedPath(req.path)) ? 'path' : null);
  if (at) throw invalid(`Text may not contain a NUL character or a broken UTF-16 pair (at ${at})`, [{ path: at, message: 'Unsupported character' }]);
  next();
}
