import { randomUUID } from 'node:crypto';
import type { EventBus } from '@bb/service-kit';
import { listenOn, mailpit, sendRaw, waitFor, type Listener } from '@bb/service-kit/testing';
import { adminLogin, api, bookTreatment, depositTreatment, pageOnce, paymongoApi, paymongoControl, runAddress, staffView } from '../api/support';
import { hmac, nowSeconds, paymentsDatabase, paymongoEvent, signed, WEBHOOK_PATH, webhookSecret } from './payments-support';
import { inBatches, raw, urls, type RawAnswer } from './support';

// PayMongo's webhook (issue 31), attacked through the gateways and on payments' own port (on
// the network too, so it must refuse alone what the gateway refuses): forged, stale, odd and
// oversized deliveries, the route's other spellings and methods, and a crowd of replays of one
// paid event. The event that proves a refusal is a signed `payment.failed` about our payment:
// payments records it from the event alone, so one that got through would leave a trace.
jest.setTimeout(3 * 60 * 1000);

const treatmentId = `webhook-attack-${randomUUID()}`;
const DEPOSIT = 30_000;
const address = runAddress('webhook-attack');
const gateways = urls('GATEWAY_REPLICA_URLS');
const paymentsPorts = urls('PAYMENTS_REPLICA_URLS');
const TARGETS = [
  { name: 'through the gateway', url: gateways[0] },
  { name: "on payments' own port", url: paymentsPorts[0] },
];
/** Our own client address, so nothing here counts against another file's limits. */
const from = '127.0.0.31';
const json = { 'content-type': 'application/json' };
const message = (answer: RawAnswer) => (JSON.parse(answer.text) as { message: unknown }).message;

let token: string;
let catalog: EventBus;
let secret: string;
let db: Awaited<ReturnType<typeof paymentsDatabase>>;
let heard: Listener<'payments.payment.paid' | 'payments.payment.failed' | 'payments.receipt.submitted' | 'booking.appointment.created'>;

beforeAll(async () => {
  token = await adminLogin();
  catalog = await depositTreatment(token, treatmentId, DEPOSIT);
  secret = await webhookSecret();
  db = await paymentsDatabase();
  heard = await listenOn(
    'bb.events',
    ['payments.payment.paid', 'payments.payment.failed', 'payments.receipt.submitted', 'booking.appointment.created'],
    'payments-webhook-attacks',
  );
});
afterAll(async () => {
  await api(`/api/deposit-policies/${treatmentId}`, { method: 'PUT', token, body: { kind: 'none' } });
  await heard.close();
  await db.close();
  await catalog.close();
});

const heardAbout = (appointmentId: string) => heard.received.filter((e) => e.data.appointmentId === appointmentId);

/** A booking waiting for its deposit, with our payment's id (PayMongo's events carry it in their metadata). */
async function awaitingPayment(label: string) {
  const { booked } = await bookTreatment(treatmentId, address(label));
  await pageOnce(booked.manageToken as string);
  const doc = await db.payment(booked.id);
  if (!doc) throw new Error(`no payment for ${booked.id}`);
  return { booked, paymentId: String(doc._id) };
}

/** A `payment.failed` PayMongo could send about our payment: signed, it records a failed attempt. */
const failedEvent = (paymentId: string, appointmentId: string, options: { livemode?: boolean } = {}) =>
  paymongoEvent(
    'payment.failed',
    {
      id: `pay_${randomUUID().replace(/-/g, '')}`,
      type: 'payment',
      attributes: {
        amount: DEPOSIT,
        status: 'failed',
        source: { type: 'card' },
        payment_intent_id: null,
        metadata: { paymentId, appointmentId },
        failed_message: 'The card was declined.',
        refunds: [],
      },
    },
    options,
  );

/** What a write to the payment would change. */
const stateOf = async (appointmentId: string) => {
  const doc = await db.payment(appointmentId);
  return doc && { status: doc.status, updatedAt: doc.updatedAt, holdExpiresAt: doc.holdExpiresAt, paymongo: doc.paymongo, receipt: doc.receipt };
};

const post = (base: string, body: string, headers: Record<string, string>) => raw(base, { method: 'POST', path: WEBHOOK_PATH, headers, body, from });

/** Forged and odd deliveries of one event about the payment, each with an event id of its own, and the answer each must get. */
function forgeries(paymentId: string, appointmentId: string) {
  const t = nowSeconds();
  const one = () => failedEvent(paymentId, appointmentId);
  const cases: { name: string; id: string; body: string; headers: Record<string, string>; status: number; message: string | RegExp }[] = [];
  const add = (
    name: string,
    status: number,
    text: string | RegExp,
    make: (e: { id: string; body: string }) => { body?: string; headers: Record<string, string> },
  ) => {
    const event = one();
    const { body = event.body, headers } = make(event);
    cases.push({ name, id: event.id, body, headers: { ...json, ...headers }, status, message: text });
  };
  const missing = 'Missing Paymongo-Signature header';
  const malformed = 'Malformed Paymongo-Signature header';
  const mismatch = 'The signature does not match the body';
  const stale = /too old \(or from the future\)/;
  add('no signature', 401, missing, () => ({ headers: {} }));
  add('an empty signature', 401, missing, () => ({ headers: { 'paymongo-signature': '' } }));
  add('a staff token instead of a signature', 401, missing, () => ({ headers: { authorization: `Bearer ${token}` } }));
  add('a signature that is no list of parts', 401, malformed, (e) => ({ headers: { 'paymongo-signature': hmac(secret, t, e.body) } }));
  add('no li part', 401, malformed, (e) => ({ headers: { 'paymongo-signature': `t=${t},te=${hmac(secret, t, e.body)}` } }));
  add('t twice', 401, malformed, (e) => ({ headers: { 'paymongo-signature': `t=${t},t=${t + 1},te=${hmac(secret, t, e.body)},li=` } }));
  add('t not a number', 401, malformed, (e) => ({ headers: { 'paymongo-signature': `t=now,te=${hmac(secret, t, e.body)},li=` } }));
  add('a signature not hex', 401, malformed, () => ({ headers: { 'paymongo-signature': `t=${t},te=${'z'.repeat(64)},li=` } }));
  add('a short signature', 401, malformed, (e) => ({ headers: { 'paymongo-signature': `t=${t},te=${hmac(secret, t, e.body).slice(0, 62)},li=` } }));
  add('8 KB of extra parts', 401, malformed, (e) => ({ headers: { 'paymongo-signature': `${signed(secret, e.body, { t })},${'x=1,'.repeat(2000)}` } }));
  add('a wrong secret', 401, mismatch, (e) => ({ headers: { 'paymongo-signature': signed('whsk_NotTheSecretOfThisHook00', e.body, { t }) } }));
  add('a stale timestamp (10 minutes old)', 401, stale, (e) => ({ headers: { 'paymongo-signature': signed(secret, e.body, { t: t - 600 }) } }));
  add('a timestamp 10 minutes ahead', 401, stale, (e) => ({ headers: { 'paymongo-signature': signed(secret, e.body, { t: t + 600 }) } }));
  add('a test-mode event signed in li only', 401, malformed, (e) => ({ headers: { 'paymongo-signature': signed(secret, e.body, { t, live: true }) } }));
  add('a live-mode event signed in te only', 401, malformed, () => {
    const live = failedEvent(paymentId, appointmentId, { livemode: true });
    return { body: live.body, headers: { 'paymongo-signature': signed(secret, live.body, { t }) } };
  });
  add('te of another body', 401, mismatch, () => ({ headers: { 'paymongo-signature': signed(secret, one().body, { t }) } }));
  add('the body changed after signing', 401, mismatch, (e) => ({
    body: e.body.replace('The card was declined.', 'The card was declined!'),
    headers: { 'paymongo-signature': signed(secret, e.body, { t }) },
  }));
  add('the body re-serialised with spaces', 401, mismatch, (e) => ({
    body: JSON.stringify(JSON.parse(e.body), null, 1),
    headers: { 'paymongo-signature': signed(secret, e.body, { t }) },
  }));
  add('another t under the same signature', 401, mismatch, (e) => ({ headers: { 'paymongo-signature': `t=${t + 1},te=${hmac(secret, t, e.body)},li=` } }));
  add('a signed body that is not JSON', 400, 'Malformed JSON in request body', (e) => {
    const body = e.body.slice(0, -1);
    return { body, headers: { 'paymongo-signature': signed(secret, body, { t }) } };
  });
  add('a signed body sent as text/plain', 401, mismatch, (e) => ({
    headers: { 'content-type': 'text/plain', 'paymongo-signature': signed(secret, e.body, { t }) },
  }));
  add('a signed body nested 5,000 deep', 400, 'Request body is nested too deeply (more than 32 levels)', () => {
    const body = '{"data":'.repeat(5000) + '1' + '}'.repeat(5000);
    return { body, headers: { 'paymongo-signature': signed(secret, body, { t }) } };
  });
  add('a signed body of 2 MB', 413, /too large/, (e) => {
    const body = e.body.replace('"previous_data":{}', `"previous_data":{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    return { body, headers: { 'paymongo-signature': signed(secret, body, { t }) } };
  });
  return cases;
}

describe.each(TARGETS)('PayMongo webhook deliveries $name', ({ url }) => {
  it('refuse every forged, stale, malformed or oversized one with a 4xx JSON message, and change nothing', async () => {
    const { booked, paymentId } = await awaitingPayment('forged');
    const before = await stateOf(booked.id);
    const cases = forgeries(paymentId, booked.id);
    const answers = await inBatches(cases, 8, (c) => post(url, c.body, c.headers));
    for (const [i, c] of cases.entries()) {
      expect({ case: c.name, status: answers[i].status }).toEqual({ case: c.name, status: c.status });
      expect(message(answers[i])).toEqual(typeof c.message === 'string' ? c.message : expect.stringMatching(c.message));
    }
    // The signature header twice (a list, as a proxy may join it): malformed, whichever comes first.
    const twice = failedEvent(paymentId, booked.id);
    const sig = signed(secret, twice.body);
    const joined = await sendRaw(
      url,
      `POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nPaymongo-Signature: ${sig}\r\nPaymongo-Signature: ${sig}\r\n` +
        `Content-Length: ${Buffer.byteLength(twice.body)}\r\nConnection: close\r\n\r\n${twice.body}`,
    );
    expect(joined.status).toBe(401);

    expect(await db.handled([...cases.map((c) => c.id), twice.id])).toBe(0);
    expect(await stateOf(booked.id)).toEqual(before);
    expect(await db.paymentsOf(booked.id)).toBe(1);

    // The same event rightly signed is taken: the checks above could fail.
    const genuine = failedEvent(paymentId, booked.id);
    const taken = await post(url, genuine.body, { ...json, 'paymongo-signature': signed(secret, genuine.body) });
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.text)).toEqual({ received: true });
    expect(await db.handled([genuine.id])).toBe(1);
    await waitFor('the failed attempt announced', async () => heardAbout(booked.id).length === 1);
    expect(heardAbout(booked.id).map((e) => e.type)).toEqual(['payments.payment.failed']);
    expect((await stateOf(booked.id))?.status).toBe('awaiting');
  });

  it('take rightly signed events they cannot use (lists for fields, unknown kinds) with 200, and record nothing', async () => {
    const { booked, paymentId } = await awaitingPayment('odd-signed');
    const before = await stateOf(booked.id);
    const event = JSON.parse(failedEvent(paymentId, booked.id).body) as { data: { id: string; attributes: Record<string, unknown> } };
    const tooLongId = `evt_${'x'.repeat(200)}`;
    const ids: string[] = [tooLongId];
    const bodies = [
      { data: [event.data] },
      { data: { ...event.data, id: [event.data.id] } },
      { data: { ...event.data, attributes: { ...event.data.attributes, livemode: [false] } } },
      { data: { ...event.data, attributes: { ...event.data.attributes, type: ['payment.failed'] } } },
      { data: { ...event.data, attributes: { ...event.data.attributes, data: [event.data.attributes.data] } } },
      { data: { ...event.data, id: tooLongId } },
      [event],
      { data: { ...event.data, attributes: { ...event.data.attributes, type: 'source.chargeable', data: { id: 'src_1', type: 'source', attributes: {} } } } },
    ].map((body) => {
      const id = `evt_${randomUUID().replace(/-/g, '')}`;
      ids.push(id);
      return JSON.stringify(body).replaceAll(event.data.id, id);
    });
    for (const body of bodies) {
      const answer = await post(url, body, { ...json, 'paymongo-signature': signed(secret, body) });
      expect({ body: body.slice(0, 80), status: answer.status }).toEqual({ body: body.slice(0, 80), status: 200 });
      expect(JSON.parse(answer.text)).toEqual({ received: true });
    }
    expect(await db.handled(ids)).toBe(0);
    expect(await stateOf(booked.id)).toEqual(before);
    expect(heardAbout(booked.id)).toEqual([]);
  });

  it('are found only at the route itself: other spellings and methods of it are refused and change nothing', async () => {
    const { booked, paymentId } = await awaitingPayment('paths');
    const before = await stateOf(booked.id);
    const ids: string[] = [];
    const variants: [string, string, number][] = [
      ['POST', '/API/payments/webhooks/paymongo', 404],
      ['POST', '/api/payments/webhooks/PayMongo', 404],
      ['POST', `${WEBHOOK_PATH}/`, 404],
      ['POST', `/${WEBHOOK_PATH}`, 404],
      ['POST', `${WEBHOOK_PATH}%2F`, 404],
      ['PUT', WEBHOOK_PATH, 405],
      ['PATCH', WEBHOOK_PATH, 405],
      ['DELETE', WEBHOOK_PATH, 405],
    ];
    for (const [method, path, status] of variants) {
      const event = failedEvent(paymentId, booked.id);
      ids.push(event.id);
      const answer = await raw(url, { method, path, headers: { ...json, 'paymongo-signature': signed(secret, event.body) }, body: event.body, from });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status });
      expect(message(answer)).toEqual(expect.any(String));
    }
    for (const method of ['GET', 'HEAD']) {
      const answer = await raw(url, { method, path: WEBHOOK_PATH, from });
      expect({ method, status: answer.status }).toEqual({ method, status: 405 });
    }
    expect(await db.handled(ids)).toBe(0);
    expect(await stateOf(booked.id)).toEqual(before);
    expect(heardAbout(booked.id)).toEqual([]);
  });
});

describe('one paid event replayed 50 times at once', () => {
  it('moves the payment once: one paid event, the booking confirmed and announced once, one confirmation and one receipt mail, no 500', async () => {
    const email = address('replayed');
    const { booked } = await bookTreatment(treatmentId, email);
    await pageOnce(booked.manageToken as string);
    const checkout = await api<{ checkoutUrl: string }>(`/api/payments/by-link/${booked.manageToken}/checkout`, { method: 'POST' });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.checkoutUrl.split('/').pop() as string;
    // The visitor pays; PayMongo's own delivery of the event is on its way while 50 copies of
    // it, signed afresh as PayMongo signs a retry, arrive at both gateways and payments' port.
    expect((await paymongoControl('POST', `/checkout_sessions/${sessionId}/outcome`, { outcome: 'paid', method: 'gcash' })).status).toBe(200);
    const events = await paymongoControl<{ data: { id: string; resource_id: string }[] }>('GET', '/events?type=checkout_session.payment.paid');
    const sent = events.body.data.find((e) => e.resource_id === sessionId);
    if (!sent) throw new Error(`no paid event for ${sessionId}`);
    const session = (await paymongoApi<{ data: unknown }>(`/v1/checkout_sessions/${sessionId}`)).data;
    const replay = paymongoEvent('checkout_session.payment.paid', session, { id: sent.id });
    const places = [...gateways, ...paymentsPorts];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(places[i % places.length], replay.body, { ...json, 'paymongo-signature': signed(secret, replay.body) })),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));

    await waitFor('the appointment paid', async () => (await staffView(token, booked.id)).payment?.state === 'paid', 30_000, 500);
    await mailpit.waitForMails(email, /^Appointment request received/);
    await mailpit.waitForMails(email, /^Receipt: /);
    // PayMongo's own delivery and its payment.paid came too; whatever else was still on its way has landed by now.
    await new Promise((r) => setTimeout(r, 3000));
    // Booking confirms a paid booking by announcing it as created (the spec's request, now owed nothing).
    expect(
      heardAbout(booked.id)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['booking.appointment.created', 'payments.payment.paid']);
    expect(await db.handled([sent.id])).toBe(1);
    const subjects = (await mailpit.messagesTo(email)).map((m) => m.Subject);
    expect(subjects.filter((s) => /^Appointment request received/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /^Receipt: /.test(s))).toHaveLength(1);
    const appointment = await staffView(token, booked.id);
    expect(appointment).toMatchObject({ status: 'pending', payment: { state: 'paid', amount: DEPOSIT } });

    // PayMongo's own event sent again without and with a wrong signature: refused, nothing moves.
    for (const signature of [null, signed('whsk_NotTheSecretOfThisHook00', replay.body)]) {
      const delivered = await paymongoControl<{ data: { status_code: number }[] }>('POST', `/events/${sent.id}/deliver-raw`, { signature });
      expect(delivered.body.data.map((d) => d.status_code)).toEqual([401]);
    }
    expect(heardAbout(booked.id)).toHaveLength(2);
  });
});
