import { createHash } from 'node:crypto';
import type { Envelope, EventData } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { silentLogger, testAmqpUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import { SETTINGS_ID } from '../src/models/settings';
import { clientOf, requestService, startSubscribers, type SubscribersHarness } from './harness';

type Requested = Envelope<EventData<'subscribers.confirmation.requested'>>;

let svc: SubscribersHarness;
let listener: EventBus;
const received: Requested[] = [];

beforeAll(async () => {
  svc = await startSubscribers('subs_doi');
  listener = new EventBus({ url: testAmqpUrl(), exchange: svc.exchange, source: 'notifications', logger: silentLogger() });
  listener.subscribe(uniqueName('confirmations'), ['subscribers.confirmation.requested'], async (event) => {
    received.push(event);
  });
  await listener.start();
});
afterAll(async () => {
  await listener.close();
  await svc.close();
});

const { request, subscribe, byEmail } = clientOf(() => svc);
const SUBSCRIBED = { message: "You've been subscribed to our newsletter." };
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const setDoubleOptIn = async (doubleOptIn: boolean) =>
  expect((await request('PUT', '/api/subscriber-settings', { body: { doubleOptIn }, token: svc.token })).json).toEqual({ doubleOptIn });
const confirmPath = (token: string) => `/api/email-subscribers/confirm?token=${encodeURIComponent(token)}`;
/** The button of the link's page: a POST to the link. */
const confirm = (token: string, accept?: string) => request('POST', confirmPath(token), { accept, form: '' });
/** Following the link: GET (or HEAD) shows the page. */
const follow = (token: string, accept?: string, method = 'GET') => request(method, confirmPath(token), { accept });
const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';
const stored = async (email: string) => (await svc.models.Subscriber.findOne({ emailKey: email.toLowerCase() }).lean())!;
const requestsFor = (email: string) => received.filter((e) => e.data.email === email);
/** As if the last confirmation mail of the address was asked for that long ago. */
const mailedMinutesAgo = (email: string, minutes: number) =>
  svc.models.Subscriber.updateOne({ emailKey: email.toLowerCase() }, { $set: { confirmationMailedAt: new Date(Date.now() - minutes * 60_000) } });
/** Lets a late or duplicate event arrive before counting. */
const settle = () => new Promise((r) => setTimeout(r, 500));
/** The token of the latest mail asked for the address, once its event arrived. */
async function nextToken(email: string, count: number): Promise<string> {
  const events = await waitFor(`confirmation request ${count} for ${email}`, () => requestsFor(email).length >= count && requestsFor(email));
  return events[count - 1].data.confirmToken;
}

describe('newsletter settings', () => {
  it('are for staff only, on the service port too', async () => {
    expect((await request('GET', '/api/subscriber-settings')).status).toBe(401);
    expect((await request('PUT', '/api/subscriber-settings', { body: { doubleOptIn: true } })).status).toBe(401);
  });

  it('start with double opt-in off, refuse anything but a boolean, and save one', async () => {
    expect((await request('GET', '/api/subscriber-settings', { token: svc.token })).json).toEqual({ doubleOptIn: false });
    for (const body of [{ doubleOptIn: 'yes' }, { doubleOptIn: 1 }, { doubleOptIn: null }, {}]) {
      const res = await request('PUT', '/api/subscriber-settings', { body, token: svc.token });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('doubleOptIn must be true or false');
    }
    await setDoubleOptIn(true);
    expect((await request('GET', '/api/subscriber-settings', { token: svc.token })).json).toEqual({ doubleOptIn: true });
    await setDoubleOptIn(false);
    expect((await request('GET', '/api/subscriber-settings', { token: svc.token })).json).toEqual({ doubleOptIn: false });
  });
});

describe('with double opt-in off', () => {
  beforeAll(() => setDoubleOptIn(false));

  it('subscribes at once and asks for no mail', async () => {
    const res = await subscribe({ email: 'direct@example.com' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(SUBSCRIBED);
    expect((await byEmail('direct@example.com'))[0]).toMatchObject({ subscribed: true, consentMarketing: true, pendingConfirmation: false });
    await settle();
    expect(requestsFor('direct@example.com')).toEqual([]);
  });
});

describe('with double opt-in on', () => {
  beforeAll(() => setDoubleOptIn(true));

  it('keeps a new address off the mailing list, with the same answer, and asks for exactly one mail whose token matches the stored hash', async () => {
    const res = await subscribe({ email: 'Pending@Example.com', offeringType: 'clinic' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(SUBSCRIBED);
    const token = await nextToken('Pending@Example.com', 1);
    await settle();
    const [event] = requestsFor('Pending@Example.com');
    expect(requestsFor('Pending@Example.com')).toHaveLength(1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const [listed] = await byEmail('pending@example.com');
    expect(listed).toMatchObject({
      source: 'newsletter',
      tags: ['newsletter'],
      offeringType: 'clinic',
      subscribed: false,
      consentMarketing: false,
      pendingConfirmation: true,
    });
    expect(event.source).toBe('subscribers');
    expect(event.data).toEqual({
      subscriberId: listed.id,
      email: 'Pending@Example.com',
      offeringType: 'clinic',
      confirmToken: token,
      requestedAt: listed.lastInteraction,
      unsubscribeUrl: listed.unsubscribeUrl,
    });
    const doc = await stored('pending@example.com');
    expect(doc.confirmTokenHash).toBe(sha256(token));
    // Only the hash is kept; the event has left the outbox.
    expect(JSON.stringify(doc)).not.toContain(token);
    expect(doc.outbox).toEqual([]);
  });

  it('changes nothing when the link is followed (HEAD, GET): its page asks, with a button that POSTs and no script', async () => {
    await subscribe({ email: 'prefetched@example.com' });
    const token = await nextToken('prefetched@example.com', 1);
    const before = await stored('prefetched@example.com');
    for (const accept of [undefined, HTML]) expect((await follow(token, accept, 'HEAD')).status).toBe(200);
    const res = await follow(token);
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/Please confirm/);
    const page = await follow(token, HTML);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('<form method="post"><button type="submit"');
    expect(page.text).toContain('>Confirm my subscription</button>');
    expect(page.text).not.toMatch(/<script|action=|onclick/i);
    expect(await stored('prefetched@example.com')).toEqual(before);
    expect((await confirm(token)).status).toBe(200);
    expect((await byEmail('prefetched@example.com'))[0]).toMatchObject({ subscribed: true, pendingConfirmation: false });
    // Followed after, the link says so, without a button.
    const after = await follow(token, HTML);
    expect(after.status).toBe(200);
    expect(after.text).toContain('confirmed');
    expect(after.text).not.toContain('<form');
  });

  it('subscribes with the consent asked for when the button is pressed, and again is the same success', async () => {
    await subscribe({ email: 'confirm@example.com' });
    const token = await nextToken('confirm@example.com', 1);
    const before = await stored('confirm@example.com');
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/confirmed/);
    const [listed] = await byEmail('confirm@example.com');
    expect(listed).toMatchObject({ subscribed: true, consentMarketing: true, pendingConfirmation: false });
    expect(new Date(listed.lastInteraction).getTime()).toBeGreaterThanOrEqual(before.lastInteraction.getTime());
    expect((await stored('confirm@example.com')).confirmTokenHash).toBeUndefined();

    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(res.json);
    const page = await confirm(token, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('confirmed');
  });

  it('answers an unknown token 404 and a malformed one 400, on the page and on the button, changing nothing', async () => {
    await subscribe({ email: 'waiting@example.com' });
    await nextToken('waiting@example.com', 1);
    for (const answer of [confirm, follow]) {
      const unknown = await answer('A'.repeat(32));
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toMatch(/confirmation link is no longer valid/);
      const page = await answer('B'.repeat(32), 'text/html');
      expect(page.status).toBe(404);
      expect(page.type).toContain('text/html');
      expect(page.text).toContain('no longer valid');
      expect(page.text).not.toContain('<form');
      for (const token of ['short', 'A'.repeat(33), `${'A'.repeat(31)}=`, '']) {
        const res = await answer(token);
        expect(res.status).toBe(400);
        expect(res.json.message).toMatch(/confirmation link/);
      }
    }
    expect((await request('GET', '/api/email-subscribers/confirm')).status).toBe(400);
    expect((await request('POST', '/api/email-subscribers/confirm')).status).toBe(400);
    expect((await byEmail('waiting@example.com'))[0]).toMatchObject({ subscribed: false, pendingConfirmation: true });
  });

  it('mails an address at most once in ten minutes: a sign-up made again meanwhile answers the same and sends nothing, the first link still confirms', async () => {
    await subscribe({ email: 'flooded@example.com', consentMarketing: true });
    const first = await nextToken('flooded@example.com', 1);
    const before = await stored('flooded@example.com');
    for (const consentMarketing of [true, true, false])
      expect(await subscribe({ email: 'flooded@example.com', consentMarketing })).toEqual(await subscribe({ email: 'someone-new@example.com' }));
    await settle();
    expect(requestsFor('flooded@example.com')).toHaveLength(1);
    const after = await stored('flooded@example.com');
    expect(after).toMatchObject({ confirmTokenHash: sha256(first), confirmationMailedAt: before.confirmationMailedAt, pendingConsentMarketing: false });
    // The link confirms what was asked for last.
    expect((await confirm(first)).status).toBe(200);
    expect((await byEmail('flooded@example.com'))[0]).toMatchObject({ subscribed: true, consentMarketing: false, pendingConfirmation: false });
  });

  it('mails again after ten minutes: the new token replaces the old, whose link is 404', async () => {
    await subscribe({ email: 'twice@example.com' });
    const first = await nextToken('twice@example.com', 1);
    await mailedMinutesAgo('twice@example.com', 10);
    const again = await subscribe({ email: 'twice@example.com' });
    expect(again.json).toEqual(SUBSCRIBED);
    const second = await nextToken('twice@example.com', 2);
    expect(second).not.toBe(first);
    expect((await stored('twice@example.com')).confirmTokenHash).toBe(sha256(second));
    expect((await confirm(first)).status).toBe(404);
    expect((await confirm(second)).status).toBe(200);
    expect((await byEmail('twice@example.com'))[0]).toMatchObject({ subscribed: true, pendingConfirmation: false });
    // The replaced link stays dead after the confirmation too.
    expect((await confirm(first)).status).toBe(404);
  });

  it('leaves an address already subscribed with consent subscribed, and sends it nothing', async () => {
    await setDoubleOptIn(false);
    await subscribe({ email: 'member@example.com' });
    await setDoubleOptIn(true);
    const res = await subscribe({ email: 'member@example.com', offeringType: 'studio' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(SUBSCRIBED);
    await settle();
    expect(requestsFor('member@example.com')).toEqual([]);
    expect((await byEmail('member@example.com'))[0]).toMatchObject({ subscribed: true, consentMarketing: true, pendingConfirmation: false });
  });

  it('keeps a booking customer on the list, and records their marketing consent only once confirmed', async () => {
    const at = new Date('2026-01-05T00:00:00.000Z');
    await svc.models.Subscriber.create({
      email: 'booked@example.com',
      emailKey: 'booked@example.com',
      fullName: 'Booked Person',
      source: 'booking',
      offeringType: 'clinic',
      createdAt: at,
      lastInteraction: at,
      tags: ['booking'],
    });
    expect((await subscribe({ email: 'booked@example.com' })).json).toEqual(SUBSCRIBED);
    const token = await nextToken('booked@example.com', 1);
    expect((await byEmail('booked@example.com'))[0]).toMatchObject({
      subscribed: true,
      consentMarketing: false,
      pendingConfirmation: true,
      tags: ['booking', 'newsletter'],
      fullName: 'Booked Person',
    });
    await confirm(token);
    expect((await byEmail('booked@example.com'))[0]).toMatchObject({ subscribed: true, consentMarketing: true, pendingConfirmation: false });
  });

  it('does not confirm after an unsubscribe, and signing up again asks again, once ten minutes passed', async () => {
    await subscribe({ email: 'changed-mind@example.com' });
    const first = await nextToken('changed-mind@example.com', 1);
    const [pending] = await byEmail('changed-mind@example.com');
    await request('POST', new URL(pending.unsubscribeUrl).pathname + new URL(pending.unsubscribeUrl).search);
    expect((await byEmail('changed-mind@example.com'))[0]).toMatchObject({ subscribed: false, pendingConfirmation: false });
    expect((await confirm(first)).status).toBe(404);

    await subscribe({ email: 'changed-mind@example.com' });
    await settle();
    expect(requestsFor('changed-mind@example.com')).toHaveLength(1);
    expect((await byEmail('changed-mind@example.com'))[0]).toMatchObject({ subscribed: false, pendingConfirmation: false });
    await mailedMinutesAgo('changed-mind@example.com', 10);
    await subscribe({ email: 'changed-mind@example.com' });
    const second = await nextToken('changed-mind@example.com', 2);
    expect((await byEmail('changed-mind@example.com'))[0]).toMatchObject({ subscribed: false, pendingConfirmation: true });
    expect((await confirm(second)).status).toBe(200);
    expect((await byEmail('changed-mind@example.com'))[0].subscribed).toBe(true);
  });

  it('follows a change saved by another replica at the next sign-up', async () => {
    // Another replica's save is a write to the same database; this process keeps no copy.
    await svc.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: false } });
    await subscribe({ email: 'replica-off@example.com' });
    expect((await byEmail('replica-off@example.com'))[0]).toMatchObject({ subscribed: true, pendingConfirmation: false });
    await svc.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: true } });
    await subscribe({ email: 'replica-on@example.com' });
    expect((await byEmail('replica-on@example.com'))[0]).toMatchObject({ subscribed: false, pendingConfirmation: true });
  });

  it('subscribes at once a sign-up made after double opt-in was turned off, ending the wait', async () => {
    await subscribe({ email: 'late@example.com' });
    const token = await nextToken('late@example.com', 1);
    await setDoubleOptIn(false);
    await subscribe({ email: 'late@example.com' });
    expect((await byEmail('late@example.com'))[0]).toMatchObject({ subscribed: true, consentMarketing: true, pendingConfirmation: false });
    // The mailed link now says what is true: the subscription is confirmed.
    expect((await confirm(token)).status).toBe(200);
    await setDoubleOptIn(true);
  });

  it('mails an address once when sign-ups for it come through two replicas at once', async () => {
    const replica = await svc.addReplica();
    const sign = (url: string) => requestService(url, 'POST', '/api/email-subscribers', { body: { email: 'raced@example.com' } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => sign(i % 2 === 0 ? svc.url : replica.url)));
    expect(answers.map((a) => [a.status, a.json])).toEqual(answers.map(() => [201, SUBSCRIBED]));
    await nextToken('raced@example.com', 1);
    await settle();
    expect(requestsFor('raced@example.com')).toHaveLength(1);
    expect(await svc.models.Subscriber.countDocuments({ emailKey: 'raced@example.com' })).toBe(1);
  });
});
