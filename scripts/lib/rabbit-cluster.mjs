// A RabbitMQ cluster of local nodes on private ports: the broker of the scaled test stack,
// where quorum queues are replicated over three nodes and one of them can be killed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { amqpAnswers, freePort, waitFor } from './net.mjs';
import { ensureRabbitMq, rabbitEnv, RABBIT_CTL, RABBIT_SERVER } from './infra.mjs';
import { run, startProcess, stopProcess } from './processes.mjs';

/**
 * Starts `size` nodes sharing one Erlang cookie and one epmd. The first node starts alone; the
 * others find it through classic peer discovery and join it. A node killed and started again
 * keeps its data directory, so it rejoins the cluster as the same member.
 */
export async function startRabbitCluster({ dataDir, logDir, size = 3 }) {
  ensureRabbitMq();
  const epmdPort = await freePort();
  const cookie = `BB${crypto.randomBytes(12).toString('hex').toUpperCase()}`;
  const nodes = [];
  for (let i = 1; i <= size; i++) {
    const [port, distPort] = [await freePort(), await freePort()];
    nodes.push({ index: i, port, distPort, nodeName: `bbc${i}x${epmdPort}@localhost`, dir: path.join(dataDir, `rabbitmq-${i}`), proc: null });
  }
  for (const node of nodes) {
    fs.mkdirSync(node.dir, { recursive: true });
    fs.writeFileSync(path.join(node.dir, 'rabbitmq.conf'), [
      `listeners.tcp.1 = 127.0.0.1:${node.port}`,
      'loopback_users = none',
      'disk_free_limit.absolute = 50MB',
      'cluster_formation.peer_discovery_backend = classic_config',
      ...nodes.map((peer) => `cluster_formation.classic_config.nodes.${peer.index} = ${peer.nodeName}`),
      '',
    ].join('\n'));
    fs.writeFileSync(path.join(node.dir, 'enabled_plugins'), '[].\n');
    fs.writeFileSync(path.join(node.dir, '.erlang.cookie'), cookie, { mode: 0o600 });
    node.env = rabbitEnv({ dir: node.dir, nodeName: node.nodeName, port: node.port, distPort: node.distPort, epmdPort });
  }
  const epmd = startProcess('epmd-cluster', 'epmd', ['-port', String(epmdPort), '-address', '127.0.0.1'], { env: nodes[0].env, logFile: path.join(logDir, 'epmd-cluster.log') });

  const start = async (node) => {
    node.proc = startProcess(`rabbitmq-${node.index}`, RABBIT_SERVER, [], { env: node.env, logFile: path.join(logDir, `rabbitmq-${node.index}.log`), stopSignal: 'SIGTERM' });
    const proc = node.proc;
    await waitFor(`RabbitMQ node ${node.index}`, () => amqpAnswers(node.port), { timeoutMs: 120000, intervalMs: 500, isDead: () => proc.exitCode !== null });
  };
  const ctl = (node, ...args) => run(RABBIT_CTL, ['-n', node.nodeName, ...args], { env: node.env, quiet: true });
  /** The nodes a given node sees running in its cluster. */
  const runningNodes = (node) => JSON.parse(ctl(node, 'cluster_status', '--formatter', 'json')).running_nodes;

  await start(nodes[0]);
  await Promise.all(nodes.slice(1).map(start));
  await waitFor('RabbitMQ cluster of all nodes', () => runningNodes(nodes[0]).length === size, { timeoutMs: 60000, intervalMs: 500 });
  console.log(`[infra] RabbitMQ cluster of ${size} nodes on 127.0.0.1:${nodes.map((n) => n.port).join(', ')}`);

  return {
    url: nodes.map((n) => `amqp://guest:guest@127.0.0.1:${n.port}`).join(','),
    nodes,
    /** Kills a node at once (SIGKILL to its process group): no goodbye to the cluster or the clients. */
    kill: async (index) => {
      const node = nodes[index - 1];
      node.proc.stopSignal = 'SIGKILL';
      await stopProcess(node.proc);
    },
    /** Starts a stopped node again and waits until the others count it back in. */
    restart: async (index) => {
      const node = nodes[index - 1];
      await start(node);
      await waitFor(`node ${index} back in the cluster`, () => runningNodes(nodes.find((n) => n !== node)).length === size, { timeoutMs: 60000, intervalMs: 500 });
    },
    runningNodes: (index) => runningNodes(nodes[index - 1]),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.proc && stopProcess(node.proc)));
      await stopProcess(epmd);
    },
  };
}
