import fs from 'node:fs';
import { STACK_COMPONENT_KEYS, urls } from './support';

// Nothing of the stack listens beyond loopback: not the services, not the metrics listeners,
// and (unless HOST says otherwise) not the gateways. /proc/net/tcp is what `ss -ltn` reads.
const LISTEN = '0A';

function listeningAddresses(): Map<number, string[]> {
  const byPort = new Map<number, string[]>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== LISTEN) continue;
      const [hexAddress, hexPort] = cols[1].split(':');
      const port = parseInt(hexPort, 16);
      byPort.set(port, [...(byPort.get(port) ?? []), hexAddress]);
    }
  }
  return byPort;
}

/** 0100007F is 127.0.0.1 as /proc/net/tcp writes it (little-endian); tcp6 loopback is ::1. */
const isLoopback = (hex: string) => (hex.length === 8 ? hex.endsWith('7F') : hex === '00000000000000000000000001000000');

describe('listening sockets of the stack', () => {
  const ports = STACK_COMPONENT_KEYS.flatMap((s) => [...urls(`${s}_REPLICA_URLS`), ...urls(`${s}_REPLICA_METRICS_URLS`)]).map((u) => Number(new URL(u).port));

  it('are all on loopback, every process and every metrics listener', () => {
    const listening = listeningAddresses();
    expect(ports.length).toBeGreaterThanOrEqual(18);
    const missing = ports.filter((p) => !listening.has(p));
    expect(missing).toEqual([]);
    const exposed = ports.filter((p) => listening.get(p)!.some((hex) => !isLoopback(hex)));
    expect(exposed).toEqual([]);
  });

  it('keep /metrics off the public port: the gateway answers it as a page of the site, never with figures', async () => {
    const text = await (await fetch(`${urls('GATEWAY_REPLICA_URLS')[0]}/metrics`)).text();
    expect(text).not.toContain('http_requests_total');
    const figures = await (await fetch(urls('GATEWAY_REPLICA_METRICS_URLS')[0])).text();
    expect(figures).toContain('http_requests_total');
  });
});
