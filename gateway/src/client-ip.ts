import type { IncomingMessage } from 'node:http';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client address for rate limits: X-Forwarded-For is believed only from a proxy on this
 * machine (a local TLS terminator, the tests), like express's `trust proxy: loopback`.
 */
export function clientIp(req: IncomingMessage): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (!LOOPBACK.test(socketAddress)) return socketAddress;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  return forwarded.find((ip) => !LOOPBACK.test(ip)) ?? forwarded.at(-1) ?? socketAddress;
}
