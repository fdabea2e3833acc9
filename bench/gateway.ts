import { load } from './lib/load';
import type { BenchContext, BenchResult } from './lib/types';

/**
 * The cost of the gateway: one GET answered by a service, measured directly and through the
 * gateway in the same run, at 100 connections (the machine saturated: throughput ratio) and
 * at 4 (not saturated: the latency one hop adds, without queueing behind other requests).
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const path = '/api/auth/config';
  const direct = await load({ scenario: `GET ${path}`, target: 'auth directly', url: `${ctx.env.AUTH_URL}${path}`, connections: 100, seconds: ctx.seconds });
  ctx.log(`direct: ${direct.requestsPerSec} req/s, p50 ${direct.p50Ms} ms`);
  const viaGateway = await load({ scenario: `GET ${path}`, target: 'through the gateway', url: `${ctx.gatewayUrl}${path}`, connections: 100, seconds: ctx.seconds });
  ctx.log(`gateway: ${viaGateway.requestsPerSec} req/s, p50 ${viaGateway.p50Ms} ms`);
  const lightDirect = await load({ scenario: `GET ${path}, 4 connections`, target: 'auth directly', url: `${ctx.env.AUTH_URL}${path}`, connections: 4, seconds: ctx.seconds });
  const lightGateway = await load({ scenario: `GET ${path}, 4 connections`, target: 'through the gateway', url: `${ctx.gatewayUrl}${path}`, connections: 4, seconds: ctx.seconds });
  ctx.log(`light load: direct p50 ${lightDirect.p50Ms} ms, gateway p50 ${lightGateway.p50Ms} ms`);
  const ratio = viaGateway.requestsPerSec / direct.requestsPerSec;
  const addedP50 = viaGateway.p50Ms - direct.p50Ms;
  const addedP50Light = lightGateway.p50Ms - lightDirect.p50Ms;
  return {
    name: 'gateway',
    description: 'Same GET served by the auth service, directly vs through the gateway (100 connections, then 4)',
    rows: [direct, viaGateway, lightDirect, lightGateway],
    summary: {
      throughputRatio: Math.round(ratio * 100) / 100,
      addedP50Ms: addedP50,
      addedP50MsAt4Connections: addedP50Light,
      targetRatioMet: ratio >= 0.7,
      targetAddedP50Met: addedP50 <= 2,
    },
  };
}
