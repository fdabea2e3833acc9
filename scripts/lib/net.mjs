import net from 'node:net';
import http from 'node:http';

/** Ports this launcher has handed out: the kernel may offer a closed port again at once. */
const handedOut = new Set();

/**
 * A loopback port free now and never handed out before by this process: a stack is planned
 * before any of it starts, so two processes given one port would find out only when the second
 * binds (seen: a catalog replica given auth's port stopped, and auth answered its readiness).
 */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: offered } = server.address();
        server.close(() => resolve(offered));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls check() until it resolves true; fails with a message naming what never came up. */
export async function waitFor(what, check, { timeoutMs = 60000, intervalMs = 250, isDead } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead?.()) throw new Error(`${what} exited before it became ready`);
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await sleep(intervalMs);
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
}

/** The status and JSON body of a GET (body null when it is not JSON); status 0 when nothing answered. */
export function httpJson(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let body = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode, body });
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: null }));
  });
}

export function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Sends `hello` to a loopback port and resolves with whether the first answer passes `check`. */
function probe(port, hello, check) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write(hello()));
    socket.on('data', (buf) => done(check(buf)));
  });
}

/** AMQP 0-9-1 handshake: the broker answers the protocol header with Connection.Start. */
export const amqpAnswers = (port) =>
  probe(
    port,
    () => Buffer.from([0x41, 0x4d, 0x51, 0x50, 0, 0, 9, 1]),
    (buf) => buf[0] === 1,
  );

/** MongoDB wire protocol: OP_MSG { ping: 1, $db: "admin" } answered with ok: 1. */
export const mongoAnswers = (port) => probe(port, mongoPing, (buf) => buf.length > 16 && buf.readInt32LE(12) === 2013);

function mongoPing() {
  // BSON { ping: 1 (int32), $db: "admin" }
  const ping = Buffer.concat([Buffer.from([0x10]), Buffer.from('ping\0'), int32(1)]);
  const dbName = Buffer.from('admin\0');
  const db = Buffer.concat([Buffer.from([0x02]), Buffer.from('$db\0'), int32(dbName.length), dbName]);
  const body = Buffer.concat([ping, db, Buffer.from([0])]);
  const doc = Buffer.concat([int32(body.length + 4), body]);
  const payload = Buffer.concat([int32(0), Buffer.from([0]), doc]); // flagBits, section kind 0
  const header = Buffer.concat([int32(16 + payload.length), int32(1), int32(0), int32(2013)]);
  return Buffer.concat([header, payload]);
}

function int32(n) {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
}
