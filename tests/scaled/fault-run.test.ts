// The fault run: visitors book, chat, sign up and browse through the load balancer while one
// process of every service, one gateway and one RabbitMQ node are killed with SIGKILL and
// started again. Whatever the system acknowledged must all be there afterwards, mails and bot
// deliveries included; no slot holds more than its capacity; and the only failures are
// requests that were in flight at a kill.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Appointment, BookedAppointment, ChatMessage, Conversation, OfficeHours, Settings, Subscriber, Treatment } from '@bb/contracts';
import { BLOCK_MS, manilaDateInDays } from '@bb/service-kit';
import { api, type ApiAnswer, mailpit, rabbitctl, requireEnv, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { planSlots, type PlannedSlot } from './support/slots';

const gateway = () => requireEnv('GATEWAY_URL');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function control(action: string): Promise<void> {
  const res = await fetch(`${requireEnv('BB_STACK_CONTROL_URL')}${action}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${action}: ${res.status} ${await res.text()}`);
}

/** A failed request: no answer at all (0) or a 5xx, and when. */
interface Failure {
  what: string;
  status: number;
  at: number;
}

/** An answer the load did not expect; the run fails on any. */
interface Unexpected {
  what: string;
  status: number;
  body: unknown;
}

const RETRYABLE = (status: number) => status === 0 || status >= 500;

// Restarting seven processes and a RabbitMQ node (it waits to rejoin the cluster) takes 10–40 s
// on a loaded 2-core machine, and the mail and bot checks wait up to 90 s each: the default
// 60 s per test is too short for this run by design.
jest.setTimeout(6 * 60 * 1000);

/** Calls the API through the load balancer; a connection that breaks counts as status 0. */
async function call<T>(
  what: string,
  pathname: string,
  options: Parameters<typeof api>[2],
  failures: Failure[],
): Promise<ApiAnswer<T> | { status: 0; body: null }> {
  try {
    const answer = await api<T>(gateway(), pathname, options);
    if (RETRYABLE(answer.status)) failures.push({ what, status: answer.status, at: Date.now() });
    return answer;
  } catch {
    failures.push({ what, status: 0, at: Date.now() });
    return { status: 0, body: null };
  }
}

describe('the fault run on the scaled stack', () => {
  let bot: http.Server;
  const botDeliveries: string[] = [];
  let token: string;

  beforeAll(async () => {
    bot = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        botDeliveries.push(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    token = (await api<{ token: string }>(gateway(), '/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } })).body.token;
    const saved = await api(gateway(), '/api/webhook-config', {
      method: 'POST',
      token,
      body: { webhookUrl: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/bot` },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => bot.close(() => resolve())));

  it('loses nothing it acknowledged, overbooks nothing, and fails only requests in flight at a kill', async () => {
    const capacity = (await api<Settings>(gateway(), '/api/settings/clinic', { token })).body.maxSessionsPerSlot;
    const [treatment] = (await api<Treatment[]>(gateway(), '/api/treatments?offering=clinic')).body;
    const hours = (await api<OfficeHours[]>(gateway(), '/api/office-hours/clinic')).body;
    const slots: PlannedSlot[] = planSlots(hours, manilaDateInDays, 500 + Math.floor(Math.random() * 2000), 400);

    const failures: Failure[] = [];
    const unexpected: Unexpected[] = [];
    const booked: { id: string; email: string; at: number }[] = [];
    const messages: { id: string; conversationId: string }[] = [];
    const signUps: string[] = [];
    let stopping = false;
    let attempted = 0;
    const runTag = Date.now().toString(36);

    /** Retries what never got an answer, as the web app's user would press again; a booking keeps its Idempotency-Key. */
    async function withRetries<T>(attempt: () => Promise<ApiAnswer<T> | { status: 0; body: null }>) {
      let answer = await attempt();
      for (let i = 0; i < 5 && RETRYABLE(answer.status); i++) {
        await sleep(300);
        answer = await attempt();
      }
      return answer;
    }

    const bookOne = async (slot: PlannedSlot, visitor: string) => {
      const email = `fault-${runTag}-${visitor}@example.com`;
      const key = `fault-${runTag}-${visitor}`;
      const body = {
        firstName: 'Fault',
        lastName: visitor,
        email,
        contact: uniquePhone(),
        preferredDate: slot.date,
        preferredTime: slot.time,
        treatments: [treatment.id],
        offeringType: 'clinic',
      };
      attempted += 1;
      const answer = await withRetries(() =>
        call<BookedAppointment>('booking', '/api/appointments', { method: 'POST', body, headers: { 'idempotency-key': key } }, failures),
      );
      if (answer.status === 201 && answer.body) booked.push({ id: answer.body.id, email, at: Date.now() });
      else if (answer.status !== 409) unexpected.push({ what: 'booking', status: answer.status, body: answer.body });
    };
    const bookings = async () => {
      for (let i = 0; !stopping && i < slots.length; i++) await Promise.all([bookOne(slots[i], `${i}a`), bookOne(slots[i], `${i}b`)]);
    };
    const chat = async () => {
      const conversation = await withRetries(() =>
        call<Conversation>(
          'conversation',
          '/api/conversations',
          { method: 'POST', body: { customerName: 'Fault Visitor', customerEmail: `chat-${runTag}@example.com`, offeringType: 'clinic' } },
          failures,
        ),
      );
      if (conversation.status !== 201 || !conversation.body) throw new Error(`no conversation: ${conversation.status}`);
      const conversationId = conversation.body.id;
      for (let n = 0; !stopping; n++) {
        const body = { conversationId, senderType: 'customer', senderName: 'Fault Visitor', offeringType: 'clinic', content: `message ${n}` };
        // A message that got no answer is not retried: the visitor sees it failed (it may or may not be stored).
        const answer = await call<ChatMessage>('message', '/api/messages', { method: 'POST', body }, failures);
        if (answer.status === 201 && answer.body) messages.push({ id: answer.body.id, conversationId });
        else if (!RETRYABLE(answer.status)) unexpected.push({ what: 'message', status: answer.status, body: answer.body });
      }
    };
    const newsletter = async () => {
      for (let n = 0; !stopping; n++) {
        const email = `reader-${runTag}-${n}@example.com`;
        const answer = await withRetries(() => call('sign-up', '/api/email-subscribers', { method: 'POST', body: { email } }, failures));
        if (answer.status === 201) signUps.push(email);
        else unexpected.push({ what: 'sign-up', status: answer.status, body: answer.body });
      }
    };
    const browsing = async () => {
      for (let n = 0; !stopping; n++) {
        const slot = slots[n % slots.length];
        for (const pathname of [
          '/api/treatments?offering=clinic',
          `/api/available-slots?offeringType=clinic&date=${slot.date}&treatmentId=${treatment.id}`,
          '/api/news',
        ]) {
          const answer = await call('read', pathname, {}, failures);
          if (answer.status !== 200 && !RETRYABLE(answer.status)) unexpected.push({ what: `read ${pathname}`, status: answer.status, body: answer.body });
        }
      }
    };

    const kills: { what: string; at: number }[] = [];
    const started = Date.now();
    const load = Promise.all([bookings(), chat(), newsletter(), browsing()]);
    await sleep(4000);
    kills.push({ what: 'one process of every service', at: Date.now() });
    const serviceKills = ['auth-2', 'catalog-2', 'booking-2', 'chat-2', 'subscribers-2', 'notifications-2'];
    await Promise.all(serviceKills.map((name) => control(`/components/${name}/kill`)));
    await sleep(3000);
    kills.push({ what: 'one gateway', at: Date.now() });
    await control('/components/gateway-2/kill');
    await sleep(3000);
    const brokerNodeDown = Date.now();
    kills.push({ what: 'one RabbitMQ node', at: brokerNodeDown });
    await control('/infrastructure/rabbitmq/2/kill');
    await sleep(4000);
    const restartBegan = Date.now();
    await Promise.all([...serviceKills, 'gateway-2'].map((name) => control(`/components/${name}/start`)));
    await control('/infrastructure/rabbitmq/2/start');
    const brokerNodeBack = Date.now();
    const restartSeconds = (brokerNodeBack - restartBegan) / 1000;
    await sleep(4000);
    stopping = true;
    await load;
    const loadSeconds = (Date.now() - started) / 1000;

    // The node is a member of the cluster again.
    expect((JSON.parse(rabbitctl('cluster_status', '--formatter', 'json')) as { running_nodes: string[] }).running_nodes).toHaveLength(3);
    expect(unexpected).toEqual([]);

    // Every acknowledged booking is stored, and no 30-minute block holds more than capacity.
    const appointments = (await api<Appointment[]>(gateway(), '/api/appointments', { token })).body;
    const stored = new Set(appointments.map((a) => a.id));
    expect(booked.filter((b) => !stored.has(b.id))).toEqual([]);
    const dates = new Set(slots.map((s) => s.date));
    const perBlock = new Map<number, number>();
    for (const a of appointments.filter((x) => dates.has(x.preferredDate) && x.status !== 'cancelled' && x.startTime && x.endTime)) {
      for (let t = Date.parse(a.startTime as string); t < Date.parse(a.endTime as string); t += BLOCK_MS) perBlock.set(t, (perBlock.get(t) ?? 0) + 1);
    }
    expect([...perBlock.values()].filter((n) => n > capacity)).toEqual([]);

    // Every booking's confirmation left, those made while a broker node was away included.
    const duringNodeOutage = booked.filter((b) => b.at >= brokerNodeDown && b.at <= brokerNodeBack);
    expect(duringNodeOutage.length).toBeGreaterThan(0);
    const confirmations = await waitFor(
      'a confirmation for every booking',
      async () => {
        const counts = await Promise.all(
          booked.map(async (b) => (await mailpit.messagesTo(b.email)).filter((m) => /request received/i.test(m.Subject)).length),
        );
        return counts.every((n) => n >= 1) && counts;
      },
      90_000,
      1000,
    );

    // Every acknowledged message is in its conversation, and reached the bot.
    const conversationIds = [...new Set(messages.map((m) => m.conversationId))];
    const threads = await Promise.all(
      conversationIds.map(async (id) => (await api<ChatMessage[]>(gateway(), `/api/conversations/${id}/messages`)).body.map((m) => m.id)),
    );
    const inThreads = new Set(threads.flat());
    expect(messages.filter((m) => !inThreads.has(m.id))).toEqual([]);
    await waitFor('a bot delivery for every message', () => messages.every((m) => botDeliveries.some((d) => d.includes(m.id))), 90_000, 500);

    // Every acknowledged sign-up is on the list.
    const subscribers = new Set((await api<Subscriber[]>(gateway(), '/api/email-subscribers', { token })).body.map((s) => s.email));
    expect(signUps.filter((email) => !subscribers.has(email))).toEqual([]);

    // Failures only around a kill: a request in flight when its process died.
    const IN_FLIGHT_MS = 5000;
    const outsideKills = failures.filter((f) => !kills.some((k) => f.at >= k.at - 100 && f.at <= k.at + IN_FLIGHT_MS));
    expect(outsideKills).toEqual([]);

    const report = {
      loadSeconds,
      restartSeconds,
      bookings: {
        acknowledged: booked.length,
        duringBrokerNodeOutage: duringNodeOutage.length,
        refusedFull: attempted - booked.length,
        confirmations: confirmations.reduce((sum, n) => sum + n, 0),
      },
      messages: { acknowledged: messages.length, botDeliveries: botDeliveries.filter((d) => messages.some((m) => d.includes(m.id))).length },
      signUps: signUps.length,
      failures: Object.fromEntries(
        kills.map((k) => [k.what, failures.filter((f) => f.at >= k.at - 100 && f.at <= k.at + IN_FLIGHT_MS).map((f) => `${f.what} ${f.status}`)]),
      ),
    };
    fs.writeFileSync(path.join(requireEnv('BB_LOG_DIR'), 'fault-run.json'), JSON.stringify(report, null, 2));
    console.log(`[fault run] ${JSON.stringify(report)}`);
  });
});
