// The running chat service delivers customer messages to the bot and takes its reply. It runs
// with the serial tests because it points the one webhook URL of the stack at its own bot,
// which a test running beside it (the Chat API screen's) also sets.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, Conversation, WebhookConfig, WebhookPayload } from '@bb/contracts';
import { adminToken, requireEnv, waitFor } from '@bb/service-kit/testing';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const gateway = () => requireEnv('GATEWAY_URL');
const staff = () => adminToken({ secret: requireEnv('JWT_SECRET') });
const send = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(gateway() + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
};

let bot: http.Server;
const received: Received[] = [];
beforeAll(async () => {
  bot = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => bot.close(() => resolve())));

describe('the chat bot webhook on the running stack', () => {
  it('receives a signed customer message and answers it into the conversation', async () => {
    const url = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/bot`;
    const saved = await send<WebhookConfig>('/api/webhook-config', { webhookUrl: url }, { authorization: `Bearer ${staff()}` });
    expect(saved.status).toBe(200);
    const { webhookSecret, replySecret } = saved.body;

    const { body: conversation } = await send<Conversation>('/api/conversations', {
      customerName: 'Bot Tester',
      customerEmail: 'bot.tester@example.com',
      offeringType: 'clinic',
    });
    const { body: question } = await send<ChatMessage>('/api/messages', {
      conversationId: conversation.id,
      senderType: 'customer',
      senderName: 'Bot Tester',
      content: 'Are you a bot?',
    });
    const delivery = await waitFor('the delivery', () => received.find((r) => r.body.includes(question.id)), 10_000);

    const payload = JSON.parse(delivery.body) as WebhookPayload;
    expect(payload).toMatchObject({
      type: 'message',
      conversationId: conversation.id,
      secret: webhookSecret,
      message: { id: question.id, content: 'Are you a bot?', senderType: 'customer' },
    });
    expect(delivery.headers['x-webhook-secret']).toBe(webhookSecret);
    const key = Buffer.from(webhookSecret.replace(/^whsec_/, ''), 'base64');
    const mac = createHmac('sha256', key)
      .update(`${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`)
      .digest('base64');
    expect(delivery.headers['webhook-signature']).toBe(`v1,${mac}`);

    const answer = await send<ChatMessage>(
      '/api/webhook/reply',
      { conversationId: payload.conversationId, content: 'Yes, a friendly one.', senderName: 'Clinic Bot' },
      { 'x-webhook-secret': replySecret },
    );
    expect(answer.status).toBe(201);
    const thread = (await (await fetch(`${gateway()}/api/conversations/${conversation.id}/messages?after=${question.id}`)).json()) as ChatMessage[];
    expect(thread).toMatchObject([{ senderType: 'csr', senderName: 'Clinic Bot', content: 'Yes, a friendly one.' }]);
  });
});
