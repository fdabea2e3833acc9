import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, PAYMENT_MESSAGES } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import { listenOn, waitFor, type Listener } from '@bb/service-kit/testing';
import { adminLogin, api, bookTreatment, depositTreatment, pageOnce, runAddress } from '../api/support';
import { capacityTreatmentId, flipped } from './booking-attacks';
import { paymentsDatabase, receiptObjects } from './payments-support';
import { login, logout, urls } from './support';

// The visitor's transfer receipt (issue 31), a public multipart upload reached by the manage
// link's token, attacked through the gateway and on payments' own port: links that are not
// theirs, files that are no image, too big or too many, odd fields, file names that climb out
// of a folder, and a crowd of uploads for one payment. A refused upload changes nothing: the
// payment still awaits, nothing is announced and no image is left in the bucket.
jest.setTimeout(3 * 60 * 1000);

const treatmentId = `receipt-attack-${randomUUID()}`;
const DEPOSIT = 40_000;
const address = runAddress('receipt-attack');
const TARGETS = [
  { name: 'through the gateway', url: urls('GATEWAY_REPLICA_URLS')[0] },
  { name: "on payments' own port", url: urls('PAYMENTS_REPLICA_URLS')[0] },
];

let token: string;
let catalog: EventBus;
let db: Awaited<ReturnType<typeof paymentsDatabase>>;
let heard: Listener<'payments.receipt.submitted'>;

beforeAll(async () => {
  token = await adminLogin();
  catalog = await depositTreatment(token, treatmentId, DEPOSIT);
  db = await paymentsDatabase();
  heard = await listenOn('bb.events', ['payments.receipt.submitted'], 'payments-receipt-attacks');
});
afterAll(async () => {
  await api(`/api/deposit-policies/${treatmentId}`, { method: 'PUT', token, body: { kind: 'none' } });
  await heard.close();
  await db.close();
  await catalog.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const blob = (bytes: Buffer | string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}
/** A receipt form: by default one PNG in `image`, a reference number and the GCash kind. */
const form = (parts: Part[] = [{ name: 'image', value: PNG, filename: 'receipt.png' }, ...fields()]) => {
  const data = new FormData();
  for (const p of parts) {
    if (p.filename === undefined) data.append(p.name, typeof p.value === 'string' ? p.value : blob(p.value));
    else data.append(p.name, blob(p.value), p.filename);
  }
  return data;
};
const fields = (referenceNumber = '5012 3344 9', kind = 'gcash'): Part[] => [
  { name: 'referenceNumber', value: referenceNumber },
  { name: 'kind', value: kind },
];
const image = (value: Buffer | string, filename = 'receipt.png'): Part => ({
  name: 'image',
  value: typeof value === 'string' ? Buffer.from(value) : value,
  filename,
});

async function upload(base: string, link: string, body: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/payments/by-link/${link}/receipt`, { method: 'POST', body, headers });
  const text = await res.text();
  let parsed: { message?: string; status?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Judged by the status alone below: every answer must be JSON.
  }
  return { status: res.status, text, body: parsed };
}

async function awaitingPayment(label: string) {
  const { booked } = await bookTreatment(treatmentId, address(label));
  await pageOnce(booked.manageToken as string);
  const doc = await db.payment(booked.id);
  if (!doc) throw new Error(`no payment for ${booked.id}`);
  return { booked, link: booked.manageToken as string, paymentId: String(doc._id) };
}

const stateOf = async (appointmentId: string) => {
  const doc = await db.payment(appointmentId);
  return doc && { status: doc.status, updatedAt: doc.updatedAt, holdExpiresAt: doc.holdExpiresAt, receipt: doc.receipt, method: doc.method };
};
const submittedFor = (appointmentId: string) => heard.received.filter((e) => e.data.appointmentId === appointmentId);

describe.each(TARGETS)('receipt uploads $name', ({ url }) => {
  it('answer a link that is not one with 400, and every link without a payment the same 404: no oracle', async () => {
    const { link } = await awaitingPayment('links');
    for (const bad of ['short', `${'a'.repeat(31)}!`, `${'a'.repeat(33)}`, '..%2F..%2Fadmin']) {
      const answer = await upload(url, bad, form());
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
      expect(answer.body.message).toBe('This payment link is not valid. Please use the link from our e-mail.');
    }
    // A made-up token, a character of a real one changed, and the real link of a booking that owes nothing.
    const free = await bookTreatment(await capacityTreatmentId(token), address('no-deposit'));
    expect(free.booked.payment).toBeNull();
    const unknown = [randomUUID().replace(/-/g, ''), flipped(link, 10), free.booked.manageToken as string];
    const answers = await Promise.all(unknown.map((l) => upload(url, l, form())));
    for (const answer of answers) expect({ status: answer.status, text: answer.text }).toEqual({ status: 404, text: answers[0].text });
    expect(answers[0].body).toEqual({ message: PAYMENT_MESSAGES.notRequested });
  });

  it('refuse what is no JPG or PNG, too big, empty, twice, or with odd fields, with a 4xx JSON message; nothing stored or changed', async () => {
    const { booked, link, paymentId } = await awaitingPayment('files');
    const before = await stateOf(booked.id);
    const notImage = 'Invalid file type: please upload a JPG or PNG image';
    const cases: [string, FormData, number, string | RegExp][] = [
      ['a text file', form([image('just some text', 'receipt.txt'), ...fields()]), 415, notImage],
      ['an SVG', form([image('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'receipt.svg'), ...fields()]), 415, notImage],
      ['HTML named .png', form([image('<!doctype html><script>alert(1)</script>', 'receipt.png'), ...fields()]), 415, notImage],
      ['HTML with a PNG after it', form([image(Buffer.concat([Buffer.from('<html>'), PNG]), 'receipt.png'), ...fields()]), 415, notImage],
      ['a GIF', form([image('GIF89a\x01\x00\x01\x00', 'receipt.gif'), ...fields()]), 415, notImage],
      ['zero bytes', form([image(Buffer.alloc(0)), ...fields()]), 415, notImage],
      ['a PNG over 5 MB', form([image(Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)])), ...fields()]), 413, 'Image must be less than 5MB'],
      ['two images', form([image(PNG), image(PNG, 'second.png'), ...fields()]), 400, 'Upload refused: Too many files'],
      ['the image in another field', form([{ name: 'file', value: PNG, filename: 'receipt.png' }, ...fields()]), 400, /multipart field "image"/],
      ['no image', form(fields()), 400, PAYMENT_MESSAGES.noReceipt],
      ['no reference number', form([image(PNG), { name: 'kind', value: 'gcash' }]), 400, /reference number/],
      ['a reference number with markup', form([image(PNG), ...fields('<b>5012</b>')]), 400, /only letters, digits, spaces and dashes/],
      ['a reference number of 10 KB', form([image(PNG), ...fields('1'.repeat(10_000))]), 400, /at most 64 characters/],
      ['the reference number twice', form([image(PNG), ...fields(), { name: 'referenceNumber', value: '9999 0000' }]), 400, /./],
      ['a nested reference number', form([image(PNG), { name: 'referenceNumber[a][b]', value: '5012 3344' }, { name: 'kind', value: 'gcash' }]), 400, /./],
      ['a list of kinds', form([image(PNG), { name: 'referenceNumber', value: '5012 3344' }, { name: 'kind[]', value: 'gcash' }]), 400, /./],
      ['a kind no account is offered for', form([image(PNG), ...fields('5012 3344', 'bank')]), 400, /kind must be one of the accounts offered/],
      ['a kind that is none', form([image(PNG), ...fields('5012 3344', '__proto__')]), 400, /kind must be one of/],
      ['30 fields', form([image(PNG), ...fields(), ...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' }))]), 400, /Upload refused/],
    ];
    for (const [name, body, status, text] of cases) {
      const answer = await upload(url, link, body);
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect({ name, message: answer.body.message }).toEqual({ name, message: typeof text === 'string' ? text : expect.stringMatching(text) });
    }
    // Not multipart at all.
    const asJson = await fetch(`${url}/api/payments/by-link/${link}/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referenceNumber: '5012 3344', kind: 'gcash', image: PNG.toString('base64') }),
    });
    expect(asJson.status).toBe(400);
    expect(await stateOf(booked.id)).toEqual(before);
    expect(submittedFor(booked.id)).toEqual([]);
    expect(await receiptObjects(paymentId)).toEqual([]);
  });

  it('store a PNG whatever its file name says, under a name of its own, and serve it to staff only as an image', async () => {
    const { booked, link, paymentId } = await awaitingPayment('names');
    // A PNG that is also a page: taken as the PNG it starts as, never served as anything else.
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const answer = await upload(url, link, form([image(polyglot, '../../../../etc/passwd.png'), ...fields('7001 2002')]));
    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe('in_review');
    const stored = await receiptObjects(paymentId);
    expect(stored).toEqual([expect.stringMatching(new RegExp(`^receipts/${paymentId}/[0-9a-f]{24}\\.png$`))]);
    const served = await fetch(`${url}/api/payments/${paymentId}/receipt`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(polyglot)).toBe(true);
    expect((await fetch(`${url}/api/payments/${paymentId}/receipt`)).status).toBe(401);
    // A second receipt while the first waits for review: refused, and its image not kept.
    const again = await upload(url, link, form([image(PNG), ...fields('7001 2003')]));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.inReview);
    expect(await receiptObjects(paymentId)).toEqual(stored);
    await waitFor('the receipt announced', async () => submittedFor(booked.id).length === 1);
  });

  it('are found only at the route itself: other spellings and methods of it store nothing', async () => {
    const { booked, link, paymentId } = await awaitingPayment('paths');
    const before = await stateOf(booked.id);
    const variants: [string, string, number][] = [
      ['POST', `/API/payments/by-link/${link}/receipt`, 404],
      ['POST', `/api/payments/by-link/${link}/Receipt`, 404],
      ['POST', `/api/payments/by-link/${link}/receipt/`, 404],
      ['POST', `/api/payments/by-link/${link}//receipt`, 404],
      ['PUT', `/api/payments/by-link/${link}/receipt`, 405],
      ['PATCH', `/api/payments/by-link/${link}/receipt`, 405],
    ];
    for (const [method, path, status] of variants) {
      const res = await fetch(`${url}${path}`, { method, body: form() });
      expect({ method, path, status: res.status }).toEqual({ method, path, status });
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
    for (const method of ['GET', 'HEAD']) expect((await fetch(`${url}/api/payments/by-link/${link}/receipt`, { method })).status).toBe(405);
    expect(await stateOf(booked.id)).toEqual(before);
    expect(await receiptObjects(paymentId)).toEqual([]);
  });

  it('ignore a bad or revoked staff token on the public upload: the link alone decides', async () => {
    const { link } = await awaitingPayment('tokens');
    const revoked = await login(urls('GATEWAY_REPLICA_URLS')[0], '127.0.0.32');
    await logout(urls('GATEWAY_REPLICA_URLS')[0], revoked);
    for (const authorization of ['Bearer not-a-token', `Bearer ${revoked}`]) {
      const answer = await upload(url, link, form([image(PNG), ...fields('')]), { authorization });
      expect({ authorization, status: answer.status }).toEqual({ authorization, status: 400 });
    }
  });
});

describe('20 uploads for one payment at once', () => {
  it('take exactly one for review, refuse the rest with 409, never 500, and keep one image', async () => {
    const { booked, link, paymentId } = await awaitingPayment('crowd');
    const places = TARGETS.map((t) => t.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(places[i % places.length], link, form([image(PNG), ...fields(`8000 ${1000 + i}`)]))),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    await waitFor('the receipt announced', async () => submittedFor(booked.id).length === 1);
    const doc = await db.payment(booked.id);
    expect(doc?.status).toBe('in_review');
    // The image of every write that lost is removed again.
    await waitFor('only the reviewed image left', async () => (await receiptObjects(paymentId)).length === 1, 10_000, 200);
    expect(await receiptObjects(paymentId)).toEqual([doc?.receipt.key]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(submittedFor(booked.id)).toHaveLength(1);
  });
});
