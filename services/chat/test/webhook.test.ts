import type { ChatMessage, WebhookConfig, WebhookPayload, WebhookTestResult } from '@bb/contracts';
import { adminToken, waitFor } from '@bb/service-kit/testing';
import { WEBHOOK_CONFIG_ID } from '../src/models/webhook-config';
import { deadUrl, setUpWebhookChat, startBot, verifySignature } from './harness';

describe('webhook configuration', () => {
  let t: Awaited<ReturnType<typeof setUpWebhookChat>>;
  beforeAll(async () => {
    t = await setUpWebhookChat('chat_wh_config');
  });
  afterAll(() => t.chat.close());

  it('is for staff only', async () => {
    expect((await t.api.get('/api/webhook-config')).status).toBe(401);
    expect((await t.api.post('/api/webhook-config', { webhookUrl: 'http://x.test' })).status).toBe(401);
    expect((await t.api.post('/api/webhook-config/test', {})).status).toBe(401);
    expect((await t.api.get('/api/webhook-deliveries')).status).toBe(401);
  });

  it('starts with no URL, server-made secrets that stay the same, and a pending test', async () => {
    const first = await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ webhookUrl: '', testStatus: 'pending', lastTestAt: null });
    expect(first.json.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(first.json.replySecret).toMatch(/^rsec_/);
    const second = await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token });
    expect(second.json).toEqual(first.json);
  });

  it('stores the secrets sealed, never as they are shown', async () => {
    const shown = (await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json;
    const stored = JSON.stringify(await t.chat.models.WebhookConfig.findById(WEBHOOK_CONFIG_ID).lean());
    expect(stored).not.toContain(shown.webhookSecret.slice(6));
    expect(stored).not.toContain(shown.replySecret);
  });

  it('refuses an empty or non-http(s) URL with the spec message', async () => {
    const empty = await t.api.post('/api/webhook-config', { webhookUrl: '  ' }, { token: t.token });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Please enter a webhook URL.');
    for (const webhookUrl of ['ftp://bot.example.com/hook', 'javascript:alert(1)', 'not a url']) {
      const res = await t.api.post('/api/webhook-config', { webhookUrl }, { token: t.token });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Please enter a valid http or https URL.');
    }
  });

  it("answers a test before any URL is saved with success false and 'Please save your configuration before testing.'", async () => {
    const res = await t.api.post<WebhookTestResult>('/api/webhook-config/test', {}, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, message: 'Please save your configuration before testing.' });
    expect((await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json.testStatus).toBe('pending');
  });

  it('records a change of the URL in the audit trail, without its query, and nothing when it stays the same', async () => {
    const manager = adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' });
    const save = (webhookUrl: string) => t.api.post('/api/webhook-config', { webhookUrl }, { token: manager, headers: { 'x-client-address': '203.0.113.9' } });
    const audits = () => t.chat.events.filter((event) => event.type === 'audit.recorded');
    expect((await save('https://bot.example.com/hook?token=abc')).status).toBe(200);
    await waitFor('the audit entry', () => audits().length > 0);
    expect((await save('https://bot.example.com/hook?token=abc')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(audits()).toHaveLength(1);
    expect(audits()[0].source).toBe('chat');
    expect(audits()[0].data).toEqual({
      action: 'webhook-changed',
      actor: { id: 'u-mia', username: 'mia', role: 'manager' },
      subject: 'chat webhook URL',
      before: 'none',
      after: 'https://bot.example.com/hook',
      address: '203.0.113.9',
      at: expect.any(String),
    });
    expect(JSON.stringify(audits())).not.toContain('token=abc');
  });

  it('tests a saved URL now: a signed test payload, success and the time recorded', async () => {
    const bot = await startBot(() => 204);
    try {
      const saved = await t.configure(bot.url);
      expect(saved.webhookUrl).toBe(bot.url);
      const res = await t.api.post<WebhookTestResult>('/api/webhook-config/test', {}, { token: t.token });
      expect(res.json.success).toBe(true);
      expect(res.json.message).toMatch(/HTTP 204/);
      expect(bot.received).toHaveLength(1);
      const payload = JSON.parse(bot.received[0].body) as WebhookPayload;
      expect(payload).toMatchObject({ type: 'test', secret: saved.webhookSecret });
      expect(verifySignature(bot.received[0], saved.webhookSecret)).toBe(true);
      const after = (await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json;
      expect(after.testStatus).toBe('success');
      expect(Date.now() - Date.parse(after.lastTestAt!)).toBeLessThan(10_000);
    } finally {
      await bot.close();
    }
  });

  it('records a failed test with the reason, and a new URL goes back to pending', async () => {
    const bot = await startBot(() => 500);
    try {
      await t.configure(bot.url);
      const res = await t.api.post<WebhookTestResult>('/api/webhook-config/test', {}, { token: t.token });
      expect(res.json).toEqual({ success: false, message: 'The webhook test failed: HTTP 500.' });
      expect((await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json.testStatus).toBe('failed');
      const moved = await t.configure(`${bot.url}/v2`);
      expect(moved).toMatchObject({ testStatus: 'pending', lastTestAt: null });
    } finally {
      await bot.close();
    }
  });

  it('reports an unreachable URL as a failed test, not an error', async () => {
    await t.configure(await deadUrl());
    const res = await t.api.post<WebhookTestResult>('/api/webhook-config/test', {}, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(/could not connect: ECONNREFUSED/);
  });
});

describe('delivery of customer messages to the bot', () => {
  let t: Awaited<ReturnType<typeof setUpWebhookChat>>;
  beforeAll(async () => {
    t = await setUpWebhookChat('chat_wh_deliver', { retryDelaysMs: [100, 100, 100, 100], timeoutMs: 500 });
  });
  afterAll(() => t.chat.close());

  it('POSTs every customer message with the documented payload, the secret header and a signature the bot verifies', async () => {
    const bot = await startBot();
    try {
      const { webhookSecret } = await t.configure(bot.url);
      const id = await t.conversation();
      const sent = [await t.say(id, 'Hello'), await t.say(id, 'Is Saturday open?')];
      await t.api.post('/api/messages', { conversationId: id, senderType: 'csr', content: 'Staff answer, not for the bot' }, { token: t.token });
      await waitFor('both deliveries', () => bot.received.length >= 2);
      await new Promise((r) => setTimeout(r, 300));
      expect(bot.received).toHaveLength(2);
      const bodies = bot.received.map((r) => JSON.parse(r.body) as WebhookPayload);
      for (const message of sent) {
        expect(bodies.find((b) => b.message.id === message.id)).toEqual({
          type: 'message',
          conversationId: id,
          message: { id: message.id, content: message.content, senderType: 'customer', senderName: 'Ana Cruz', timestamp: message.createdAt },
          secret: webhookSecret,
        });
      }
      for (const req of bot.received) {
        expect(req.headers['content-type']).toBe('application/json');
        expect(req.headers['x-webhook-secret']).toBe(webhookSecret);
        expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
        expect(verifySignature(req, webhookSecret)).toBe(true);
      }
      const log = await waitFor('log rows', async () => {
        const rows = (await t.deliveries()).filter((d) => d.conversationId === id);
        return rows.length === 2 && rows;
      });
      expect(log.every((d) => d.outcome === 'success' && d.attempt === 1 && d.httpStatus === 200 && d.url === bot.url)).toBe(true);
    } finally {
      await bot.close();
    }
  });

  it('retries a bot that fails the first 3 attempts: the 4th arrives with the same webhook-id and the log shows 4 attempts', async () => {
    const bot = await startBot((n) => (n <= 3 ? 503 : 200));
    try {
      const { webhookSecret } = await t.configure(bot.url);
      const message = await t.say(await t.conversation(), 'Please call me back');
      const rows = await waitFor('a successful attempt', async () => {
        const mine = (await t.deliveries()).filter((d) => d.messageId === message.id);
        return mine.some((d) => d.outcome === 'success') && mine;
      });
      // The schedule allows a 5th attempt: make sure none comes after the success.
      await new Promise((r) => setTimeout(r, 400));
      expect(bot.received).toHaveLength(4);
      const ids = new Set(bot.received.map((r) => r.headers['webhook-id']));
      expect(ids.size).toBe(1);
      expect(bot.received.every((r) => verifySignature(r, webhookSecret))).toBe(true);
      const attempts = (await t.deliveries()).filter((d) => d.messageId === message.id).sort((a, b) => a.attempt - b.attempt);
      expect(attempts.map((d) => [d.attempt, d.outcome, d.httpStatus])).toEqual([
        [1, 'retrying', 503],
        [2, 'retrying', 503],
        [3, 'retrying', 503],
        [4, 'success', 200],
      ]);
      expect(rows.every((d) => d.deliveryId === attempts[0].deliveryId)).toBe(true);
    } finally {
      await bot.close();
    }
  });

  it('ends as failed in the log when the bot is down for the whole schedule, and the service carries on', async () => {
    await t.configure(await deadUrl());
    const message = await t.say(await t.conversation(), 'Anyone?');
    const attempts = await waitFor(
      'the last attempt',
      async () => {
        const mine = (await t.deliveries()).filter((d) => d.messageId === message.id);
        return mine.some((d) => d.outcome === 'failed') && mine.sort((a, b) => a.attempt - b.attempt);
      },
      15_000,
    );
    expect(attempts.map((d) => d.outcome)).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    expect(attempts.every((d) => d.httpStatus === null && /ECONNREFUSED/.test(d.error ?? ''))).toBe(true);

    // Still serving, still delivering once the bot is back.
    const bot = await startBot();
    try {
      await t.configure(bot.url);
      const next = await t.say(await t.conversation(), 'Back?');
      await waitFor('delivery after the outage', () => bot.received.some((r) => r.body.includes(next.id)));
    } finally {
      await bot.close();
    }
  });

  it('does not follow a redirect and gives up on a bot that does not answer within the timeout', async () => {
    const redirecting = await startBot(() => ({ redirect: 'http://127.0.0.1:1/elsewhere' }));
    const hanging = await startBot(() => 'hang');
    try {
      await t.configure(redirecting.url);
      const redirected = await t.say(await t.conversation(), 'redirect me');
      const first = await waitFor('redirect attempt', async () => (await t.deliveries()).find((d) => d.messageId === redirected.id && d.attempt === 1));
      expect(first).toMatchObject({ outcome: 'retrying', httpStatus: 302, error: 'HTTP 302: redirects are not followed' });

      await t.configure(hanging.url);
      const slow = await t.say(await t.conversation(), 'slow bot');
      const timedOut = await waitFor('timed-out attempt', async () => (await t.deliveries()).find((d) => d.messageId === slow.id && d.attempt === 1));
      expect(timedOut).toMatchObject({ outcome: 'retrying', httpStatus: null, error: 'no answer within 0.5 s' });
      expect(timedOut.durationMs).toBeGreaterThanOrEqual(450);
    } finally {
      await redirecting.close();
      await hanging.close();
    }
  });
});

describe('the bot replying', () => {
  let t: Awaited<ReturnType<typeof setUpWebhookChat>>;
  let replySecret: string;
  beforeAll(async () => {
    t = await setUpWebhookChat('chat_wh_reply');
    replySecret = (await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json.replySecret;
  });
  afterAll(() => t.chat.close());

  const reply = (body: unknown, secret?: string) =>
    t.api.post<ChatMessage>('/api/webhook/reply', body, { headers: secret === undefined ? {} : { 'x-webhook-secret': secret } });
  const thread = async (id: string) => (await t.api.get<ChatMessage[]>(`/api/conversations/${id}/messages`)).json;

  it('with the reply secret adds a csr message the visitor sees, signed Support Team unless named', async () => {
    const id = await t.conversation();
    const plain = await reply({ conversationId: id, content: 'Hi! How can we help?' }, replySecret);
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ conversationId: id, senderType: 'csr', senderName: 'Support Team', content: 'Hi! How can we help?' });
    const named = await reply({ conversationId: id, content: 'I am the booking bot.', senderName: 'Booking Bot' }, replySecret);
    expect(named.json.senderName).toBe('Booking Bot');
    expect((await thread(id)).map((m) => m.senderName)).toEqual(['Support Team', 'Booking Bot']);
  });

  it('with a wrong or missing secret is 401 and adds nothing, whatever the body', async () => {
    const id = await t.conversation();
    for (const secret of [
      undefined,
      '',
      'wrong',
      `${replySecret}x`,
      replySecret.slice(0, -1),
      (await t.api.get<WebhookConfig>('/api/webhook-config', { token: t.token })).json.webhookSecret,
    ]) {
      const res = await reply({ conversationId: id, content: 'Sneaky' }, secret);
      expect(res.status).toBe(401);
      expect(res.json.message).toMatch(/X-Webhook-Secret|webhook secret/);
      expect((await reply({ nonsense: true }, secret)).status).toBe(401);
    }
    expect(await thread(id)).toEqual([]);
  });

  it('with the secret but a bad body or an unknown conversation is 400 or 404', async () => {
    const id = await t.conversation();
    const blank = await reply({ conversationId: id, content: '   ' }, replySecret);
    expect(blank.status).toBe(400);
    expect(blank.json.message).toContain('content');
    expect((await reply({ conversationId: 'AAAAAAAAAAAAAAAAAAAAAA', content: 'Hi' }, replySecret)).status).toBe(404);
  });

  it('is not delivered back to the bot', async () => {
    const bot = await startBot();
    try {
      await t.configure(bot.url);
      const id = await t.conversation();
      await reply({ conversationId: id, content: 'bot talking' }, replySecret);
      const customer = await t.say(id, 'customer talking');
      await waitFor('the customer message', () => bot.received.length >= 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(bot.received.map((r) => (JSON.parse(r.body) as WebhookPayload).message.id)).toEqual([customer.id]);
    } finally {
      await bot.close();
    }
  });
});
