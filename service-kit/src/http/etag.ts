import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** A JSON answer serialised once, with its validator: it can be kept and sent again. */
export interface PreparedJson {
  body: Buffer;
  etag: string;
}

export const prepareJson = (payload: unknown): PreparedJson => {
  const body = Buffer.from(JSON.stringify(payload));
  return { body, etag: etagOf(body) };
};

/** Sends prepared JSON with its ETag and cache headers, or 304 when the client already holds this exact body. */
export function sendPrepared(req: Request, res: Response, { body, etag }: PreparedJson, headers: Record<string, string>, status = 200): void {
  res.setHeader('ETag', etag);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
    res.status(304).end();
    return;
  }
  res.status(status).type('application/json').send(body);
}

/** Sends JSON with an ETag, or 304 when the client already holds this exact body. */
export function sendCacheableJson(req: Request, res: Response, payload: unknown, cacheControl: string, status = 200): void {
  sendPrepared(req, res, prepareJson(payload), { 'Cache-Control': cacheControl }, status);
}
