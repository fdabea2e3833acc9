// Loopback-only endpoint of a test run, so fault tests can kill and restart the processes the
// launcher owns (POST /components/<name>/kill|stop|start), stop and start the local SMTP server
// (POST /infrastructure/mail/stop|start) and the local PayMongo double, its state kept
// (POST /infrastructure/paymongo/stop|start), and a RabbitMQ cluster's nodes
// (POST /infrastructure/rabbitmq/<n>/kill|start), and security tests can read a process's
// memory (GET /components/<name> gives its pid).
import http from 'node:http';
import { startComponent, stopProcess } from './stack.mjs';

export function startControlServer({ plans, running, logDir, mail, paymongo, cluster }) {
  const actions = [
    [
      /^\/infrastructure\/(mail|paymongo)\/(stop|start)$/,
      'POST',
      async (m) => {
        const server = m[1] === 'mail' ? mail : paymongo;
        if (!server) return false;
        await server[m[2]]();
        return true;
      },
    ],
    [
      /^\/infrastructure\/rabbitmq\/(\d+)\/(kill|start)$/,
      'POST',
      async (m) => {
        const node = Number(m[1]);
        if (!cluster || node < 1 || node > cluster.nodes.length) return false;
        await (m[2] === 'kill' ? cluster.kill(node) : cluster.restart(node));
        return true;
      },
    ],
    [
      /^\/components\/([a-z0-9-]+)\/(kill|start|stop)$/,
      'POST',
      async (m) => {
        const plan = plans.find((p) => p.name === m[1]);
        if (!plan) return false;
        if (m[2] === 'start') running[plan.name] = await startComponent(plan, { logDir });
        else {
          if (m[2] === 'kill') running[plan.name].stopSignal = 'SIGKILL';
          await stopProcess(running[plan.name]);
        }
        return true;
      },
    ],
  ];
  const server = http.createServer(async (req, res) => {
    const info = /^\/components\/([a-z0-9-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && info && running[info[1]]) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid: running[info[1]].pid }));
      return;
    }
    for (const [pattern, method, act] of actions) {
      const match = pattern.exec(req.url ?? '');
      if (!match || req.method !== method) continue;
      try {
        const done = await act(match);
        res.writeHead(done ? 204 : 404).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message }));
      }
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
