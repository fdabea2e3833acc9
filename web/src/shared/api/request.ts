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

/**
 * A non-OK answer. Its message reads "status: body" (or the status text when the body is
 * empty), as the spec words every request's error; the status and the parsed body are kept
 * beside it, so nobody has to read them back out of the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  /** The server's own words: `message` of a JSON error body, or a plain-text body. */
  get serverMessage(): string | undefined {
    if (typeof this.body === 'string') return this.body || undefined;
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const raw = await res.text();
  let body: unknown = raw;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    // Not JSON: the text itself is the body.
  }
  throw new ApiError(res.status, body, raw || res.statusText);
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

/** A multipart upload (the console's images): the same token, cookies and errors as every other call. */
export async function apiUpload(url: string, form: FormData): Promise<Response> {
  const token = readToken();
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
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

/** The server's own message of a failed request, when there is one. */
export const serverMessage = (error: unknown): string | undefined => (error instanceof ApiError ? error.serverMessage : undefined);

/** The HTTP status of a failed request (undefined for a network failure). */
export const errorStatus = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);
