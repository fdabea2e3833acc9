// The scaled test stack: two processes of every service and two gateways behind nginx, on a
// three-node RabbitMQ cluster with quorum queues, as a deployment on several hosts runs it.
// It shares the storage servers (MongoDB protocol, S3, SMTP) of the run, on databases of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.mjs';
import * as nginx from '../servers/nginx.mjs';
import * as rabbitmq from '../servers/rabbitmq.mjs';
import { TEST_SECRETS } from './session.mjs';
import { planStack, presentComponents, stackUrlsEnv, startStack, stopProcess } from './stack.mjs';

export const SCALED_REPLICAS = 2;

export async function bringUpScaledStack({ infraEnv, logDir }) {
  const started = Date.now();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-scaled-'));
  const cluster = await rabbitmq.start({ dataDir: runDir, logDir, nodes: 3 });
  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const plans = await planStack({
    infraEnv: { ...infraEnv, AMQP_URL: cluster.env.AMQP_URL },
    secrets: TEST_SECRETS,
    mode: 'demo',
    fixedPorts: false,
    dbPrefix: 'scaled',
    replicas: Object.fromEntries(presentComponents().map((c) => [c.name, SCALED_REPLICAS])),
    extraEnv: { BUS_QUEUE_TYPE: 'quorum' },
    publicUrl,
  });
  const running = await startStack(plans, { logDir });
  const balancer = await nginx.start({
    upstreams: plans.filter((p) => p.name.startsWith('gateway')).map((p) => p.url),
    dataDir: runDir,
    logDir,
    port: balancerPort,
  });
  console.log(`[scaled] ${plans.length} processes, ${cluster.nodes.length} broker nodes and nginx up in ${Math.round((Date.now() - started) / 1000)} s`);
  return {
    plans,
    running,
    cluster,
    env: {
      ...stackUrlsEnv(plans),
      // Visitors and staff come through the load balancer (GATEWAY_URL); the broker is the cluster.
      ...balancer.env,
      ...cluster.env,
      BB_LOG_DIR: logDir,
    },
    /** Stops every process of the scaled stack, the balancer and the broker nodes, and removes their data. */
    stop: async () => {
      for (const entry of Object.values(running)) await stopProcess(entry);
      await balancer.stop();
      await cluster.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
