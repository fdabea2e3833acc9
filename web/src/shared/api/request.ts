import type { QueryFunction } from '@tanstack/react-query';

export const TOKEN_KEY = 'auth_token';

export const readToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

function headers(hasBody: boolean, extra: Record<string, string> = {}): HeadersInit {
  const token = readToken();
  return {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/** A non-OK answer becomes an Error reading "status: body" (or the status text when empty). */
async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** The one way the app writes: token header, cookies, JSON body (plus e.g. an Idempotency-Key). */
export async function apiRequest(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: headers(data !== undefined, extraHeaders),
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, data, extraHeaders);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default read: the query key's segments joined with slashes are the URL. */
export const getQueryFn =
  <T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> =>
  async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { headers: headers(false), credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };

/** The server's own `message` out of an "status: body" error, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return match[1] || undefined;
  }
}

/** The HTTP status of a "status: body" error, when it is one. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}
