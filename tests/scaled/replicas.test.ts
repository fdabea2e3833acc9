// The scaled stack is what it says, and what one replica learns the other knows in time: a
// staff reply written on one chat process reaches a visitor polling the other within 2 s, and a
// logout on one gateway is refused by both within 1 s.
import type { ChatMessage, Conversation } from '@bb/contracts';
import { api, rabbitctl, requireEnv, waitFor } from '@bb/service-kit/testing';

const replicaUrls = (component: string) => requireEnv(`${component.toUpperCase()}_REPLICA_URLS`).split(',');
const COMPONENTS = ['auth', 'catalog', 'booking', 'chat', 'subscribers', 'notifications', 'gateway'];

async function signIn(gatewayUrl: string): Promise<string> {
  const res = await api<{ token: string }>(gatewayUrl, '/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** Polls until `check` holds, every 50 ms, and answers how long that took. */
async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  await waitFor('the change to show', async () => (await check()) || undefined, limitMs + 3000, 50);
  return Date.now() - started;
}

describe('the scaled stack', () => {
  it('runs two processes of every service and two gateways, on a three-node broker cluster whose durable queues are quorum queues', async () => {
    for (const component of COMPONENTS) {
      const urls = replicaUrls(component);
      expect([component, urls.length]).toEqual([component, 2]);
      for (const url of urls) expect([component, (await fetch(`${url}/readyz`)).status]).toEqual([component, 200]);
    }
    const cluster = JSON.parse(rabbitctl('cluster_status', '--formatter', 'json')) as { running_nodes: string[] };
    expect(cluster.running_nodes).toHaveLength(Number(requireEnv('BB_RABBIT_CLUSTER_SIZE')));

    const queues = rabbitctl('list_queues', '--quiet', '--no-table-headers', 'name', 'type', 'durable')
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    // The per-process queues (not durable: they live as long as their process) stay classic.
    const durable = queues.filter(([, , isDurable]) => isDurable === 'true');
    // Every consumer's queue with its retry and dead-letter queues: each service has some.
    expect(durable.length).toBeGreaterThanOrEqual(12);
    expect(durable.filter(([, type]) => type !== 'quorum')).toEqual([]);
  });

  it('shows a staff reply written on one chat process to a visitor polling the other within 2 s', async () => {
    const [chatA, chatB] = replicaUrls('chat');
    const token = await signIn(requireEnv('GATEWAY_URL'));
    const conversation = await api<Conversation>(requireEnv('GATEWAY_URL'), '/api/conversations', {
      method: 'POST',
      body: { customerName: 'Poller', customerEmail: 'poller@example.com', offeringType: 'clinic' },
    });
    expect(conversation.status).toBe(201);
    let last = (
      await api<ChatMessage>(chatB, '/api/messages', {
        method: 'POST',
        body: { conversationId: conversation.body.id, senderType: 'customer', senderName: 'Poller', offeringType: 'clinic', content: 'Hello?' },
      })
    ).body.id;
    const delays: number[] = [];
    // Both ways round, several times: the reply on one process, the visitor's poll on the other.
    for (const [writer, poller] of [
      [chatA, chatB],
      [chatB, chatA],
      [chatA, chatB],
      [chatB, chatA],
      [chatA, chatB],
      [chatB, chatA],
    ]) {
      // The visitor has polled once already, so the poller holds the conversation's latest message.
      expect((await api<ChatMessage[]>(poller, `/api/conversations/${conversation.body.id}/messages?after=${last}`)).body).toEqual([]);
      const reply = await api<ChatMessage>(writer, '/api/messages', {
        method: 'POST',
        token,
        body: { conversationId: conversation.body.id, senderType: 'csr', senderName: '', content: `Reply ${delays.length}` },
      });
      expect(reply.status).toBe(201);
      const after = last;
      delays.push(
        await msUntil(
          async () =>
            (await api<ChatMessage[]>(poller, `/api/conversations/${conversation.body.id}/messages?after=${after}`)).body.some((m) => m.id === reply.body.id),
          2000,
        ),
      );
      last = reply.body.id;
    }
    expect(delays.filter((ms) => ms > 2000)).toEqual([]);
  });

  it('refuses a token on both gateways within 1 s of its logout on either', async () => {
    const gateways = replicaUrls('gateway');
    const delays: number[] = [];
    for (const [signedOutOn, other] of [gateways, [...gateways].reverse()]) {
      const token = await signIn(signedOutOn);
      for (const gateway of gateways) expect((await api(gateway, '/api/settings/clinic', { token })).status).toBe(200);
      expect((await api(signedOutOn, '/api/auth/logout', { method: 'POST', token })).status).toBe(200);
      expect((await api(signedOutOn, '/api/settings/clinic', { token })).status).toBe(401);
      delays.push(await msUntil(async () => (await api(other, '/api/settings/clinic', { token })).status === 401, 1000));
    }
    expect(delays.filter((ms) => ms > 1000)).toEqual([]);
  });
});
