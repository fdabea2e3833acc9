import type { ChatMessage } from '@bb/contracts';
import { api, seeText, unique } from './maintenance-helpers';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite({ each: {}, signIn: true });

const panel = () => suite.page.getByRole('dialog', { name: 'Chat' });

async function conversationId(side: 'clinic' | 'studio'): Promise<string> {
  const cookie = (await suite.context.cookies()).find((c) => c.name === `chat_conversation_id_${side}`);
  if (!cookie) throw new Error('no conversation cookie');
  return decodeURIComponent(cookie.value);
}

async function replyAsSupport(id: string, content: string) {
  const { status } = await api<ChatMessage>('/api/messages', {
    method: 'POST',
    token: suite.token,
    body: { conversationId: id, senderType: 'csr', senderName: 'Support Team', content, offeringType: 'clinic' },
  });
  expect(status).toBe(201);
}

/** Fills the panel's name and an address of the visitor's own, and starts the chat. */
async function startChat(name: string) {
  await panel().getByLabel('Name').fill(name);
  await panel()
    .getByLabel('Email')
    .fill(`${unique(name.split(' ')[0].toLowerCase()).replace(' ', '.')}@example.ph`);
  await panel().getByRole('button', { name: 'Start Chat' }).click();
}

/** Sends a message and waits until the panel shows it. */
async function sendMessage(text: string) {
  await panel().getByRole('textbox', { name: 'Message' }).fill(text);
  await panel().getByRole('button', { name: 'Send' }).click();
  await panel().getByText(text).waitFor();
}

describe('chat widget', () => {
  it('starts with a name and email, sends, receives a reply from staff, and resumes after a reload', async () => {
    await suite.page.goto(siteUrl('/clinic'));
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    await panel().getByRole('button', { name: 'Start Chat' }).click();
    await seeText(suite.page, 'Name and email required');

    await startChat('Carla Dizon');
    const message = panel().getByRole('textbox', { name: 'Message' });
    await message.waitFor();
    const hello = unique('Hello, is Saturday open?');
    await message.fill(hello);
    await panel().getByRole('button', { name: 'Send' }).click();
    await panel().getByText(hello).waitFor();

    const id = await conversationId('clinic');
    const cookie = (await suite.context.cookies()).find((c) => c.name === 'chat_conversation_id_clinic');
    // 365 days, give or take the seconds the test took.
    expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400)).toBe(365);
    const reply = unique('Yes, from 9 AM');
    await replyAsSupport(id, reply);
    await panel().getByText(reply).waitFor({ timeout: 10_000 });

    await suite.page.reload();
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    await panel().getByText(hello).waitFor();
    await panel().getByText(reply).waitFor();
    expect(await panel().getByRole('button', { name: 'Start Chat' }).count()).toBe(0);
  });

  it('counts replies that arrive while the chat is closed, and clears the count when opened', async () => {
    await suite.page.goto(siteUrl('/clinic'));
    const launcher = suite.page.getByRole('button', { name: /Chat with us|Close chat/ });
    await launcher.click();
    await startChat('Dana Lim');
    await sendMessage('Do you do group bookings?');
    await launcher.click();
    await panel().waitFor({ state: 'hidden' });

    await replyAsSupport(await conversationId('clinic'), 'We do!');
    const badge = suite.page.getByTestId('chat-unread');
    await badge.waitFor({ timeout: 10_000 });
    expect(await badge.innerText()).toBe('1');
    expect(await launcher.getAttribute('aria-label')).toBeNull();
    expect(await launcher.innerText()).toContain('1 unread message');

    await launcher.click();
    await panel().getByText('We do!').waitFor();
    expect(await badge.count()).toBe(0);
  });

  it('shows a returning visitor the replies that came while they were away as unread', async () => {
    await suite.page.goto(siteUrl('/clinic'));
    const launcher = () => suite.page.getByRole('button', { name: /Chat with us|Close chat/ });
    await launcher().click();
    await startChat('Fe Ramos');
    await sendMessage('Can I book for two people?');
    await launcher().click();
    await panel().waitFor({ state: 'hidden' });
    const id = await conversationId('clinic');
    await suite.page.close();

    // Answered while the visitor is away; they come back later.
    await replyAsSupport(id, 'Yes, we have two rooms free on Saturday.');
    await suite.newPage();
    await suite.page.goto(siteUrl('/clinic'));
    const badge = suite.page.getByTestId('chat-unread');
    await badge.waitFor({ timeout: 10_000 });
    expect(await badge.innerText()).toBe('1');

    await launcher().click();
    await panel().getByText('Yes, we have two rooms free on Saturday.').waitFor();
    expect(await badge.count()).toBe(0);
    // Read now: the next visit has nothing unread.
    await suite.page.reload();
    await suite.page.getByRole('button', { name: /Chat with us/ }).waitFor();
    await suite.page.waitForTimeout(3000);
    expect(await badge.count()).toBe(0);
  });

  it('shows when each message was sent, in Manila time', async () => {
    await suite.page.goto(siteUrl('/clinic'));
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    await startChat('Gia Tan');
    await sendMessage('What time do you open?');
    const sent = panel().getByRole('log').locator('time');
    expect(await sent.count()).toBe(1);
    expect(await sent.innerText()).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    const at = new Date((await sent.getAttribute('datetime')) as string);
    expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    expect(await sent.innerText()).toBe(at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Manila' }));
  });

  it('keeps a separate conversation for the studio', async () => {
    await suite.page.goto(siteUrl('/clinic'));
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    await startChat('Eli Santos');
    await panel().getByRole('textbox', { name: 'Message' }).waitFor();

    await suite.page.goto(siteUrl('/studio'));
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    await panel().getByRole('button', { name: 'Start Chat' }).waitFor();
  });
});

describe('newsletter', () => {
  async function subscribe(email: string) {
    await suite.page.goto(siteUrl('/clinic#contact'));
    const input = suite.page.getByLabel('Subscribe to our newsletter');
    await input.fill(email);
    await suite.page.getByRole('button', { name: 'Subscribe' }).click();
  }

  it('says Invalid email for an address without @ and sends nothing', async () => {
    const posts: string[] = [];
    suite.page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await subscribe('not-an-email');
    await seeText(suite.page, 'Invalid email');
    await seeText(suite.page, 'Please enter a valid email address.');
    expect(posts.filter((u) => u.includes('/api/email-subscribers'))).toEqual([]);
  });

  it('subscribes a valid address as a newsletter subscriber of both offerings', async () => {
    const email = `${unique('news').replace(' ', '.')}@example.ph`;
    const sent = suite.page.waitForRequest((r) => r.url().endsWith('/api/email-subscribers') && r.method() === 'POST');
    await subscribe(email);
    expect((await sent).postDataJSON()).toEqual({ email, source: 'newsletter', offeringType: 'both', consentMarketing: true });
    await seeText(suite.page, 'Success!');
    await seeText(suite.page, "You've been subscribed to our newsletter.");
    expect(await suite.page.getByLabel('Subscribe to our newsletter').inputValue()).toBe('');
  });
});
