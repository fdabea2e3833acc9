import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The bot: an HTTP server on loopback that answers every delivery 200 at once and notes when
 * each webhook-id (msg_<message id>, services/chat/src/domain/ids.ts) first arrived. The time
 * is taken when the request's headers are parsed, before its body is read.
 */
export async function startBot() {
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  let deliveries = 0;
  const server = http.createServer((req, res) => {
    const at = performance.now();
    deliveries += 1;
    const id = req.headers['webhook-id'];
    if (typeof id === 'string' && !arrivals.has(id)) {
      arrivals.set(id, at);
      waiters.get(id)?.(at);
      waiters.delete(id);
    }
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot`,
    deliveries: () => deliveries,
    /** When the delivery arrived, or null when it has not by `deadline` (performance.now() time). */
    arrival(id: string, deadline: number): Promise<number | null> {
      const known = arrivals.get(id);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => {
            waiters.delete(id);
            resolve(null);
          },
          Math.max(0, deadline - performance.now()),
        );
        waiters.set(id, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
