import { load } from './lib/load';
import type { BenchContext, BenchResult } from './lib/types';

/**
 * The cost of the gateway: one GET answered by a service, measured directly and through the
 * gateway in the same run (100 connections each).
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const path = '/api/auth/config';
  const direct = await load({ scenario: `GET ${path}`, target: 'auth directly', url: `${ctx.env.AUTH_URL}${path}`, connections: 100, seconds: ctx.seconds });
  ctx.log(`direct: ${direct.requestsPerSec} req/s, p50 ${direct.p50Ms} ms`);
  const viaGateway = await load({ scenario: `GET ${path}`, target: 'through the gateway', url: `${ctx.gatewayUrl}${path}`, connections: 100, seconds: ctx.seconds });
  ctx.log(`gateway: ${viaGateway.requestsPerSec} req/s, p50 ${viaGateway.p50Ms} ms`);
  const ratio = viaGateway.requestsPerSec / direct.requestsPerSec;
  const addedP50 = viaGateway.p50Ms - direct.p50Ms;
  return {
    name: 'gateway',
    description: 'Same GET served by the auth service, directly vs through the gateway (100 connections)',
    rows: [direct, viaGateway],
    summary: {
      throughputRatio: Math.round(ratio * 100) / 100,
      addedP50Ms: addedP50,
      targetRatioMet: ratio >= 0.7,
      targetAddedP50Met: addedP50 <= 2,
    },
  };
}
