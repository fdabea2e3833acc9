// The chat widget's and the console's calls through the gateway, against the running stack.
import type { ApiError, ChatMessage, Conversation, ConversationSummary, WebhookConfig } from '@bb/contracts';
import { adminToken, api as callApi, requireEnv, type ApiOptions, waitFor } from '@bb/service-kit/testing';

const gateway = () => requireEnv('GATEWAY_URL');
const staff = () => adminToken({ secret: requireEnv('JWT_SECRET') });

async function api<T = ApiError>(path: string, options: ApiOptions = {}) {
  const answer = await callApi<T>(gateway(), path, options);
  return { ...answer, etag: answer.headers.get('etag') };
}

const start = async () => {
  const res = await api<Conversation>('/api/conversations', {
    method: 'POST',
    body: { customerName: 'System Visitor', customerEmail: 'system.visitor@example.com', offeringType: 'clinic' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
};
const post = (body: Record<string, unknown>, token?: string) =>
  api<ChatMessage>('/api/messages', { method: 'POST', body: { senderType: 'customer', senderName: 'System Visitor', offeringType: 'clinic', ...body }, token });

describe('chat through the gateway', () => {
  it('lets a visitor start a conversation, post, and poll cheaply with ?after= and If-None-Match', async () => {
    const id = await start();
    const hello = await post({ conversationId: id, content: 'Hello from the widget' });
    expect(hello.status).toBe(201);
    const path = `/api/conversations/${id}/messages?after=${hello.body.id}`;
    const empty = await api<ChatMessage[]>(path);
    expect(empty).toMatchObject({ status: 200, body: [] });
    expect((await api(path, { headers: { 'if-none-match': empty.etag! } })).status).toBe(304);

    const reply = await post({ conversationId: id, senderType: 'csr', senderName: '', content: 'Hello from the team' }, staff());
    expect(reply.body.senderName).toBe('Support Team');
    // With several chat processes the poll may meet one that hears of the reply a moment later:
    // the promise is the next poll (the widget polls every 1.5 s), so poll as it does, for 2 s at most.
    const fresh = await waitFor(
      'the reply in a poll',
      async () => {
        const answer = await api<ChatMessage[]>(path, { headers: { 'if-none-match': empty.etag! } });
        return answer.status !== 304 && answer;
      },
      2000,
      100,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.map((m) => m.content)).toEqual(['Hello from the team']);
  });

  it('refuses a visitor posting as csr without a token, and writes nothing', async () => {
    const id = await start();
    const res = await post({ conversationId: id, senderType: 'csr', content: 'pretending to be staff' });
    expect(res.status).toBe(401);
    expect((await api<ChatMessage[]>(`/api/conversations/${id}/messages`)).body).toEqual([]);
  });

  it('gives the console each conversation with its count, last sender and time', async () => {
    const id = await start();
    const said = await post({ conversationId: id, content: 'Console, do you see me?' });
    expect((await api('/api/conversations')).status).toBe(401);
    const list = await api<ConversationSummary[]>('/api/conversations', { token: staff() });
    expect(list.body.find((c) => c.id === id)).toMatchObject({
      messageCount: 1,
      lastSenderType: 'customer',
      lastMessageAt: said.body.createdAt,
      updatedAt: said.body.createdAt,
    });
  });

  it("takes the bot's reply with the reply secret and refuses it with a wrong or missing one", async () => {
    const id = await start();
    const { replySecret } = (await api<WebhookConfig>('/api/webhook-config', { token: staff() })).body;
    const reply = (secret?: string) =>
      api<ChatMessage>('/api/webhook/reply', {
        method: 'POST',
        body: { conversationId: id, content: 'Bot here' },
        headers: secret === undefined ? {} : { 'x-webhook-secret': secret },
      });
    expect((await reply()).status).toBe(401);
    expect((await reply('wrong-secret')).status).toBe(401);
    expect((await api<ChatMessage[]>(`/api/conversations/${id}/messages`)).body).toEqual([]);
    const ok = await reply(replySecret);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ senderType: 'csr', senderName: 'Support Team', content: 'Bot here' });
  });
});
