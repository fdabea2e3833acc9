import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, WebhookConfig } from '@bb/contracts';
import { adminApiToken, api, conversationAsking, noneSays, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true } });

describe('support chat', () => {
  it('replies as Support Team and the visitor’s conversation shows the reply', async () => {
    const { id: conversationId, name: customerName } = await conversationAsking('Is the clinic open on Saturday?', 'Bea');

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/chat'));
    await page.getByRole('tab', { name: /^Unanswered/ }).waitFor();
    await page.getByRole('button', { name: new RegExp(customerName) }).click();
    await page.getByRole('log').getByText('Is the clinic open on Saturday?').waitFor();

    const reply = page.getByPlaceholder('Type your reply...');
    await reply.fill('   ');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await reply.fill('Yes, from 10 AM to 3 PM.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText('Yes, from 10 AM to 3 PM.').waitFor();
    expect(await reply.inputValue()).toBe('');

    const { body: messages } = await api<ChatMessage[]>(`/api/conversations/${conversationId}/messages`);
    expect(messages.at(-1)).toMatchObject({ senderType: 'csr', senderName: 'Support Team', content: 'Yes, from 10 AM to 3 PM.' });

    // Answered now: the conversation is no longer in the Unanswered tab.
    await page.getByRole('tab', { name: /^Unanswered/ }).click();
    await page.getByRole('button', { name: new RegExp(customerName) }).waitFor({ state: 'detached' });
  });
});

describe('unseen conversations', () => {
  it('stay unseen when Chat opens on them by itself, and become seen when a person opens one', async () => {
    const { id: conversationId, name: customerName } = await conversationAsking('Do you have parking?', 'Ivy');

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/chat'));
    const unseenTab = page.getByRole('tab', { name: /^Unseen/ });
    await unseenTab.waitFor();
    // The first conversation is on the right, its messages loaded, yet nobody has read it.
    const thread = page.getByRole('log');
    await thread.waitFor();
    await noneSays(page, 'Loading messages...');
    expect(await page.evaluate(`localStorage.getItem('chat-seen-message-counts')`)).toBeNull();

    await page.getByRole('button', { name: new RegExp(customerName) }).click();
    await thread.getByText('Do you have parking?').waitFor();
    await unseenTab.click();
    await page.getByRole('button', { name: new RegExp(customerName) }).waitFor({ state: 'detached' });
    const seen = JSON.parse((await page.evaluate(`localStorage.getItem('chat-seen-message-counts')`)) as string) as Record<string, number>;
    expect(seen[conversationId]).toBe(1);
  });
});

describe('chat API', () => {
  let receiver: http.Server;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('asks for a URL, saves one, tests it against a local receiver and shows Success', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/chat-api'));
    const input = page.getByLabel('Webhook URL');
    await input.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Please enter a webhook URL.');

    await input.fill(url);
    await page.getByRole('button', { name: 'Test Webhook' }).click();
    await seeText(page, 'Please save your configuration before testing.');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Configuration Saved');
    await page.getByRole('button', { name: 'Test Webhook' }).click();
    await seeText(page, 'Webhook Test Successful');
    await page.getByTestId('webhook-test-status').filter({ hasText: 'Success' }).waitFor();
    await seeText(page, /^Last tested: /);

    const { body: config } = await api<WebhookConfig>('/api/webhook-config', { token: await adminApiToken() });
    expect(config).toMatchObject({ webhookUrl: url, testStatus: 'success' });
    expect(received.length).toBeGreaterThan(0);
    expect(received.at(-1)?.headers['x-webhook-secret']).toBe(config.webhookSecret);
  });

  it('copies a secret and shows Copied! for 2 seconds', async () => {
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl('/').replace(/\/$/, '') });
    const page = await suite.context.newPage();
    await page.goto(siteUrl('/maintenance/chat-api'));
    await page.getByRole('button', { name: 'Copy Incoming reply secret' }).waitFor();
    // Timed in the page (when the label comes and goes): a loaded machine may see it late from here.
    await page.evaluate(`(() => {
      const times = (window.copiedTimes = {});
      const shown = () => document.querySelector('button[aria-label="Copied!"]') !== null;
      new MutationObserver(() => {
        if (shown()) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    })()`);
    await page.getByRole('button', { name: 'Copy Incoming reply secret' }).click();
    const copied = page.getByRole('button', { name: 'Copied!' });
    await copied.waitFor();
    await copied.waitFor({ state: 'detached', timeout: 10_000 });
    const { shown, hidden } = (await page.evaluate('window.copiedTimes')) as { shown: number; hidden: number };
    expect(hidden - shown).toBeGreaterThan(1900);
    expect(hidden - shown).toBeLessThan(5000);
    await seeText(page, 'POST to');
    await seeText(page, '/api/webhook/reply');
  });
});
