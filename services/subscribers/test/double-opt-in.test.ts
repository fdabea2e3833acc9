import { adminToken, api, listenOn, waitFor } from '@bb/service-kit/testing';
import { HTML, optInApp, settle, sha256, SUBSCRIBED } from './opt-in';

const app = optInApp('subs_doi');
const { request, subscribe, byEmail, requestsFor, setDoubleOptIn, confirm, follow, stored, mailedMinutesAgo, nextToken } = app;

describe('newsletter settings', () => {
  it('are for staff only, on the service port too', async () => {
    expect((await request('GET', '/api/subscriber-settings')).status).toBe(401);
    expect((await request('PUT', '/api/subscriber-settings', { body: { doubleOptIn: true } })).status).toBe(401);
  });

  it('start with double opt-in off, refuse anything but a boolean, and save one', async () => {
    expect((await request('GET', '/api/subscriber-settings', { token: app.svc.token })).json).toEqual({ doubleOptIn: false });
    for (const body of [{ doubleOptIn: 'yes' }, { doubleOptIn: 1 }, { doubleOptIn: null }, {}]) {
      const res = await request('PUT', '/api/subscriber-settings', { body, token: app.svc.token });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('doubleOptIn must be true or false');
    }
    await setDoubleOptIn(true);
    expect((await request('GET', '/api/subscriber-settings', { token: app.svc.token })).json).toEqual({ doubleOptIn: true });
    await setDoubleOptIn(false);
    expect((await request('GET', '/api/subscriber-settings', { token: app.svc.token })).json).toEqual({ doubleOptIn: false });
  });

  it('record each save in the audit trail: who, from where, and what changed', async () => {
    const audit = await listenOn(app.svc.exchange, ['audit.recorded'], 'auth');
    const manager = adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' });
    const res = await api(app.svc.url, '/api/subscriber-settings', {
      method: 'PUT',
      token: manager,
      body: { doubleOptIn: true },
      headers: { 'x-client-address': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    await waitFor('the audit entry', () => audit.received.length > 0);
    await settle();
    expect(audit.received).toHaveLength(1);
    expect(audit.received[0].source).toBe('subscribers');
    expect(audit.received[0].data).toEqual({
      action: 'setting-changed',
      actor: { id: 'u-mia', username: 'mia', role: 'manager' },
      subject: 'subscriber settings',
      before: 'doubleOptIn false',
      after: 'doubleOptIn true',
      address: '203.0.113.9',
      at: expect.any(String),
    });
    await audit.close();
    await setDoubleOptIn(false);
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
});
