import os from 'node:os';
import { allCpus, canPin, pin } from './lib/cpu-affinity';
import { load } from './lib/load';
import { pacedLoad } from './lib/paced';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';

const CONNECTIONS = 100;
const PATH = '/api/auth/config';
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The cost of the gateway: one GET answered by a service (the cheapest there is, so the hop
 * weighs the most), directly and through the gateway, at 100 connections.
 * 1. Closed loop on shared CPUs (autocannon, as fast as answers come): the load generator,
 *    the gateway and the service compete for the same cores, so every CPU cycle the gateway
 *    spends is taken from the service. With 100 requests always in flight p50 is about
 *    100 / throughput, so the throughput lost shows up again as added p50.
 * 2. Closed loop with the gateway on its own CPU (taskset): the service and the load
 *    generator keep the same CPU in both runs, as when the gateway runs on its own host or
 *    container; this is the hop's cost, not the competition for cores.
 * 3. Open loop, evenly paced at half of what the gateway path managed in (1): both paths
 *    busy but not saturated, for the latency the hop itself adds.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const directUrl = `${ctx.env.AUTH_URL}${PATH}`;
  const gatewayUrl = `${ctx.gatewayUrl}${PATH}`;
  const closedLoop = (scenario: string) => ({ connections: CONNECTIONS, seconds: ctx.seconds, scenario: `GET ${PATH}, ${CONNECTIONS} connections, ${scenario}` });

  const shared = closedLoop('closed loop, shared CPUs');
  const direct = await load({ ...shared, target: 'auth directly', url: directUrl });
  const viaGateway = await load({ ...shared, target: 'through the gateway', url: gatewayUrl });
  ctx.log(`shared CPUs: direct ${direct.requestsPerSec} req/s p50 ${direct.p50Ms} ms, gateway ${viaGateway.requestsPerSec} req/s p50 ${viaGateway.p50Ms} ms`);

  const ownCpu = canPin() ? await withGatewayOnItsOwnCpu(ctx, directUrl, gatewayUrl, closedLoop) : undefined;

  const rate = Math.round(viaGateway.requestsPerSec / 2);
  const paced = { rate, connections: CONNECTIONS, seconds: ctx.seconds, scenario: `GET ${PATH}, ${rate} req/s paced, up to ${CONNECTIONS} connections` };
  const pacedDirect = await pacedLoad({ ...paced, target: 'auth directly', url: directUrl });
  const pacedGateway = await pacedLoad({ ...paced, target: 'through the gateway', url: gatewayUrl });
  ctx.log(`paced at ${rate} req/s: direct p50 ${pacedDirect.p50Ms} ms, gateway p50 ${pacedGateway.p50Ms} ms`);

  const ratioShared = viaGateway.requestsPerSec / direct.requestsPerSec;
  const addedP50Paced = round1(pacedGateway.p50Ms - pacedDirect.p50Ms);
  const ownCpuSummary: BenchResult['summary'] = ownCpu
    ? {
        throughputRatioGatewayOwnCpu: round2(ownCpu.gateway.requestsPerSec / ownCpu.direct.requestsPerSec),
        addedP50MsGatewayOwnCpu: ownCpu.gateway.p50Ms - ownCpu.direct.p50Ms,
        targetRatioMetGatewayOwnCpu: ownCpu.gateway.requestsPerSec / ownCpu.direct.requestsPerSec >= 0.7,
      }
    : { gatewayOwnCpu: 'not measured: needs taskset and at least 2 CPUs' };
  return {
    name: 'gateway',
    description: `Same GET served by the auth service, directly vs through the gateway, ${CONNECTIONS} connections: closed loop on shared CPUs, closed loop with the gateway on its own CPU, then paced at half the gateway path's throughput`,
    rows: [direct, viaGateway, ...(ownCpu ? [ownCpu.direct, ownCpu.gateway] : []), pacedDirect, pacedGateway],
    summary: {
      throughputRatioSharedCpus: round2(ratioShared),
      addedP50MsSharedCpus: viaGateway.p50Ms - direct.p50Ms,
      targetRatioMetSharedCpus: ratioShared >= 0.7,
      ...ownCpuSummary,
      pacedRate: rate,
      addedP50MsPaced: addedP50Paced,
      addedP99MsPaced: round1(pacedGateway.p99Ms - pacedDirect.p99Ms),
      targetAddedP50MetPaced: addedP50Paced <= 2,
    },
  };
}

/** The gateway on the last CPU; the service and this process (the load) on the others. */
async function withGatewayOnItsOwnCpu(
  ctx: BenchContext,
  directUrl: string,
  gatewayUrl: string,
  closedLoop: (scenario: string) => { connections: number; seconds: number; scenario: string },
): Promise<{ direct: BenchRow; gateway: BenchRow }> {
  const last = os.cpus().length - 1;
  const rest = last === 1 ? '0' : `0-${last - 1}`;
  const { gateway: gatewayPid, auth: authPid } = ctx.pids;
  try {
    pin(gatewayPid, String(last));
    pin(authPid, rest);
    pin(process.pid, rest);
    const options = closedLoop(`closed loop, gateway alone on CPU ${last}, service and load on CPU ${rest}`);
    const direct = await load({ ...options, target: 'auth directly', url: directUrl });
    const gateway = await load({ ...options, target: 'through the gateway', url: gatewayUrl });
    ctx.log(`gateway on its own CPU: direct ${direct.requestsPerSec} req/s p50 ${direct.p50Ms} ms, gateway ${gateway.requestsPerSec} req/s p50 ${gateway.p50Ms} ms`);
    return { direct, gateway };
  } finally {
    for (const pid of [gatewayPid, authPid, process.pid]) pin(pid, allCpus());
  }
}
