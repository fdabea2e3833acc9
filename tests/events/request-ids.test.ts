// A request's id follows it into the events it causes, so one visitor's booking or chat can be
// traced from the gateway log through every consumer's log.
import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel } from 'amqplib';
import type { Envelope } from '@bb/contracts';
import { requireEnv, waitFor } from '@bb/service-kit/testing';

const seen: Envelope[] = [];
let connection: ChannelModel;

// A private, exclusive queue bound before any request is sent: it sees every chat event.
beforeAll(async () => {
  connection = await amqp.connect(requireEnv('AMQP_URL'));
  const channel = await connection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const type of ['chat.conversation.started', 'chat.message.created']) await channel.bindQueue(queue, 'bb.events', type);
  await channel.consume(queue, (msg) => msg && seen.push(JSON.parse(msg.content.toString('utf8')) as Envelope), { noAck: true });
});
afterAll(() => connection.close());

const post = (path: string, body: unknown, requestId?: string) =>
  fetch(`${requireEnv('GATEWAY_URL')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
    body: JSON.stringify(body),
  });

/** The event of that type about the conversation, once the queue has had it. */
const eventOf = (type: string, conversationId: string) =>
  waitFor(
    `the ${type.replace('chat.', '')} event`,
    () => seen.find((e) => e.type === type && (e.data as { conversationId: string }).conversationId === conversationId),
    10_000,
    100,
  );

describe('request ids in events', () => {
  it("carries the caller's x-request-id into the events of a chat, and answers with it", async () => {
    const startId = `trace-${randomUUID()}`;
    const started = await post(
      '/api/conversations',
      { customerName: 'Traced Visitor', customerEmail: `traced-${randomUUID()}@example.com`, offeringType: 'clinic' },
      startId,
    );
    expect(started.status).toBe(201);
    expect(started.headers.get('x-request-id')).toBe(startId);
    const conversation = (await started.json()) as { id: string };

    const messageId = `trace-${randomUUID()}`;
    const sent = await post(
      '/api/messages',
      { conversationId: conversation.id, senderType: 'customer', senderName: 'Traced Visitor', content: 'Hello', offeringType: 'clinic' },
      messageId,
    );
    expect(sent.status).toBe(201);

    const startedEvent = await eventOf('chat.conversation.started', conversation.id);
    const messageEvent = await eventOf('chat.message.created', conversation.id);
    expect(startedEvent.correlationId).toBe(startId);
    expect(messageEvent.correlationId).toBe(messageId);
  });

  it('gives a request without an id one of its own, and its events carry that', async () => {
    const started = await post('/api/conversations', {
      customerName: 'Untraced Visitor',
      customerEmail: `untraced-${randomUUID()}@example.com`,
      offeringType: 'studio',
    });
    expect(started.status).toBe(201);
    const assigned = started.headers.get('x-request-id');
    expect(assigned).toMatch(/^[\w-]{8,100}$/);
    const conversation = (await started.json()) as { id: string };
    const event = await eventOf('chat.conversation.started', conversation.id);
    expect(event.correlationId).toBe(assigned);
  });
});
