// The broker of the local stack: Debian's RabbitMQ, one node for the usual stack or a cluster
// of several for the scaled one (quorum queues replicated over three nodes, one of which the
// fault tests kill). Every node has its own data directory, ports on loopback and the run's
// own epmd on a private port, so nothing outlives the run and other Erlang nodes are untouched.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { amqpAnswers, freePort, waitFor } from '../lib/net.mjs';
import { run, startProcess, stopProcess } from '../lib/processes.mjs';
import { ensureAptPackage, log } from './system.mjs';

export const RABBIT_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
export const RABBIT_CTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';

export function ensureRabbitMq() {
  ensureAptPackage('rabbitmq-server', () => fs.existsSync(RABBIT_SERVER), ', or set AMQP_URL');
}

/** The environment rabbitmq-server and rabbitmqctl need to reach one node. */
function nodeEnv({ dir, nodeName, port, distPort, epmdPort }) {
  return {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_PID_FILE: path.join(dir, 'rabbitmq.pid'),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    ERL_EPMD_PORT: String(epmdPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
  };
}

/** Writes a node's rabbitmq.conf, plugins and cookie; a cluster's nodes find each other by the peers' names. */
function writeNodeFiles(node, peers, cookie) {
  fs.mkdirSync(node.dir, { recursive: true });
  const cluster =
    peers.length > 1
      ? [
          'cluster_formation.peer_discovery_backend = classic_config',
          ...peers.map((peer) => `cluster_formation.classic_config.nodes.${peer.index} = ${peer.nodeName}`),
        ]
      : [];
  const conf = [`listeners.tcp.1 = 127.0.0.1:${node.port}`, 'loopback_users = none', 'disk_free_limit.absolute = 50MB', ...cluster, ''];
  fs.writeFileSync(path.join(node.dir, 'rabbitmq.conf'), conf.join('\n'));
  fs.writeFileSync(path.join(node.dir, 'enabled_plugins'), '[].\n');
  fs.writeFileSync(path.join(node.dir, '.erlang.cookie'), cookie, { mode: 0o600 });
}

/**
 * Starts `nodes` RabbitMQ nodes sharing one Erlang cookie and one epmd. The first node starts
 * alone; the others find it through classic peer discovery and join it. A node killed and
 * started again keeps its data directory, so it rejoins the cluster as the same member.
 * Beyond the common interface: the nodes, and kill/restart/runningNodes by node number (1…).
 * @param {import('./server').StartOptions & { nodes?: number }} options
 */
export async function start({ dataDir, logDir, nodes: size = 1 }) {
  ensureRabbitMq();
  const single = size === 1;
  const epmdPort = await freePort();
  const nodes = [];
  for (let index = 1; index <= size; index++) {
    const [port, distPort] = [await freePort(), await freePort()];
    const label = single ? 'rabbitmq' : `rabbitmq-${index}`;
    nodes.push({ index, label, port, distPort, nodeName: `bb${port}@localhost`, dir: path.join(dataDir, label), proc: null });
  }
  // A data directory kept from an earlier run keeps its cookie: rabbitmqctl of that run still works.
  const kept = path.join(nodes[0].dir, '.erlang.cookie');
  const cookie = fs.existsSync(kept) ? fs.readFileSync(kept, 'utf8') : `BB${crypto.randomBytes(12).toString('hex').toUpperCase()}`;
  for (const node of nodes) {
    writeNodeFiles(node, nodes, cookie);
    node.env = nodeEnv({ ...node, epmdPort });
  }
  const epmdLabel = single ? 'epmd' : 'epmd-cluster';
  const epmd = startProcess(epmdLabel, 'epmd', ['-port', String(epmdPort), '-address', '127.0.0.1'], {
    env: nodes[0].env,
    logFile: path.join(logDir, `${epmdLabel}.log`),
  });

  const startNode = async (node) => {
    node.proc = startProcess(node.label, RABBIT_SERVER, [], { env: node.env, logFile: path.join(logDir, `${node.label}.log`) });
    const proc = node.proc;
    await waitFor(`RabbitMQ node ${node.nodeName}`, () => amqpAnswers(node.port), { timeoutMs: 120000, intervalMs: 500, isDead: () => proc.exitCode !== null });
  };
  /** The nodes a given node sees running in its cluster. */
  const runningNodes = (node) =>
    JSON.parse(run(RABBIT_CTL, ['-n', node.nodeName, 'cluster_status', '--formatter', 'json'], { env: node.env, quiet: true })).running_nodes;
  const clusterWhole = (from) => runningNodes(from).length === size;

  await startNode(nodes[0]);
  await Promise.all(nodes.slice(1).map(startNode));
  if (!single) await waitFor('RabbitMQ cluster of all nodes', () => clusterWhole(nodes[0]), { timeoutMs: 60000, intervalMs: 500 });
  log(
    `RabbitMQ ${single ? `on 127.0.0.1:${nodes[0].port} (node ${nodes[0].nodeName})` : `cluster of ${size} nodes on 127.0.0.1:${nodes.map((n) => n.port).join(', ')}`}`,
  );

  const first = nodes[0];
  return {
    env: {
      AMQP_URL: nodes.map((n) => `amqp://guest:guest@127.0.0.1:${n.port}`).join(','),
      // rabbitmqctl of the tests talks to the first node (the fault run kills another).
      BB_RABBITMQCTL: RABBIT_CTL,
      BB_RABBIT_NODE: first.nodeName,
      BB_RABBIT_HOME: first.env.HOME,
      BB_RABBIT_EPMD_PORT: first.env.ERL_EPMD_PORT,
      ...(single ? {} : { BB_RABBIT_CLUSTER_SIZE: String(size) }),
    },
    pids: { rabbitmq: first.proc.pid },
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
      await startNode(node);
      await waitFor(`node ${index} back in the cluster`, () => clusterWhole(nodes.find((n) => n !== node)), { timeoutMs: 60000, intervalMs: 500 });
    },
    runningNodes: (index) => runningNodes(nodes[index - 1]),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.proc && stopProcess(node.proc)));
      await stopProcess(epmd);
    },
  };
}
