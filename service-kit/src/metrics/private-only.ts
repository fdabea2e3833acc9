import type { NextFunction, Request, Response } from 'express';

/** Loopback and private (RFC 1918 / unique-local) sources: the compose network, a scraper. */
export function isPrivateAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(v4)
  );
}

/** /metrics is for the operator's scraper, not for the public internet. */
export function privateOnly(req: Request, res: Response, next: NextFunction) {
  if (isPrivateAddress(req.socket.remoteAddress)) return next();
  res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
}
