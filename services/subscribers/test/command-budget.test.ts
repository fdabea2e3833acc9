import { api, commandsDuring, describeCommands } from '@bb/service-kit/testing';
import { startSubscribers, type SubscribersHarness } from './harness';

// Database commands per newsletter operation, on the service's own connection.
let subscribers: SubscribersHarness;
const counted: Record<string, string> = {};

beforeAll(async () => {
  subscribers = await startSubscribers('subscribers_budget');
  await commandsDuring(subscribers.current().ctx.conn, async () => undefined, 500);
});
afterAll(async () => {
  console.log(`database commands per operation:\n${Object.entries(counted).map(([op, c]) => `  ${op} ${c}`).join('\n')}`);
  await subscribers.close();
});

async function measure(operation: string, work: () => Promise<unknown>) {
  const commands = await commandsDuring(subscribers.current().ctx.conn, work);
  counted[operation] = `${commands.length}: ${describeCommands(commands).join(', ')}`;
  return commands;
}

describe('database commands per newsletter operation', () => {
  it('sign up, sign up again, and list', async () => {
    const signUp = () => api(subscribers.url, '/api/email-subscribers', { method: 'POST', body: { email: 'ana@example.com' } });
    const first = await measure('newsletter sign-up', async () => expect((await signUp()).status).toBe(201));
    expect(first.length).toBeLessThanOrEqual(BUDGET.signUp);
    const again = await measure('newsletter sign-up, known address', async () => expect((await signUp()).status).toBe(201));
    expect(again.length).toBeLessThanOrEqual(BUDGET.signUp);
    const list = await measure('list subscribers', async () => expect((await api(subscribers.url, '/api/email-subscribers', { token: subscribers.token })).status).toBe(200));
    expect(list.length).toBeLessThanOrEqual(BUDGET.list);
  });
});

/** A sign-up merges what it knows into the address's record (read, then a guarded write). */
const BUDGET = { signUp: 2, list: 1 };
