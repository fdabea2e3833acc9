import { randomUUID } from 'node:crypto';
import type { CalendarFeed, Practitioner, PractitionerCalendarFeed, SlotsResponse, StaffMember, WaitlistEntry, WaitlistJoined } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { requireEnv, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { capacityTreatmentId } from './booking-attacks';
import { inBatches, login, logout, raw, stackProcesses, type RawAnswer } from './support';

// The public routes of the scheduling rules, attacked: the calendar feed (a secret address is
// its only key) and the waitlist join, on both gateways and on each booking process directly,
// with no token, a garbage one and a revoked one, spelled every way but the table's, in
// parallel, and with a thousand odd inputs. Their admin routes are in admin-routes.test.ts.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const targets = stackProcesses().filter((p) => p.service === null || p.service === 'booking');
const json = { 'content-type': 'application/json' };

let admin = '';
let revoked = '';
let treatmentId = '';
beforeAll(async () => {
  admin = await login(gateway);
  revoked = await login(gateway);
  await logout(gateway, revoked);
  treatmentId = await capacityTreatmentId(admin);
});

const tokens: [string, Record<string, string>][] = [
  ['no token', {}],
  ['a garbage token', { authorization: 'Bearer not.a.token' }],
  ['a revoked token', { authorization: `Bearer ${revoked}` }],
];
const withToken = (name: string) => tokens.find(([n]) => n === name)?.[1] ?? {};

const feedOf = async (rotate = false): Promise<CalendarFeed> => {
  const res = await raw(gateway, {
    method: rotate ? 'POST' : 'GET',
    path: `/api/calendar-feeds/studio${rotate ? '/rotate' : ''}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as CalendarFeed;
};

const isFeed = (answer: RawAnswer) =>
  answer.status === 200 && String(answer.headers['content-type']).startsWith('text/calendar') && answer.text.startsWith('BEGIN:VCALENDAR');
const isJsonRefusal = (answer: RawAnswer) =>
  answer.status >= 400 && answer.status < 500 && String(answer.headers['content-type']).startsWith('application/json');

/** The same path as the table's, spelled otherwise: none of these is the feed. */
const VARIANTS: [string, (path: string) => string][] = [
  ['trailing slash', (p) => `${p}/`],
  ['upper case', (p) => p.toUpperCase()],
  ['mixed case', (p) => p.replace('/calendar/', '/Calendar/')],
  ['double slash', (p) => p.replace('/api/', '/api//')],
  ['percent-encoded', (p) => p.replace('/calendar/', '/%63alendar/')],
  ['upper-cased token', (p) => p.replace(/\/([^/]+)\.ics$/, (_, t: string) => `/${t.toUpperCase()}.ics`)],
  ['no .ics', (p) => p.replace(/\.ics$/, '')],
];

describe('the calendar feed', () => {
  it('answers its exact address on every gateway and booking process, whatever token comes with it, and HEAD without a body', async () => {
    const { path } = await feedOf();
    const tries = targets.flatMap((target) => tokens.map(([name]) => ({ target, name })));
    const answers = await inBatches(tries, 8, async ({ target, name }) => ({
      where: `${target.name} with ${name}`,
      get: await raw(target.url, { method: 'GET', path, headers: withToken(name) }),
      head: await raw(target.url, { method: 'HEAD', path, headers: withToken(name) }),
    }));
    expect(answers.filter((a) => !isFeed(a.get)).map((a) => `${a.where} → ${a.get.status}`)).toEqual([]);
    expect(answers.filter((a) => a.head.status !== 200 || a.head.text !== '').map((a) => `${a.where} HEAD → ${a.head.status}`)).toEqual([]);
  });

  it('serves nothing under another spelling of its address', async () => {
    const { path } = await feedOf();
    const tries = targets.flatMap((target) => VARIANTS.map(([variant, spell]) => ({ target, variant, path: spell(path) })));
    const answers = await inBatches(tries, 8, async (t) => ({
      where: `${t.target.name} ${t.variant} ${t.path}`,
      answer: await raw(t.target.url, { method: 'GET', path: t.path }),
    }));
    expect(answers.filter((a) => !isJsonRefusal(a.answer) || a.answer.text.includes('VCALENDAR')).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
  });

  it('gives 60 parallel polls one body and ETag, 304 to a poll that has it, and 404 everywhere at once after a rotation', async () => {
    const { path } = await feedOf();
    // The studio feed lists every studio appointment, and other files book studio meanwhile: a
    // round that a booking landed in is asked again (one body per state is the rule under test).
    await waitFor(
      'a round of 60 polls with one body, then 304 from every process',
      async () => {
        const polls = await inBatches(
          Array.from({ length: 60 }, (_, i) => targets[i % targets.length]),
          20,
          (target) => raw(target.url, { method: 'GET', path }),
        );
        expect(polls.every(isFeed)).toBe(true);
        const etags = new Set(polls.map((p) => p.headers.etag));
        if (etags.size !== 1) return false;
        const [etag] = [...etags];
        for (const target of targets)
          if ((await raw(target.url, { method: 'GET', path, headers: { 'if-none-match': String(etag) } })).status !== 304) return false;
        return true;
      },
      60_000,
      500,
    );

    const rotated = await feedOf(true);
    expect(rotated.path).not.toBe(path);
    for (const target of targets) {
      const old = await raw(target.url, { method: 'GET', path });
      expect([target.name, old.status, isJsonRefusal(old)]).toEqual([target.name, 404, true]);
      expect([target.name, isFeed(await raw(target.url, { method: 'GET', path: rotated.path }))]).toEqual([target.name, true]);
    }
  });
});

describe("a practitioner's calendar feed", () => {
  let staffId = '';
  const asAdmin = () => ({ authorization: `Bearer ${admin}` });
  const practitionerFeed = async (rotate = false): Promise<PractitionerCalendarFeed> => {
    const res = await raw(gateway, {
      method: rotate ? 'POST' : 'GET',
      path: `/api/practitioners/${staffId}/calendar-feed${rotate ? '/rotate' : ''}`,
      headers: asAdmin(),
    });
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as PractitionerCalendarFeed;
  };

  beforeAll(async () => {
    // A staff member of the catalog, which booking hears of (it takes no bookings: no other test's slots change).
    const made = await raw(gateway, {
      method: 'POST',
      path: '/api/staff',
      headers: { ...json, ...asAdmin() },
      body: JSON.stringify({ name: `Feed Attack ${randomUUID().slice(0, 8)}`, position: 'Nurse', bio: 'Attacked', offeringType: 'clinic' }),
    });
    expect(made.status).toBe(201);
    staffId = (JSON.parse(made.text) as StaffMember).id;
    await waitFor('booking knows the practitioner', async () => {
      const listed = await raw(gateway, { method: 'GET', path: '/api/practitioners', headers: asAdmin() });
      return (JSON.parse(listed.text) as Practitioner[]).some((p) => p.id === staffId);
    });
  });

  it('answers its exact address on every gateway and booking process, whatever token comes with it; HEAD without a body, changing nothing', async () => {
    const { path } = await practitionerFeed();
    const tries = targets.flatMap((target) => tokens.map(([name]) => ({ target, name })));
    const answers = await inBatches(tries, 8, async ({ target, name }) => ({
      where: `${target.name} with ${name}`,
      get: await raw(target.url, { method: 'GET', path, headers: withToken(name) }),
      head: await raw(target.url, { method: 'HEAD', path, headers: withToken(name) }),
    }));
    expect(answers.filter((a) => !isFeed(a.get)).map((a) => `${a.where} → ${a.get.status}`)).toEqual([]);
    expect(answers.filter((a) => a.head.status !== 200 || a.head.text !== '').map((a) => `${a.where} HEAD → ${a.head.status}`)).toEqual([]);
    expect((await practitionerFeed()).path).toBe(path);
  });

  it('serves nothing under another spelling of its address', async () => {
    const { path } = await practitionerFeed();
    const tries = targets.flatMap((target) => VARIANTS.map(([variant, spell]) => ({ target, variant, path: spell(path) })));
    const answers = await inBatches(tries, 8, async (t) => ({
      where: `${t.target.name} ${t.variant} ${t.path}`,
      answer: await raw(t.target.url, { method: 'GET', path: t.path }),
    }));
    expect(answers.filter((a) => !isJsonRefusal(a.answer) || a.answer.text.includes('VCALENDAR')).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
  });

  it('keeps its address routes for staff: 401 without a valid token, 404 for an unknown practitioner, 400 for a malformed id, on every gateway and process', async () => {
    const cases: [string, string, Record<string, string>, number][] = [];
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/rotate'],
    ]) {
      for (const [name] of tokens) cases.push([method, `/api/practitioners/${staffId}/calendar-feed${suffix}`, withToken(name), 401]);
      cases.push([method, `/api/practitioners/64b7f0c2a1b2c3d4e5f60718/calendar-feed${suffix}`, asAdmin(), 404]);
      for (const bad of ['a%24b', 'x'.repeat(65), 'a%20b']) cases.push([method, `/api/practitioners/${bad}/calendar-feed${suffix}`, asAdmin(), 400]);
    }
    const before = await practitionerFeed();
    const answers = await inBatches(
      targets.flatMap((target) => cases.map(([method, path, headers, status]) => ({ target, method, path, headers, status }))),
      8,
      async (t) => ({ where: `${t.target.name} ${t.method} ${t.path}`, expected: t.status, answer: await raw(t.target.url, t) }),
    );
    expect(answers.filter((a) => a.answer.status !== a.expected || !isJsonRefusal(a.answer)).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
    expect(await practitionerFeed()).toEqual(before);
  });

  it('answers 404 everywhere at once after a rotation, and once the practitioner is removed', async () => {
    const { path } = await practitionerFeed();
    const rotated = await practitionerFeed(true);
    expect(rotated.path).not.toBe(path);
    for (const target of targets) {
      const old = await raw(target.url, { method: 'GET', path });
      expect([target.name, old.status, isJsonRefusal(old)]).toEqual([target.name, 404, true]);
      expect([target.name, isFeed(await raw(target.url, { method: 'GET', path: rotated.path }))]).toEqual([target.name, true]);
    }
    expect((await raw(gateway, { method: 'DELETE', path: `/api/staff/${staffId}`, headers: asAdmin() })).status).toBe(200);
    await waitFor("the removed practitioner's feed is gone", async () => (await raw(gateway, { method: 'GET', path: rotated.path })).status === 404);
    for (const target of targets) expect([target.name, (await raw(target.url, { method: 'GET', path: rotated.path })).status]).toEqual([target.name, 404]);
  });
});

describe('joining the waitlist', () => {
  /** A clinic slot on a random far day, booked full (capacity 1 on the test stack unless a test raised it). */
  async function fullSlot(): Promise<{ date: string; time: string }> {
    for (;;) {
      const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
      const slots = JSON.parse(
        (await raw(gateway, { method: 'GET', path: `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}` })).text,
      ) as SlotsResponse;
      const free = slots.slots.find((s) => s.available);
      if (!free) continue;
      for (let i = 0; ; i++) {
        const booked = await raw(gateway, {
          method: 'POST',
          path: '/api/appointments',
          headers: json,
          body: JSON.stringify({ ...visitor(`holder-${i}`), preferredDate: date, preferredTime: free.time, treatments: [treatmentId], offeringType: 'clinic' }),
        });
        if (booked.status === 409) return { date, time: free.time };
        expect(booked.status).toBe(201);
      }
    }
  }
  const visitor = (label: string) => ({
    firstName: 'Ada',
    lastName: 'Attack',
    email: `attack-${label}-${randomUUID().slice(0, 8)}@example.com`,
    contact: uniquePhone(),
  });
  const joinBody = (who: ReturnType<typeof visitor>, slot: { date: string; time: string }) =>
    JSON.stringify({ ...who, preferredDate: slot.date, preferredTime: slot.time, treatments: [treatmentId], offeringType: 'clinic' });

  it('gives one entry to 40 identical joins racing over both gateways and both booking processes, whatever token comes with them', async () => {
    const slot = await fullSlot();
    const body = joinBody(visitor('racer'), slot);
    const answers = await inBatches(
      Array.from({ length: 40 }, (_, i) => ({ target: targets[i % targets.length], headers: tokens[i % tokens.length][1] })),
      40,
      (t) => raw(t.target.url, { method: 'POST', path: '/api/waitlist', headers: { ...json, ...t.headers }, body }),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(JSON.parse(answers[0].text) as WaitlistJoined).toMatchObject({ preferredDate: slot.date, preferredTime: slot.time });
    const listed = JSON.parse(
      (await raw(gateway, { method: 'GET', path: '/api/waitlist?offeringType=clinic', headers: { authorization: `Bearer ${admin}` } })).text,
    ) as WaitlistEntry[];
    expect(listed.filter((e) => e.email === (JSON.parse(body) as { email: string }).email)).toHaveLength(1);
  });

  it('is not reached under another spelling of its path, and answers the same on a booking process as through the gateway', async () => {
    const slot = await fullSlot();
    const spellings = ['/api/waitlist/', '/API/waitlist', '/api/Waitlist', '/api//waitlist', '/api/%77aitlist'];
    const tries = targets.flatMap((target) => spellings.map((path) => ({ target, path })));
    const answers = await inBatches(tries, 8, async (t) => ({
      where: `${t.target.name} ${t.path}`,
      answer: await raw(t.target.url, { method: 'POST', path: t.path, headers: json, body: joinBody(visitor('spelling'), slot) }),
    }));
    expect(answers.filter((a) => !isJsonRefusal(a.answer) || a.answer.status === 409).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
    for (const target of targets)
      expect([
        target.name,
        (await raw(target.url, { method: 'POST', path: '/api/waitlist', headers: json, body: joinBody(visitor(target.name), slot) })).status,
      ]).toEqual([target.name, 201]);
  });

  it('refuses a thousand odd inputs with a 4xx JSON message and never a 5xx', async () => {
    const slot = await fullSlot();
    const good = JSON.parse(joinBody(visitor('odd'), slot)) as Record<string, unknown>;
    const odd: unknown[] = [
      null,
      7,
      'text',
      [],
      {},
      [good],
      { ...good, preferredDate: '2030-02-30' },
      { ...good, preferredTime: '25:00' },
      { ...good, treatments: 'x' },
      { ...good, offeringType: 'both' },
      { ...good, email: 'x'.repeat(300) },
    ];
    const fields = Object.keys(good);
    const values: unknown[] = [null, true, -1, 1e308, '', ' ', '\u0000', 'ä'.repeat(5000), [], {}, { $gt: '' }, ['a'], '<script>'];
    const bodies = Array.from({ length: 1000 }, (_, i) => (i < odd.length ? odd[i] : { ...good, [fields[i % fields.length]]: values[i % values.length] }));
    const answers = await inBatches(bodies, 16, (body) =>
      raw(targets[0].url, { method: 'POST', path: '/api/waitlist', headers: json, body: JSON.stringify(body) }),
    );
    const joins = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter(isJsonRefusal).length;
    expect(answers.filter((a) => a.status >= 500).map((a) => a.text)).toEqual([]);
    expect(joins + refused).toBe(bodies.length);
    const feeds = await inBatches(
      Array.from({ length: 200 }, (_, i) => `/api/calendar/${'%'.repeat(i % 3)}${'x'.repeat(i)}.ics`),
      16,
      (path) => raw(targets[1].url, { method: 'GET', path }),
    );
    expect(feeds.filter((a) => !isJsonRefusal(a)).map((a) => a.status)).toEqual([]);
  });
});
