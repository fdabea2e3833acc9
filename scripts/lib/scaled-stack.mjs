// The scaled test stack: two processes of every service and two gateways behind nginx, on a
// three-node RabbitMQ cluster with quorum queues, as a deployment on several hosts runs it.
// It shares the storage servers (MongoDB protocol, S3, SMTP) of the run, on databases of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RABBIT_CTL } from './infra.mjs';
import { freePort } from './net.mjs';
import { startNginx } from './nginx.mjs';
import { startRabbitCluster } from './rabbit-cluster.mjs';
import { TEST_SECRETS } from './session.mjs';
import { planStack, presentComponents, stackUrlsEnv, startStack, stopProcess } from './stack.mjs';

export const SCALED_REPLICAS = 2;

export async function bringUpScaledStack({ infraEnv, logDir }) {
  const started = Date.now();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-scaled-'));
  const cluster = await startRabbitCluster({ dataDir: runDir, logDir });
  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const plans = await planStack({
    infraEnv: { ...infraEnv, AMQP_URL: cluster.url },
    secrets: TEST_SECRETS,
    mode: 'demo',
    fixedPorts: false,
    dbPrefix: 'scaled',
    replicas: Object.fromEntries(presentComponents().map((c) => [c.name, SCALED_REPLICAS])),
    extraEnv: { BUS_QUEUE_TYPE: 'quorum' },
    publicUrl,
  });
  const running = await startStack(plans, { logDir });
  const nginx = await startNginx({ upstreams: plans.filter((p) => p.name.startsWith('gateway')).map((p) => p.url), dataDir: runDir, logDir, port: balancerPort });
  console.log(`[scaled] ${plans.length} processes, ${cluster.nodes.length} broker nodes and nginx up in ${Math.round((Date.now() - started) / 1000)} s`);
  return {
    plans,
    running,
    cluster,
    env: {
      ...stackUrlsEnv(plans),
      // Visitors and staff come through the load balancer.
      GATEWAY_URL: nginx.url,
      AMQP_URL: cluster.url,
      BB_LOG_DIR: logDir,
      BB_RABBIT_CLUSTER_SIZE: String(cluster.nodes.length),
      // rabbitmqctl of the tests talks to the first node (the fault run kills another).
      BB_RABBITMQCTL: RABBIT_CTL,
      BB_RABBIT_NODE: cluster.nodes[0].nodeName,
      BB_RABBIT_HOME: cluster.nodes[0].env.HOME,
      BB_RABBIT_EPMD_PORT: cluster.nodes[0].env.ERL_EPMD_PORT,
    },
    /** Stops every process of the scaled stack, the balancer and the broker nodes, and removes their data. */
    stop: async () => {
      for (const entry of Object.values(running)) await stopProcess(entry);
      await stopProcess(nginx.proc);
      await cluster.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
