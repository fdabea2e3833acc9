import { api, commandLedger } from '@bb/service-kit/testing';
import { startSubscribers, type SubscribersHarness } from './harness';

// Database commands per newsletter operation, on the service's own connection.
let subscribers: SubscribersHarness;
const ledger = commandLedger(() => subscribers.current().ctx.conn);

beforeAll(async () => {
  // No periodic relay pass: only what an operation itself sends is counted.
  subscribers = await startSubscribers('subscribers_budget', { OUTBOX_SWEEP_INTERVAL_MS: '3600000' });
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
    const list = await ledger.measure('list subscribers', async () =>
      expect((await api(subscribers.url, '/api/email-subscribers', { token: subscribers.token })).status).toBe(200),
    );
    expect(list.length).toBeLessThanOrEqual(BUDGET.list);
  });

  it('sign up under double opt-in', async () => {
    // The save's audit entry leaves through the settings' outbox first: not the sign-up's work.
    await ledger.settle(() => api(subscribers.url, '/api/subscriber-settings', { method: 'PUT', body: { doubleOptIn: true }, token: subscribers.token }));
    const signUp = await ledger.measure('newsletter sign-up, double opt-in', async () =>
      expect((await api(subscribers.url, '/api/email-subscribers', { method: 'POST', body: { email: 'lia@example.com' } })).status).toBe(201),
    );
    expect(signUp.length).toBeLessThanOrEqual(BUDGET.signUpPending);
    const held = await subscribers.models.Subscriber.findOne({ emailKey: 'lia@example.com' }).lean();
    expect(held?.pendingConfirmation).toBe(true);
  });
});

/**
 * A sign-up reads the settings (every replica sees a change at once), then merges what it
 * knows into the address's record (read, then a guarded write): 3; under double opt-in the
 * relay then leases the document and releases it with the event published: 5.
 */
const BUDGET = { signUp: 3, signUpPending: 5, list: 1 };
