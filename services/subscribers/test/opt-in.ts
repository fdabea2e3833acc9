// A subscribers service with double opt-in for one test file, and the calls of the opt-in tests.
import { createHash } from 'node:crypto';
import { listenOn, waitFor, type Listener } from '@bb/service-kit/testing';
import { clientOf, startSubscribers, type SubscribersHarness } from './harness';

export const SUBSCRIBED = { message: "You've been subscribed to our newsletter." };
export const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** Lets a late or duplicate event arrive before counting. */
export const settle = () => new Promise((r) => setTimeout(r, 500));
const confirmPath = (token: string) => `/api/email-subscribers/confirm?token=${encodeURIComponent(token)}`;

/** The service (its database named by `label`) and the confirmation mails it asks for, as notifications hears them. */
export function optInApp(label: string) {
  let svc: SubscribersHarness;
  let listener: Listener<'subscribers.confirmation.requested'>;

  beforeAll(async () => {
    svc = await startSubscribers(label);
    listener = await listenOn(svc.exchange, ['subscribers.confirmation.requested'], 'notifications');
  });
  afterAll(async () => {
    await listener.close();
    await svc.close();
  });

  const { request, subscribe, byEmail } = clientOf(() => svc);
  const requestsFor = (email: string) => listener.received.filter((e) => e.data.email === email);
  return {
    get svc() {
      return svc;
    },
    request,
    subscribe,
    byEmail,
    requestsFor,
    setDoubleOptIn: async (doubleOptIn: boolean) =>
      expect((await request('PUT', '/api/subscriber-settings', { body: { doubleOptIn }, token: svc.token })).json).toEqual({ doubleOptIn }),
    /** The button of the link's page: a POST to the link. */
    confirm: (token: string, accept?: string) => request('POST', confirmPath(token), { accept, form: '' }),
    /** Following the link: GET (or HEAD) shows the page. */
    follow: (token: string, accept?: string, method = 'GET') => request(method, confirmPath(token), { accept }),
    stored: async (email: string) => (await svc.models.Subscriber.findOne({ emailKey: email.toLowerCase() }).lean())!,
    /** As if the last confirmation mail of the address was asked for that long ago. */
    mailedMinutesAgo: (email: string, minutes: number) =>
      svc.models.Subscriber.updateOne({ emailKey: email.toLowerCase() }, { $set: { confirmationMailedAt: new Date(Date.now() - minutes * 60_000) } }),
    /** The token of the latest mail asked for the address, once its event arrived. */
    async nextToken(email: string, count: number): Promise<string> {
      const events = await waitFor(`confirmation request ${count} for ${email}`, () => requestsFor(email).length >= count && requestsFor(email));
      return events[count - 1].data.confirmToken;
    },
  };
}
