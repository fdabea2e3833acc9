import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type TrustedProxies = (address: string, hop: number) => boolean;

/** TRUSTED_PROXIES (comma-separated addresses or CIDRs) as proxy-addr's check; empty trusts nobody. */
export const trustedProxies = (list: readonly string[]): TrustedProxies => proxyaddr.compile([...list]);

/**
 * The client address for rate limits: the connection's peer, unless that peer is a trusted
 * proxy, in which case X-Forwarded-For is walked from the right past every trusted hop. A
 * header from anyone else is ignored, so it cannot buy a fresh key per request.
 */
export const clientIp = (req: IncomingMessage, trust: TrustedProxies): string => proxyaddr(req, trust);
