import { api, commandLedger } from '@bb/service-kit/testing';
import { startSubscribers, type SubscribersHarness } from './harness';

// Database commands per newsletter operation, on the service's own connection.
let subscribers: SubscribersHarness;
const ledger = commandLedger(() => subscribers.current().ctx.conn);

beforeAll(async () => {
  subscribers = await startSubscribers('subscribers_budget');
  await ledger.settle();
});
afterAll(async () => {
  console.log(ledger.report());
  await subscribers.close();
});

describe('database commands per newsletter operation', () => {
  it('sign up, sign up again, and list', async () => {
    const signUp = () => api(subscribers.url, '/api/email-subscribers', { method: 'POST', body: { email: 'ana@example.com' } });
    const first = await ledger.measure('newsletter sign-up', async () => expect((await signUp()).status).toBe(201));
    expect(first.length).toBeLessThanOrEqual(BUDGET.signUp);
    const again = await ledger.measure('newsletter sign-up, known address', async () => expect((await signUp()).status).toBe(201));
    expect(again.length).toBeLessThanOrEqual(BUDGET.signUp);
    const list = await ledger.measure('list subscribers', async () => expect((await api(subscribers.url, '/api/email-subscribers', { token: subscribers.token })).status).toBe(200));
    expect(list.length).toBeLessThanOrEqual(BUDGET.list);
  });
});

/** A sign-up merges what it knows into the address's record (read, then a guarded write). */
const BUDGET = { signUp: 2, list: 1 };
