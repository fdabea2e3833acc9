import { randomUUID } from 'node:crypto';
import type { BookedAppointment } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import { adminLogin, api, bookTreatment, depositTreatment, pageOnce, paymongoApi, runAddress } from '../api/support';
import { paymentsDatabase } from './payments-support';
import { raw, urls } from './support';

// Amounts are never taken from the client (issue 31): a booking or a checkout carrying amounts,
// prices and currencies of its own, at the top and nested, is answered with booking's amount
// (the treatment's deposit policy) or refused; the checkout session made at PayMongo (the local
// double, read through its API) asks what the policy says, never what the visitor sent.
jest.setTimeout(3 * 60 * 1000);

const treatmentId = `amount-attack-${randomUUID()}`;
const DEPOSIT = 45_000;
const PRICE = 250_000;
const address = runAddress('amount-attack');
const TARGETS = [
  { name: 'through the gateway', url: urls('GATEWAY_REPLICA_URLS')[0] },
  { name: "on payments' own port", url: urls('PAYMENTS_REPLICA_URLS')[0] },
];
/** What a visitor might try to pay less with, at the top of a body and nested in it. */
const CHEAP = { amount: 100, amountCentavos: 100, amount_centavos: 100, currency: 'USD', price: 1, priceCentavos: 1, deposit: 1 };
const CHEAP_NESTED = {
  ...CHEAP,
  payment: { ...CHEAP, state: 'paid' },
  deposit: { kind: 'fixed', amount: 100 },
  line_items: [{ amount: 100, currency: 'USD', quantity: 1, name: 'Deposit' }],
  attributes: { amount: 100, line_items: [{ amount: 100 }] },
  data: { attributes: { amount: 100 } },
};

let token: string;
let catalog: EventBus;
let db: Awaited<ReturnType<typeof paymentsDatabase>>;

beforeAll(async () => {
  token = await adminLogin();
  catalog = await depositTreatment(token, treatmentId, DEPOSIT, PRICE);
  db = await paymentsDatabase();
});
afterAll(async () => {
  await api(`/api/deposit-policies/${treatmentId}`, { method: 'PUT', token, body: { kind: 'none' } });
  await db.close();
  await catalog.close();
});

interface Session {
  data: { attributes: { line_items: { amount: number; currency: string; quantity: number }[] } };
}

describe('a booking that names its own amount', () => {
  it.each([
    ['at the top', CHEAP],
    ['nested', CHEAP_NESTED],
  ])('%s is booked with the policy’s deposit, whatever it sent', async (_where, extra) => {
    const { booked } = await bookTreatment(treatmentId, address('booking'), extra);
    expect(booked.payment).toMatchObject({ state: 'awaiting', amount: DEPOSIT });
    const page = await pageOnce(booked.manageToken as string);
    expect(page).toMatchObject({ amount: DEPOSIT, currency: 'PHP', status: 'awaiting' });
    expect(await db.payment(booked.id)).toMatchObject({ amount: DEPOSIT, currency: 'PHP', status: 'awaiting' });
  });
});

describe.each(TARGETS)('a checkout that names its own amount $name', ({ url }) => {
  let booked: BookedAppointment;
  beforeAll(async () => {
    booked = (await bookTreatment(treatmentId, address('checkout'))).booked;
    await pageOnce(booked.manageToken as string);
  });

  it('makes a session at PayMongo for the policy’s amount in pesos, whatever the body or query said', async () => {
    const path = `/api/payments/by-link/${booked.manageToken}/checkout?amount=100&currency=USD`;
    const headers = { 'content-type': 'application/json' };
    const answers = [];
    for (const body of [CHEAP, CHEAP_NESTED, [CHEAP], {}]) answers.push(await raw(url, { method: 'POST', path, headers, body: JSON.stringify(body) }));
    // The body is never read: every ask answers the one session still open.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const urlsAnswered = new Set(answers.map((a) => (JSON.parse(a.text) as { checkoutUrl: string }).checkoutUrl));
    expect(urlsAnswered.size).toBe(1);
    const sessionId = [...urlsAnswered][0].split('/').pop() as string;
    const session = await paymongoApi<Session>(`/v1/checkout_sessions/${sessionId}`);
    expect(session.data.attributes.line_items).toEqual([expect.objectContaining({ amount: DEPOSIT, currency: 'PHP', quantity: 1 })]);
    expect(await db.payment(booked.id)).toMatchObject({ amount: DEPOSIT, status: 'awaiting' });
  });

  it('refuses a body nested too deeply, still without a second session', async () => {
    const before = await db.payment(booked.id);
    const answer = await raw(url, {
      method: 'POST',
      path: `/api/payments/by-link/${booked.manageToken}/checkout`,
      headers: { 'content-type': 'application/json' },
      body: '{"amount":'.repeat(100) + '1' + '}'.repeat(100),
    });
    expect(answer.status).toBe(400);
    expect((await db.payment(booked.id))?.paymongo).toEqual(before?.paymongo);
  });
});

it('a receipt that names its own amount is taken for the policy’s amount, the extra field unread', async () => {
  const { booked } = await bookTreatment(treatmentId, address('receipt'));
  await pageOnce(booked.manageToken as string);
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]))]),
    'r.png',
  );
  form.append('referenceNumber', '6100 2200');
  form.append('kind', 'gcash');
  form.append('amount', '100');
  form.append('currency', 'USD');
  const sent = await fetch(`${urls('GATEWAY_REPLICA_URLS')[0]}/api/payments/by-link/${booked.manageToken}/receipt`, { method: 'POST', body: form });
  expect(sent.status).toBe(201);
  expect(await sent.json()).toMatchObject({ amount: DEPOSIT, currency: 'PHP', status: 'in_review' });
  expect(await db.payment(booked.id)).toMatchObject({ amount: DEPOSIT, currency: 'PHP' });
});
