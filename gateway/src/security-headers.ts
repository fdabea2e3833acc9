import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Helmet's headers with our Content-Security-Policy, computed once at start: they are the same
 * for every answer, so the hot path only copies them.
 */
function computeHeaders(): [string, string][] {
  const captured: [string, string][] = [];
  const fakeRes = {
    setHeader: (name: string, value: string | number | string[]) => captured.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra UI (emotion) injects style elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })({ headers: {} } as never, fakeRes as never, () => undefined);
  return captured;
}

const SECURITY_HEADERS = computeHeaders();

export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}
