import { SETTINGS_ID } from '../src/models/settings';
import { requestService } from './harness';
import { optInApp, settle, SUBSCRIBED } from './opt-in';

const app = optInApp('subs_doi_later');
const { request, subscribe, byEmail, requestsFor, setDoubleOptIn, confirm, mailedMinutesAgo, nextToken } = app;

describe('with double opt-in on', () => {
  beforeAll(() => setDoubleOptIn(true));

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
    await app.svc.models.Subscriber.create({
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
    await app.svc.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: false } });
    await subscribe({ email: 'replica-off@example.com' });
    expect((await byEmail('replica-off@example.com'))[0]).toMatchObject({ subscribed: true, pendingConfirmation: false });
    await app.svc.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: true } });
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
    const replica = await app.svc.addReplica();
    const sign = (url: string) => requestService(url, 'POST', '/api/email-subscribers', { body: { email: 'raced@example.com' } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => sign(i % 2 === 0 ? app.svc.url : replica.url)));
    expect(answers.map((a) => [a.status, a.json])).toEqual(answers.map(() => [201, SUBSCRIBED]));
    await nextToken('raced@example.com', 1);
    await settle();
    expect(requestsFor('raced@example.com')).toHaveLength(1);
    expect(await app.svc.models.Subscriber.countDocuments({ emailKey: 'raced@example.com' })).toBe(1);
  });
});
