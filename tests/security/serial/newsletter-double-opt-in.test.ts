import { randomUUID } from 'node:crypto';
import type { SubscriberSettings } from '@bb/contracts';
import { mailpit, requireEnv, waitFor } from '@bb/service-kit/testing';
import { listedSubscriber, login, pathOf, raw, signUp, stackProcesses, type RawAnswer } from '../support';

// The double opt-in confirmation mail, attacked through both gateways and directly on the
// subscribers processes: one mail per address in ten minutes whatever the sign-ups, the same
// answer either way, a link that changes nothing on HEAD or GET (mail scanners follow it) and a
// button (POST) that confirms. Serial: double opt-in is a setting of the whole site, which the
// sign-ups of every other file would meet while it is switched on here.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const processes = stackProcesses();
const gateways = processes.filter((p) => p.service === null);
const subscribers = processes.filter((p) => p.service === 'subscribers');
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const address = (label: string) => `optin-${label}-${randomUUID().slice(0, 8)}@example.com`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let admin = '';
beforeAll(async () => {
  admin = await login(gateway);
});
const listed = (email: string) => listedSubscriber(gateway, admin, email);

describe('the double opt-in confirmation', () => {
  it('is mailed once per address in ten minutes with one-click List-Unsubscribe, its link changes nothing on HEAD or GET, and its button confirms', async () => {
    const email = address('confirm');
    const setOptIn = (doubleOptIn: boolean) =>
      raw(gateway, {
        method: 'PUT',
        path: '/api/subscriber-settings',
        headers: { ...json, authorization: `Bearer ${admin}` },
        body: JSON.stringify({ doubleOptIn }),
      });
    const before = (
      JSON.parse(
        (await raw(gateway, { method: 'GET', path: '/api/subscriber-settings', headers: { authorization: `Bearer ${admin}` } })).text,
      ) as SubscriberSettings
    ).doubleOptIn;
    // On only for these sign-ups, put back after them.
    let answers: RawAnswer[];
    try {
      expect((await setOptIn(true)).status).toBe(200);
      answers = await Promise.all([gateway, ...subscribers.map((s) => s.url), gateway].map((target) => signUp(target, email)));
    } finally {
      await setOptIn(before);
    }
    // The same answer every time: it never tells whether a mail went out.
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0].status).toBe(201);

    const [mail] = await mailpit.waitForMails(email, /confirm your newsletter/i);
    await sleep(3000);
    expect((await mailpit.messagesTo(email)).filter((m) => /confirm your newsletter/i.test(m.Subject))).toHaveLength(1);
    const headers = await mailpit.headers(mail.ID);
    const { unsubscribeUrl } = await listed(email);
    expect(headers['List-Unsubscribe']).toEqual([`<${unsubscribeUrl}>`]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);

    const link = /https?:\/\/\S+?\/api\/email-subscribers\/confirm\?token=[A-Za-z0-9_-]{32}/.exec((await mailpit.message(mail.ID)).Text)?.[0];
    expect(link).toBeDefined();
    const path = pathOf(link!);
    for (const target of [...gateways, ...subscribers]) {
      for (const method of ['HEAD', 'GET']) {
        const answer = await raw(target.url, { method, path, headers: { accept: 'text/html' } });
        expect([target.name, method, answer.status]).toEqual([target.name, method, 200]);
      }
    }
    expect(await listed(email)).toMatchObject({ subscribed: false, pendingConfirmation: true });
    const page = await raw(gateway, { method: 'GET', path, headers: { accept: 'text/html' } });
    expect(page.text).toContain('<form method="post">');

    const confirmed = await raw(subscribers[0].url, { method: 'POST', path, headers: { ...form, accept: 'text/html' }, body: '' });
    expect(confirmed.status).toBe(200);
    expect(await listed(email)).toMatchObject({ subscribed: true, pendingConfirmation: false });
    expect((await raw(gateways[gateways.length - 1].url, { method: 'POST', path, headers: form, body: '' })).status).toBe(200);

    // The one-click unsubscribe of the mail's header, as a mail client sends it.
    expect((await raw(gateway, { method: 'POST', path: pathOf(unsubscribeUrl), headers: form, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    await waitFor('unsubscribed', async () => !(await listed(email)).subscribed);
  });
});
