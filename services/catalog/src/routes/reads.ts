import type { Request, Response } from 'express';
import type { TokenClaims } from '@bb/contracts';
import { prepareJson as prepare, sendPrepared, type PreparedJson as Prepared } from '@bb/service-kit';
import type { ReadCache } from '../store/read-cache';

/**
 * Visitors' browsers may reuse an answer for 5 seconds: content changes a few times a day, and
 * a visitor moving between pages then costs no request at all. Staff (a request with a valid
 * token) revalidate every time, so the console shows its own edit at once; `Vary:
 * Authorization` keeps the two apart in the browser's cache. Either way an unchanged answer
 * revalidates as a bodiless 304.
 */
export const VISITOR_CACHE_CONTROL = 'public, max-age=5';
export const STAFF_CACHE_CONTROL = 'private, no-cache';

function sendContent(req: Request, res: Response, prepared: Prepared, staff: boolean): undefined {
  sendPrepared(req, res, prepared, { 'Cache-Control': staff ? STAFF_CACHE_CONTROL : VISITOR_CACHE_CONTROL, Vary: 'Authorization' });
  return undefined;
}

interface ReadInput {
  req: Request;
  res: Response;
  user: TokenClaims | undefined;
}

/** A public list: visitors from the cache; staff from the database, so they read their writes. */
export async function answerList<T>(input: ReadInput, cache: ReadCache, key: string, load: () => Promise<T[]>): Promise<undefined> {
  const staff = input.user !== undefined;
  return sendContent(input.req, input.res, staff ? prepare(await load()) : await cache.get(key, load), staff);
}

/** One item, read from the database (cheap by id), with the same cache headers as lists. */
export const answerItem = <T>(input: ReadInput, item: T): undefined => sendContent(input.req, input.res, prepare(item), input.user !== undefined);
