import { MAX_MESSAGES_PER_CONVERSATION, type ChatMessage, type Conversation, type ConversationSummary, type EventData } from '@bb/contracts';
import { commandsDuring, silentLogger, waitFor } from '@bb/service-kit/testing';
import { HeadCache } from '../src/store/head-cache';
import { ConversationStore } from '../src/store/conversation-store';
import { client, startChat, type ChatHarness } from './harness';

let chat: ChatHarness;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  chat = await startChat('chat_conv');
  api = client(chat.url);
});
afterAll(() => chat.close());

const startConversation = async (customerName = 'Ana Cruz', offeringType = 'clinic') => {
  const res = await api.post<Conversation>('/api/conversations', { customerName, customerEmail: 'ana@example.com', offeringType });
  expect(res.status).toBe(201);
  return res.json;
};
const say = async (conversationId: string, content: string, extra: Record<string, unknown> = {}, token?: string) =>
  api.post<ChatMessage>(
    '/api/messages',
    { conversationId, senderType: 'customer', senderName: 'Ana Cruz', content, offeringType: 'clinic', ...extra },
    { token },
  );

describe('starting a conversation', () => {
  it('answers 201 with an unguessable id and publishes chat.conversation.started', async () => {
    const conversation = await startConversation('Bea Santos', 'studio');
    expect(conversation.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(conversation).toMatchObject({ customerName: 'Bea Santos', customerEmail: 'ana@example.com', offeringType: 'studio' });
    const event = await waitFor('conversation started event', () =>
      chat.events.find((e) => e.type === 'chat.conversation.started' && (e.data as EventData<'chat.conversation.started'>).conversationId === conversation.id),
    );
    expect(event.data).toEqual({
      conversationId: conversation.id,
      customerName: 'Bea Santos',
      customerEmail: 'ana@example.com',
      offeringType: 'studio',
      createdAt: conversation.createdAt,
    });
  });

  it('needs a non-blank name and an e-mail address, and says which is missing', async () => {
    for (const [body, field] of [
      [{ customerName: '   ', customerEmail: 'a@b.c' }, 'customerName'],
      [{ customerEmail: 'a@b.c' }, 'customerName'],
      [{ customerName: 'Ana', customerEmail: '  ' }, 'customerEmail'],
      [{ customerName: 'Ana', customerEmail: 'not-an-address' }, 'customerEmail'],
      [{ customerName: 'Ana', customerEmail: 'a@b.c', offeringType: 'spa' }, 'offeringType'],
    ] as const) {
      const res = await api.post('/api/conversations', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(field);
    }
  });
});

describe('messages of a conversation', () => {
  it('are listed oldest first, and ?after= returns only newer ones', async () => {
    const { id } = await startConversation();
    const first = (await say(id, 'Hello')).json;
    const second = (await say(id, 'Do you have slots tomorrow?')).json;
    const reply = (await say(id, 'Yes, at 10:00.', { senderType: 'csr', senderName: undefined }, chat.token)).json;

    const all = await api.get<ChatMessage[]>(`/api/conversations/${id}/messages`);
    expect(all.status).toBe(200);
    expect(all.json.map((m) => m.content)).toEqual(['Hello', 'Do you have slots tomorrow?', 'Yes, at 10:00.']);
    expect(all.json[0]).toEqual(first);
    expect(reply).toMatchObject({ senderType: 'csr', senderName: 'Support Team', conversationId: id });

    const newer = await api.get<ChatMessage[]>(`/api/conversations/${id}/messages?after=${first.id}`);
    expect(newer.json.map((m) => m.id)).toEqual([second.id, reply.id]);
    expect((await api.get<ChatMessage[]>(`/api/conversations/${id}/messages?after=${reply.id}`)).json).toEqual([]);
  });

  it('answer a repeated poll with 304 and the same ETag until a message arrives', async () => {
    const { id } = await startConversation();
    const first = (await say(id, 'Hi')).json;
    const path = `/api/conversations/${id}/messages?after=${first.id}`;
    const empty = await api.get(path);
    const etag = empty.headers.get('etag');
    expect(empty.status).toBe(200);
    expect(etag).toBeTruthy();
    const again = await api.get(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.json).toBeUndefined();

    await say(id, 'Anyone there?');
    const changed = await api.get<ChatMessage[]>(path, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.json.map((m) => m.content)).toEqual(['Anyone there?']);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('of an unknown conversation are 404, and an after that is not in the thread is 400', async () => {
    expect((await api.get('/api/conversations/AAAAAAAAAAAAAAAAAAAAAA/messages')).status).toBe(404);
    const { id } = await startConversation();
    await say(id, 'Hi');
    const res = await api.get(`/api/conversations/${id}/messages?after=nope`);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/after/);
  });

  it('written at the same moment are all kept, each once, in one order every reader agrees on', async () => {
    const { id } = await startConversation();
    const first = (await say(id, 'start')).json;
    // A poller reading between the writes must still see every message exactly once.
    const seen: string[] = [];
    let after = first.id;
    const poll = async () => {
      const batch = (await api.get<ChatMessage[]>(`/api/conversations/${id}/messages?after=${after}`)).json;
      for (const m of batch) seen.push(m.content);
      if (batch.length) after = batch[batch.length - 1].id;
    };
    let writing = true;
    const writes = Promise.all(Array.from({ length: 20 }, (_, i) => say(id, `m${i}`, i % 2 ? { senderType: 'csr' } : {}, chat.token))).finally(() => {
      writing = false;
    });
    while (writing) await poll();
    await writes;
    await poll();
    expect(seen.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`).sort());
    const all = (await api.get<ChatMessage[]>(`/api/conversations/${id}/messages`)).json;
    expect(all).toHaveLength(21);
    const summary = (await api.get<ConversationSummary[]>('/api/conversations', { token: chat.token })).json.find((c) => c.id === id);
    expect(summary?.messageCount).toBe(21);
  });
});

describe('posting a message', () => {
  it('as a customer is public, publishes chat.message.created and bumps the summary', async () => {
    const { id, updatedAt } = await startConversation();
    await new Promise((r) => setTimeout(r, 5));
    const res = await say(id, '  What does a facial cost?  ', { senderName: '', offeringType: undefined });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      conversationId: id,
      senderType: 'customer',
      senderName: 'Ana Cruz',
      content: 'What does a facial cost?',
      offeringType: 'clinic',
    });
    const event = await waitFor('message event', () =>
      chat.events.find((e) => e.type === 'chat.message.created' && (e.data as EventData<'chat.message.created'>).messageId === res.json.id),
    );
    expect(event.data).toMatchObject({ conversationId: id, senderType: 'customer', content: 'What does a facial cost?' });

    const list = await api.get<ConversationSummary[]>('/api/conversations', { token: chat.token });
    const summary = list.json.find((c) => c.id === id)!;
    expect(summary).toMatchObject({
      messageCount: 1,
      lastSenderType: 'customer',
      lastSenderName: 'Ana Cruz',
      lastMessageAt: res.json.createdAt,
      lastMessagePreview: 'What does a facial cost?',
    });
    expect(summary.updatedAt > updatedAt).toBe(true);
  });

  it('as csr without a staff token is 401 and writes nothing', async () => {
    const { id } = await startConversation();
    for (const token of [undefined, 'not-a-token']) {
      const res = await say(id, 'I am support, honest', { senderType: 'csr' }, token);
      expect(res.status).toBe(401);
    }
    expect((await api.get<ChatMessage[]>(`/api/conversations/${id}/messages`)).json).toEqual([]);
  });

  it('as csr with a staff token is signed Support Team unless named', async () => {
    const { id } = await startConversation();
    const res = await say(id, 'Hello from the team', { senderType: 'csr', senderName: '' }, chat.token);
    expect(res.status).toBe(201);
    expect(res.json.senderName).toBe('Support Team');
  });

  it('needs non-blank content and an existing conversation', async () => {
    const { id } = await startConversation();
    const blank = await say(id, ' \n\t ');
    expect(blank.status).toBe(400);
    expect(blank.json.message).toContain('content');
    const unknown = await say('AAAAAAAAAAAAAAAAAAAAAA', 'Hi');
    expect(unknown.status).toBe(404);
    expect((await api.post('/api/messages', { conversationId: id, senderType: 'bot', content: 'x' })).status).toBe(400);
  });

  it('to a full conversation is 409 with a message the visitor can act on', async () => {
    const { id } = await startConversation();
    await chat.models.Conversation.updateOne({ _id: id }, { $set: { messageCount: MAX_MESSAGES_PER_CONVERSATION } });
    const res = await say(id, 'One more');
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/new conversation/);
  });
});

describe('the console list', () => {
  it('needs a staff token', async () => {
    expect((await api.get('/api/conversations')).status).toBe(401);
  });

  it('shows the most recently updated conversation first, without loading threads', async () => {
    const older = await startConversation('Older');
    const newer = await startConversation('Newer');
    await say(older.id, 'bump');
    const list = (await api.get<ConversationSummary[]>('/api/conversations', { token: chat.token })).json;
    const order = list.map((c) => c.id);
    expect(order.indexOf(older.id)).toBeLessThan(order.indexOf(newer.id));
    expect(list.find((c) => c.id === newer.id)).toMatchObject({ messageCount: 0, lastSenderType: null, lastMessageAt: null, lastMessagePreview: '' });
    expect(list[0]).not.toHaveProperty('messages');
  });
});

describe('polling from memory', () => {
  let fast: ChatHarness;
  let fastApi: ReturnType<typeof client>;
  beforeAll(async () => {
    fast = await startChat('chat_poll_cache', { pollCacheTtlMs: 500 });
    fastApi = client(fast.url);
  });
  afterAll(() => fast.close());

  it('answers a poll that finds nothing new without reading the database', async () => {
    const { id } = (await fastApi.post<Conversation>('/api/conversations', { customerName: 'Ana', customerEmail: 'ana@example.com' })).json;
    const { json: hello } = await fastApi.post<ChatMessage>('/api/messages', { conversationId: id, content: 'Hello' });
    // With the document gone only memory can answer; once the entry is stale it is read again
    // in the background, the database says it is gone, and the next poll gets 404.
    await fast.models.Conversation.deleteOne({ _id: id });
    const path = `/api/conversations/${id}/messages?after=${hello.id}`;
    expect((await fastApi.get<ChatMessage[]>(path)).json).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    await waitFor('the re-read to notice', async () => (await fastApi.get(path)).status === 404, 2000, 50);
  });

  it('shows a message written through another replica within the TTL', async () => {
    const { id } = (await fastApi.post<Conversation>('/api/conversations', { customerName: 'Ana', customerEmail: 'ana@example.com' })).json;
    const { json: hello } = await fastApi.post<ChatMessage>('/api/messages', { conversationId: id, content: 'Hello' });
    const path = `/api/conversations/${id}/messages?after=${hello.id}`;
    expect((await fastApi.get<ChatMessage[]>(path)).json).toEqual([]);
    const otherReplica = new ConversationStore(fast.models, new HeadCache(500), fast.relay, silentLogger());
    await otherReplica.append({ conversationId: id, senderType: 'csr', content: 'Answered elsewhere' });
    const seen = await waitFor(
      'the other replica’s message',
      async () => {
        const batch = (await fastApi.get<ChatMessage[]>(path)).json;
        return batch.length > 0 && batch;
      },
      2000,
      50,
    );
    expect(seen.map((m) => m.content)).toEqual(['Answered elsewhere']);
  });
});

describe('polling across replicas', () => {
  let slow: ChatHarness;
  let slowApi: ReturnType<typeof client>;
  beforeAll(async () => {
    // A TTL of ten minutes: only the message's event can explain a poll that sees it sooner.
    slow = await startChat('chat_poll_events', { pollCacheTtlMs: 600_000, outboxSweepMs: 3_600_000 });
    slowApi = client(slow.url);
  });
  afterAll(() => slow.close());

  it('shows a message written through another replica as soon as its event arrives', async () => {
    const { id } = (await slowApi.post<Conversation>('/api/conversations', { customerName: 'Ana', customerEmail: 'ana@example.com' })).json;
    const { json: hello } = await slowApi.post<ChatMessage>('/api/messages', { conversationId: id, content: 'Hello' });
    const path = `/api/conversations/${id}/messages?after=${hello.id}`;
    expect((await slowApi.get<ChatMessage[]>(path)).json).toEqual([]);
    const otherReplica = new ConversationStore(slow.models, new HeadCache(600_000), slow.relay, silentLogger());
    await otherReplica.append({ conversationId: id, senderType: 'csr', content: 'Answered elsewhere' });
    const seen = await waitFor(
      'the other replica’s message',
      async () => {
        const batch = (await slowApi.get<ChatMessage[]>(path)).json;
        return batch.length > 0 && batch;
      },
      3000,
      50,
    );
    expect(seen.map((m) => m.content)).toEqual(['Answered elsewhere']);
    // Its own message's event leaves the head this replica recorded in place: polls stay in memory.
    const { json: again } = await slowApi.post<ChatMessage>('/api/messages', { conversationId: id, content: 'Thanks' });
    await new Promise((r) => setTimeout(r, 300));
    const polls = await commandsDuring(slow.conn, () => slowApi.get(`/api/conversations/${id}/messages?after=${again.id}`), 100);
    expect(polls).toEqual([]);
  });
});
