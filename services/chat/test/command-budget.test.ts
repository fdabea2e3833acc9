import type { ChatMessage, Conversation } from '@bb/contracts';
import { commandLedger, silentLogger } from '@bb/service-kit/testing';
import { ConversationStore } from '../src/store/conversation-store';
import { HeadCache } from '../src/store/head-cache';
import { client, startChat, type ChatHarness } from './harness';

// Database commands per chat operation, counted with the driver's command monitoring; the
// outbox's periodic pass is set an hour apart, so only the operation (and what it leaves to the
// background: its event, the bot delivery's look at the webhook configuration) counts.
let chat: ChatHarness;
let api: ReturnType<typeof client>;
const ledger = commandLedger(() => chat.conn);

beforeAll(async () => {
  chat = await startChat('chat_budget', { outboxSweepMs: 3_600_000, pollCacheTtlMs: 600_000 });
  api = client(chat.url);
  // The start's own commands (index builds) are over before anything is measured.
  await ledger.settle();
});
afterAll(async () => {
  console.log(ledger.report());
  await chat.close();
});

describe('database commands per chat operation', () => {
  it('start a conversation, send, and poll', async () => {
    let conversation!: Conversation;
    const started = await ledger.measure('start a conversation', async () => {
      conversation = (await api.post<Conversation>('/api/conversations', { customerName: 'Ana', customerEmail: 'ana@example.com' })).json;
    });
    expect(started.length).toBeLessThanOrEqual(BUDGET.start);

    let hello!: ChatMessage;
    const sent = await ledger.measure('send a message', async () => {
      hello = (await api.post<ChatMessage>('/api/messages', { conversationId: conversation.id, content: 'Hello' })).json;
    });
    expect(sent.length).toBeLessThanOrEqual(BUDGET.send);

    const path = (after: string) => `/api/conversations/${conversation.id}/messages?after=${after}`;
    const nothingNew = await ledger.measure('poll, nothing new', async () => expect((await api.get<ChatMessage[]>(path(hello.id))).json).toEqual([]));
    expect(nothingNew.length).toBeLessThanOrEqual(BUDGET.pollNothingNew);

    // A reply written through another replica: this one hears its event and reads the thread once.
    const otherReplica = new ConversationStore(chat.models, new HeadCache(600_000), chat.relay, silentLogger());
    await ledger.settle(() => otherReplica.append({ conversationId: conversation.id, senderType: 'csr', content: 'Hi Ana' }));
    const newer = await ledger.measure('poll, a new message', async () => expect((await api.get<ChatMessage[]>(path(hello.id))).json).toHaveLength(1));
    expect(newer.length).toBeLessThanOrEqual(BUDGET.pollNewMessage);

    const fresh = new ConversationStore(chat.models, new HeadCache(600_000), chat.relay, silentLogger());
    const firstPoll = await ledger.measure('poll, first on a replica', async () => expect(await fresh.messages(conversation.id, hello.id)).toHaveLength(1));
    expect(firstPoll.length).toBeLessThanOrEqual(BUDGET.pollFirstOnAReplica);

    const list = await ledger.measure('list conversations', async () => expect((await api.get('/api/conversations', { token: chat.token })).status).toBe(200));
    expect(list.length).toBeLessThanOrEqual(BUDGET.list);
  });
});

/**
 * The most each operation may send. Before issue 15's cuts: start 5, send 9 (the first with
 * the bot's configuration created: later ones 8), polls 0, 2 and 2, list 1.
 */
const BUDGET = {
  start: 3,
  send: 7,
  pollNothingNew: 0,
  pollNewMessage: 1,
  pollFirstOnAReplica: 1,
  list: 1,
};
