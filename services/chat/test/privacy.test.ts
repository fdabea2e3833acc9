import type { ChatMessage, Conversation } from '@bb/contracts';
import { retentionOf } from '@bb/service-kit';
import { privacyProbe, waitFor } from '@bb/service-kit/testing';
import { expireTranscripts } from '../src/store/privacy';
import { client, startChat, type ChatHarness } from './harness';

let chat: ChatHarness;
let api: ReturnType<typeof client>;
let probe: Awaited<ReturnType<typeof privacyProbe>>;

beforeAll(async () => {
  chat = await startChat('chat_privacy');
  api = client(chat.url);
  probe = await privacyProbe(chat.exchange, 'chat');
});
afterAll(async () => {
  await probe.close();
  await chat.close();
});

async function conversationOf(customerName: string, customerEmail: string, lines: string[]): Promise<string> {
  const started = await api.post<Conversation>('/api/conversations', { customerName, customerEmail, offeringType: 'clinic' });
  expect(started.status).toBe(201);
  for (const content of lines) {
    const said = await api.post<ChatMessage>('/api/messages', {
      conversationId: started.json.id,
      senderType: 'customer',
      senderName: customerName,
      content,
      offeringType: 'clinic',
    });
    expect(said.status).toBe(201);
  }
  const reply = await api.post<ChatMessage>(
    '/api/messages',
    { conversationId: started.json.id, senderType: 'csr', senderName: 'Joy', content: `We can help, ${customerName.split(' ')[0]}`, offeringType: 'clinic' },
    { token: chat.token },
  );
  expect(reply.status).toBe(201);
  return started.json.id;
}

describe("a person's conversations", () => {
  it('are answered to an access request by address in any case, with every message, and nobody else', async () => {
    const hers = await conversationOf('Tess Lim', 'Tess.Lim@Example.com', ['Is the peel safe for melasma?']);
    await conversationOf('Uma Diaz', 'uma@example.com', ['Hello']);
    const records = await probe.access({ email: 'tess.lim@example.com' });
    expect(records.conversations).toEqual([expect.objectContaining({ id: hers, customerName: 'Tess Lim', customerEmail: 'Tess.Lim@Example.com' })]);
    expect(records['chat-messages'].map((m) => [m.senderType, m.content])).toEqual([
      ['customer', 'Is the peel safe for melasma?'],
      ['csr', 'We can help, Tess'],
    ]);
  });

  it('are redacted by an erasure: every text, her name and address; staff names stay; again changes nothing', async () => {
    const hers = await chat.models.Conversation.findOne({ customerEmail: 'Tess.Lim@Example.com' }).lean();
    const other = await chat.models.Conversation.findOne({ customerEmail: 'uma@example.com' }).lean();
    expect(await probe.erase({ email: 'TESS.LIM@example.com' })).toEqual({ conversations: 1 });

    const erased = await chat.models.Conversation.findById(hers!._id).lean();
    expect(erased).toMatchObject({ customerName: 'Erased customer', customerEmail: 'erased', lastMessagePreview: '[redacted]', messageCount: 2 });
    expect(erased!.messages.map((m) => [m.senderName, m.content])).toEqual([
      ['Erased customer', '[redacted]'],
      ['Joy', '[redacted]'],
    ]);
    const text = JSON.stringify(await chat.models.Conversation.find().lean()).toLowerCase();
    expect(text).not.toContain('tess');
    expect(text).not.toContain('melasma');
    // Her neighbour is untouched; its outbox fields are the relay's to change meanwhile, so they are left out.
    const withoutOutbox = (conversation: typeof other) =>
      Object.fromEntries(Object.entries(conversation ?? {}).filter(([field]) => !field.startsWith('outbox')));
    expect(withoutOutbox(await chat.models.Conversation.findById(other!._id).lean())).toEqual(withoutOutbox(other));

    expect(await probe.erase({ email: 'tess.lim@example.com' })).toEqual({ conversations: 0 });
    expect(await probe.access({ email: 'tess.lim@example.com' })).toEqual({ conversations: [], 'chat-messages': [] });
  });
});

describe('retention', () => {
  it('erases the conversations quiet for longer than chatMonths, once, and leaves the others', async () => {
    const quiet = await conversationOf('Vera Old', 'vera.old@example.com', ['From long ago']);
    const recent = await conversationOf('Walt New', 'walt.new@example.com', ['Just now']);
    await chat.models.Conversation.updateOne({ _id: quiet }, { $set: { updatedAt: new Date('2020-01-01T00:00:00Z') } });
    expect(await expireTranscripts(chat.models, new Date())).toBe(0);
    await probe.retention({ chatMonths: 6, customerMonths: null }, 1);
    await waitFor('the setting kept', async () => (await retentionOf(chat.models.RetentionCopy)).chatMonths === 6);

    expect(await expireTranscripts(chat.models, new Date())).toBe(1);
    expect(await chat.models.Conversation.findById(quiet).lean()).toMatchObject({ customerEmail: 'erased', lastMessagePreview: '[redacted]' });
    expect(await chat.models.Conversation.findById(recent).lean()).toMatchObject({ customerEmail: 'walt.new@example.com' });
    expect(await expireTranscripts(chat.models, new Date())).toBe(0);
  });
});
