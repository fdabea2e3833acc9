import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Sends JSON with an ETag, or 304 when the client already holds this exact body. */
export function sendCacheableJson(req: Request, res: Response, payload: unknown, cacheControl: string, status = 200): void {
  const body = JSON.stringify(payload);
  const etag = etagOf(body);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
    res.status(304).end();
    return;
  }
  res.status(status).type('application/json').send(body);
}
