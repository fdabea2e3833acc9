import type { Subscriber } from '@bb/contracts';
import { clientOf, PUBLIC_URL, startSubscribers, type SubscribersHarness } from './harness';

let svc: SubscribersHarness;
beforeAll(async () => {
  svc = await startSubscribers('subs_api');
});
afterAll(() => svc.close());
const { request, subscribe, list, byEmail } = clientOf(() => svc);

describe('newsletter sign-up', () => {
  it('adds a new address, and the same address in other capitals is the same success, not a second subscriber', async () => {
    const first = await subscribe({ email: 'Lia@Example.com', source: 'newsletter', offeringType: 'both', consentMarketing: true });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ message: "You've been subscribed to our newsletter." });
    const again = await subscribe({ email: '  lia@example.COM ', source: 'newsletter', offeringType: 'both', consentMarketing: true });
    // The same answer either way: it must not tell whether an address is on the list.
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    const found = await byEmail('lia@example.com');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      email: 'Lia@Example.com',
      source: 'newsletter',
      offeringType: 'both',
      subscribed: true,
      consentMarketing: true,
      tags: ['newsletter'],
      fullName: '',
      phone: '',
      notes: '',
      pendingConfirmation: false,
    });
  });

  it('fills in what the form leaves out', async () => {
    expect((await subscribe({ email: 'defaults@example.com' })).status).toBe(201);
    expect((await byEmail('defaults@example.com'))[0]).toMatchObject({ source: 'newsletter', offeringType: 'both', consentMarketing: true });
  });

  it("refuses an address without @ with the form's message, and a source other than newsletter", async () => {
    for (const email of ['', '   ', 'no-at-sign', 42]) {
      const res = await subscribe({ email });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Please enter a valid email address.');
    }
    const booking = await subscribe({ email: 'x@example.com', source: 'booking' });
    expect(booking.status).toBe(400);
    expect(booking.json.message).toContain('newsletter');
    expect((await request('POST', '/api/email-subscribers', { body: undefined })).status).toBe(400);
  });

  it('never shows what the list already knows about an address', async () => {
    await svc.models.Subscriber.create({
      email: 'known@example.com',
      emailKey: 'known@example.com',
      fullName: 'Known Person',
      phone: '0917',
      source: 'booking',
      offeringType: 'clinic',
      createdAt: new Date(),
      lastInteraction: new Date(),
      tags: ['booking'],
    });
    const res = await subscribe({ email: 'known@example.com' });
    expect(res.status).toBe(201);
    expect(res.text).not.toContain('Known Person');
    expect(res.text).not.toContain('0917');
    const [known] = await byEmail('known@example.com');
    expect(known).toMatchObject({ source: 'booking', tags: ['booking', 'newsletter'], consentMarketing: true, offeringType: 'both' });
  });
});

describe('the subscriber list', () => {
  it('is for staff only', async () => {
    expect((await request('GET', '/api/email-subscribers')).status).toBe(401);
    expect((await request('DELETE', '/api/email-subscribers/65f0c0ffee0000000000abcd')).status).toBe(401);
  });

  it('shows the newest first, each with a signed unsubscribe link on the public site', async () => {
    await subscribe({ email: 'older@example.com' });
    await new Promise((r) => setTimeout(r, 5));
    await subscribe({ email: 'newer@example.com' });
    const emails = (await list()).map((s) => s.email);
    expect(emails.indexOf('newer@example.com')).toBeLessThan(emails.indexOf('older@example.com'));
    const [newer] = await byEmail('newer@example.com');
    expect(newer.unsubscribeUrl.startsWith(`${PUBLIC_URL}/api/email-subscribers/unsubscribe?token=`)).toBe(true);
  });

  it('deletes a subscriber; an unknown or malformed id is 404', async () => {
    await subscribe({ email: 'leaving@example.com' });
    const [leaving] = await byEmail('leaving@example.com');
    const res = await request('DELETE', `/api/email-subscribers/${leaving.id}`, { token: svc.token });
    expect(res.status).toBe(200);
    expect(await byEmail('leaving@example.com')).toEqual([]);
    expect((await request('DELETE', `/api/email-subscribers/${leaving.id}`, { token: svc.token })).status).toBe(404);
    expect((await request('DELETE', '/api/email-subscribers/not-an-id', { token: svc.token })).status).toBe(404);
  });
});

describe('unsubscribing', () => {
  const tokenOf = (s: Subscriber) => new URL(s.unsubscribeUrl).searchParams.get('token')!;
  const pathOf = (s: Subscriber) => `/api/email-subscribers/unsubscribe?token=${encodeURIComponent(tokenOf(s))}`;
  const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

  it('by following the link changes nothing, with HEAD or GET: the page asks, with a button that POSTs and no script', async () => {
    await subscribe({ email: 'scanned@example.com' });
    const [scanned] = await byEmail('scanned@example.com');
    for (const accept of [undefined, HTML]) {
      const head = await request('HEAD', pathOf(scanned), { accept });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    }
    const res = await request('GET', pathOf(scanned));
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/Press Unsubscribe/);
    const page = await request('GET', pathOf(scanned), { accept: HTML });
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    // No action: the form posts to the address the page came from, token included.
    expect(page.text).toContain('<form method="post"><button type="submit"');
    expect(page.text).toContain('>Unsubscribe</button>');
    expect(page.text).not.toMatch(/<script|action=|onclick/i);
    expect((await byEmail('scanned@example.com'))[0].subscribed).toBe(true);
    expect((await svc.models.Subscriber.findOne({ emailKey: 'scanned@example.com' }).lean())?.revision).toBe(0);
  });

  it('with the button (a POST to the link) sets subscribed false, answers a browser with a page, and again is the same success', async () => {
    await subscribe({ email: 'bye@example.com' });
    const [bye] = await byEmail('bye@example.com');
    const res = await request('POST', pathOf(bye), { form: '' });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/unsubscribed/);
    expect((await byEmail('bye@example.com'))[0].subscribed).toBe(false);
    const page = await request('POST', pathOf(bye), { accept: HTML, form: '' });
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('You have been unsubscribed');
    expect(page.text).not.toContain('<form');
    expect((await request('POST', pathOf(bye))).json).toEqual(res.json);
  });

  it("works as a mail client's one-click unsubscribe: a form-encoded POST of List-Unsubscribe=One-Click (RFC 8058)", async () => {
    await subscribe({ email: 'one-click@example.com' });
    const [leaving] = await byEmail('one-click@example.com');
    const res = await request('POST', pathOf(leaving), { form: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect((await byEmail('one-click@example.com'))[0].subscribed).toBe(false);
  });

  it("with someone else's id or a forged token is 400 and changes nothing, on the page and on the button", async () => {
    await subscribe({ email: 'stay@example.com' });
    const [stay] = await byEmail('stay@example.com');
    const forged = `${stay.id}.${'A'.repeat(43)}`;
    for (const method of ['GET', 'POST']) {
      for (const token of [forged, 'garbage', '']) {
        const res = await request(
          method,
          `/api/email-subscribers/unsubscribe?token=${encodeURIComponent(token)}`,
          method === 'POST' ? { form: 'List-Unsubscribe=One-Click' } : {},
        );
        expect(res.status).toBe(400);
        expect(res.json.message).toMatch(/unsubscribe link/);
      }
      expect((await request(method, '/api/email-subscribers/unsubscribe')).status).toBe(400);
      const page = await request(method, `/api/email-subscribers/unsubscribe?token=${forged}`, { accept: 'text/html' });
      expect(page.status).toBe(400);
      expect(page.text).toContain('not valid');
      expect(page.text).not.toContain('<form');
    }
    expect((await byEmail('stay@example.com'))[0].subscribed).toBe(true);
  });

  it('is undone by signing up again through the form', async () => {
    await subscribe({ email: 'back@example.com' });
    const [back] = await byEmail('back@example.com');
    await request('POST', pathOf(back));
    expect((await byEmail('back@example.com'))[0].subscribed).toBe(false);
    expect((await subscribe({ email: 'back@example.com' })).status).toBe(201);
    expect((await byEmail('back@example.com'))[0].subscribed).toBe(true);
  });
});
