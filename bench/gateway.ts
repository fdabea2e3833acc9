import os from 'node:os';
import { allCpus, canPin, pin } from './lib/cpu-affinity';
import { load } from './lib/load';
import { pacedLoad } from './lib/paced';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';

const CONNECTIONS = 100;
const PATH = '/api/auth/config';
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Pair {
  direct: BenchRow;
  gateway: BenchRow;
}
const ratioOf = ({ direct, gateway }: Pair) => gateway.requestsPerSec / direct.requestsPerSec;

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
 *    busy but not saturated, for the latency the hop itself adds. BENCH_GATEWAY_PACED_RATE
 *    sets the rate instead, so that runs on different builds or runtimes compare at one rate.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  /** The same load directly and then through the gateway. */
  const measure = async (label: string, loadOf: (target: string, url: string) => Promise<BenchRow>): Promise<Pair> => {
    const pair = {
      direct: await loadOf('auth directly', `${ctx.env.AUTH_URL}${PATH}`),
      gateway: await loadOf('through the gateway', `${ctx.gatewayUrl}${PATH}`),
    };
    ctx.log(
      `${label}: direct ${pair.direct.requestsPerSec} req/s p50 ${pair.direct.p50Ms} ms, gateway ${pair.gateway.requestsPerSec} req/s p50 ${pair.gateway.p50Ms} ms`,
    );
    return pair;
  };
  const closedLoop = (label: string) =>
    measure(label, (target, url) =>
      load({ scenario: `GET ${PATH}, ${CONNECTIONS} connections, ${label}`, target, url, connections: CONNECTIONS, seconds: ctx.seconds }),
    );

  const shared = await closedLoop('closed loop, shared CPUs');
  const ownCpu = canPin() ? await withGatewayOnItsOwnCpu(ctx.pids, closedLoop) : undefined;
  const rate = Number(process.env.BENCH_GATEWAY_PACED_RATE) || Math.round(shared.gateway.requestsPerSec / 2);
  const paced = await measure(`${rate} req/s paced`, (target, url) =>
    pacedLoad({
      scenario: `GET ${PATH}, ${rate} req/s paced, up to ${CONNECTIONS} connections`,
      target,
      url,
      rate,
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    }),
  );

  const addedP50Paced = round1(paced.gateway.p50Ms - paced.direct.p50Ms);
  const ownCpuSummary: BenchResult['summary'] = ownCpu
    ? {
        throughputRatioGatewayOwnCpu: round2(ratioOf(ownCpu)),
        addedP50MsGatewayOwnCpu: ownCpu.gateway.p50Ms - ownCpu.direct.p50Ms,
        targetRatioMetGatewayOwnCpu: ratioOf(ownCpu) >= 0.7,
      }
    : { gatewayOwnCpu: 'not measured: needs taskset and at least 2 CPUs' };
  return {
    name: 'gateway',
    description: `Same GET served by the auth service, directly vs through the gateway, ${CONNECTIONS} connections: closed loop on shared CPUs, closed loop with the gateway on its own CPU, then paced at half the gateway path's throughput`,
    rows: [shared, ...(ownCpu ? [ownCpu] : []), paced].flatMap(({ direct, gateway }) => [direct, gateway]),
    summary: {
      throughputRatioSharedCpus: round2(ratioOf(shared)),
      addedP50MsSharedCpus: shared.gateway.p50Ms - shared.direct.p50Ms,
      targetRatioMetSharedCpus: ratioOf(shared) >= 0.7,
      ...ownCpuSummary,
      pacedRate: rate,
      addedP50MsPaced: addedP50Paced,
      addedP99MsPaced: round1(paced.gateway.p99Ms - paced.direct.p99Ms),
      targetAddedP50MetPaced: addedP50Paced <= 2,
    },
  };
}

/** Runs the closed loop with the gateway on the last CPU, and the service and this process (the load) on the others. */
async function withGatewayOnItsOwnCpu(pids: Record<string, number>, closedLoop: (label: string) => Promise<Pair>): Promise<Pair> {
  const last = os.cpus().length - 1;
  const rest = last === 1 ? '0' : `0-${last - 1}`;
  try {
    pin(pids.gateway, String(last));
    pin(pids.auth, rest);
    pin(process.pid, rest);
    return await closedLoop(`closed loop, gateway alone on CPU ${last}, service and load on CPU ${rest}`);
  } finally {
    for (const pid of [pids.gateway, pids.auth, process.pid]) pin(pid, allCpus());
  }
}
