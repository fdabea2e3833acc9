import { randomInt, randomUUID } from 'node:crypto';
import {
  MANAGE_MESSAGES,
  POLICY_MESSAGES,
  WAITLIST_MESSAGES,
  type BookedAppointment,
  type ManagedAppointment,
  type Package,
  type Settings,
  type SlotsResponse,
  type Treatment,
  type WaitlistEntry,
  type WaitlistJoined,
} from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { mailpit, requireEnv, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { inBatches, login, raw, stackProcesses, type StackProcess } from './support';

// Issue 24, booking's part: the anonymous writes that book or move, attacked through both
// gateways and directly on each booking process's port. A customer's moves of one booking stop
// at the offering's limit (and with them the mails and calendar files each move sends), two
// moves racing for the last one left cannot both pass, a waitlist sign-up with someone else's
// address tells nothing of their entry and leaves it alone, the per-contact cap (off unless staff
// set it) holds for a burst of one contact however its address and number are written, and a
// manage token with one character changed opens nothing. A link's expiry (410, 30 days after
// its appointment) needs the business clock: booking's own tests move it (manage.test.ts).
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const gateways = stackProcesses().filter((p) => p.service === null);
const bookingProcesses = stackProcesses().filter((p) => p.service === 'booking');
const ROUTES: [string, StackProcess[]][] = [
  ['through the gateways', gateways],
  ['on the booking processes directly', bookingProcesses],
];
const json = { 'content-type': 'application/json' };
/** A client address of this file's own (any 127.x.y.z is this machine), so no other file's requests share its per-address limits. */
const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

let admin = '';
let treatmentId = '';
let packageId = '';
beforeAll(async () => {
  admin = await login(gateway);
  treatmentId = (await send<Treatment[]>(gateway, 'GET', '/api/treatments?offering=clinic')).body[0].id;
  const packages = (await send<Package[]>(gateway, 'GET', '/api/packages?offering=studio')).body.filter((p) => p.offeringType !== 'clinic');
  packageId = packages[0].id;
});

interface Answer<T> {
  status: number;
  text: string;
  body: T & { message?: string };
}

async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs?: number,
): Promise<Answer<T>> {
  const answer = await raw(base, {
    method,
    path,
    headers: { ...json, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    from,
    timeoutMs,
  });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // A calendar file, or no body.
  }
  return { status: answer.status, text: answer.text, body: parsed as T & { message?: string } };
}
const asAdmin = () => ({ authorization: `Bearer ${admin}` });

const visitor = (label: string) => ({
  firstName: 'Ada',
  lastName: 'Attack',
  email: `anon-${label}-${randomUUID().slice(0, 8)}@example.com`,
  contact: uniquePhone(),
});
type Visitor = ReturnType<typeof visitor>;
interface Slot {
  date: string;
  time: string;
}

/** `count` available slots of one random far day of the offering (the stack books ten years ahead; no other file uses that day). */
async function freeSlots(offering: 'clinic' | 'studio', itemId: string, count: number): Promise<Slot[]> {
  for (;;) {
    const date = manilaDateInDays(400 + randomInt(0, 3000));
    const day = await send<SlotsResponse>(gateway, 'GET', `/api/available-slots?offeringType=${offering}&date=${date}&treatmentId=${itemId}`);
    const free = day.body.slots.filter((s) => s.available);
    if (free.length >= count) return free.slice(0, count).map((s) => ({ date, time: s.time }));
  }
}

/** One available slot on each of `count` different random far days. */
async function slotsOnDays(offering: 'clinic' | 'studio', itemId: string, count: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  while (slots.length < count) {
    const [slot] = await freeSlots(offering, itemId, 1);
    if (!slots.some((s) => s.date === slot.date)) slots.push(slot);
  }
  return slots;
}

const bookingBody = (who: Visitor, slot: Slot, offering: 'clinic' | 'studio' = 'clinic') => ({
  ...who,
  preferredDate: slot.date,
  preferredTime: slot.time,
  treatments: [offering === 'clinic' ? treatmentId : packageId],
  offeringType: offering,
});
const book = (target: StackProcess, who: Visitor, slot: Slot, offering: 'clinic' | 'studio' = 'clinic', headers: Record<string, string> = {}) =>
  send<BookedAppointment>(target.url, 'POST', '/api/appointments', bookingBody(who, slot, offering), headers);
const view = (target: StackProcess, token: string) => send<ManagedAppointment>(target.url, 'GET', `/api/manage/${token}`);
const move = (target: StackProcess, token: string, slot: Slot) =>
  send<ManagedAppointment>(target.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate: slot.date, preferredTime: slot.time });
const settingsOf = async (offering: 'clinic' | 'studio', target: StackProcess | { url: string } = { url: gateway }) =>
  (await send<Settings>(target.url, 'GET', `/api/settings/${offering}`, undefined, asAdmin())).body;

/**
 * Saves settings, then waits until every booking process holds them (each hears the save as an
 * event). Sent to a booking process itself: turning the cap on gives every upcoming appointment
 * of the offering on the shared stack its places before it answers, which may outlast the
 * gateway's upstream timeout.
 */
async function saveSettings(offering: 'clinic' | 'studio', change: Partial<Settings>): Promise<void> {
  const saved = await send<Settings>(bookingProcesses[0].url, 'PUT', `/api/settings/${offering}`, change, asAdmin(), 120_000);
  expect(saved.status).toBe(200);
  await waitFor(
    `every booking process has the ${offering} settings`,
    async () => {
      const held = await Promise.all(bookingProcesses.map((p) => settingsOf(offering, p)));
      return held.every((s) => Object.entries(change).every(([field, value]) => s[field as keyof Settings] === value));
    },
    15000,
  );
}

/** The token with its character at `index` replaced by another one. */
const flipped = (token: string, index: number) => `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;

describe("a customer's moves of one booking", () => {
  it.each(ROUTES)('stop at the offering limit %s: the next move is refused with what to do instead and sends nothing', async (_route, targets) => {
    const limit = (await settingsOf('clinic')).maxReschedulesPerBooking;
    expect(limit).toBeGreaterThan(0);
    const slots = await freeSlots('clinic', treatmentId, limit + 2);
    const who = visitor('mover');
    const made = await book(targets[0], who, slots[0]);
    expect(made.status).toBe(201);
    const token = made.body.manageToken as string;

    // Sent as fast as the attack run sent them, alternating between the processes.
    for (let i = 0; i < limit; i++) {
      const moved = await move(targets[i % targets.length], token, slots[i + 1]);
      expect([moved.status, moved.body.preferredTime, moved.body.reschedulesLeft]).toEqual([200, slots[i + 1].time, limit - 1 - i]);
    }
    const refused = await move(targets[limit % targets.length], token, slots[limit + 1]);
    expect([refused.status, refused.body.message]).toEqual([409, MANAGE_MESSAGES.movesUsed(limit)]);
    expect(refused.body.message).toMatch(/contact us/);
    for (const target of targets)
      expect((await view(target, token)).body).toMatchObject({ preferredTime: slots[limit].time, reschedulesLeft: 0, status: 'pending' });

    // One rescheduled mail per move that was made, none for the refused one.
    await mailpit.waitForMails(who.email, /rescheduled/i, 1);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailpit.messagesTo(who.email)).filter((m) => /rescheduled/i.test(m.Subject)).length).toBeLessThanOrEqual(limit);
  });

  it.each(ROUTES)('let only one of two moves sent at once for the last one left through %s', async (_route, targets) => {
    const limit = (await settingsOf('clinic')).maxReschedulesPerBooking;
    const slots = await freeSlots('clinic', treatmentId, limit + 2);
    const made = await book(targets[0], visitor('last-move'), slots[0]);
    expect(made.status).toBe(201);
    const token = made.body.manageToken as string;
    for (let i = 1; i < limit; i++) expect((await move(targets[0], token, slots[i])).status).toBe(200);

    const racing = await Promise.all([move(targets[0], token, slots[limit]), move(targets[targets.length - 1], token, slots[limit + 1])]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = racing.find((r) => r.status === 200)?.body;
    expect((await view(targets[0], token)).body).toMatchObject({ preferredTime: won?.preferredTime, reschedulesLeft: 0 });
  });
});

describe('a waitlist sign-up with someone else’s address', () => {
  /** A clinic slot on a random far day, booked full; the manage tokens of its holders. */
  async function fullSlot(target: StackProcess): Promise<{ slot: Slot; holders: string[] }> {
    const [slot] = await freeSlots('clinic', treatmentId, 1);
    const holders: string[] = [];
    for (;;) {
      const booked = await book(target, visitor('holder'), slot);
      if (booked.status === 409) return { slot, holders };
      expect(booked.status).toBe(201);
      holders.push(booked.body.manageToken as string);
    }
  }
  const join = (target: StackProcess, who: Visitor, slot: Slot, over: Record<string, unknown> = {}) =>
    send<WaitlistJoined>(target.url, 'POST', '/api/waitlist', {
      ...who,
      preferredDate: slot.date,
      preferredTime: slot.time,
      treatments: [treatmentId],
      offeringType: 'clinic',
      ...over,
    });
  const entryOf = async (email: string, slot: Slot) =>
    (await send<WaitlistEntry[]>(gateway, 'GET', '/api/waitlist?offeringType=clinic', undefined, asAdmin())).body.find(
      (e) => e.email === email && e.preferredDate === slot.date && e.preferredTime === slot.time,
    );

  it.each(ROUTES)('answers %s exactly as a first sign-up does, and changes nothing of their entry, also once it was notified', async (_route, targets) => {
    const [target] = targets;
    const { slot, holders } = await fullSlot(target);
    const victim = visitor('victim');
    expect((await join(target, victim, slot)).status).toBe(201);
    const stranger = await join(target, visitor('stranger'), slot);
    expect(stranger.status).toBe(201);
    expect(stranger.body).toEqual({ offeringType: 'clinic', preferredDate: slot.date, preferredTime: slot.time, message: WAITLIST_MESSAGES.joined });
    const before = await entryOf(victim.email, slot);
    expect(before).toMatchObject({ status: 'waiting', firstName: victim.firstName, contact: victim.contact });

    // The probe: the victim's address in another case, with the attacker's own name and number.
    const probe = await join(targets[targets.length - 1], { ...visitor('attacker'), email: victim.email.toUpperCase() }, slot, { firstName: 'Mallory' });
    expect([probe.status, probe.text]).toEqual([201, stranger.text]);
    expect(await entryOf(victim.email, slot)).toEqual(before);

    // Once the slot freed up and the victim was told, a sign-up does not make them wait (and be mailed) again.
    for (const token of holders) expect((await send(target.url, 'POST', `/api/manage/${token}/cancel`)).status).toBe(200);
    await waitFor('the victim is told', async () => (await entryOf(victim.email, slot))?.status === 'notified', 30000);
    const notified = await entryOf(victim.email, slot);
    for (;;) {
      const booked = await book(target, visitor('refill'), slot);
      if (booked.status === 409) break;
      expect(booked.status).toBe(201);
    }
    const again = await join(target, { ...visitor('attacker'), email: victim.email }, slot);
    expect([again.status, again.text]).toEqual([201, stranger.text]);
    expect(await entryOf(victim.email, slot)).toEqual(notified);
  });
});

describe('the per-contact cap, when staff set it', () => {
  const CAP = 5;
  let saved: number;
  beforeAll(async () => {
    saved = (await settingsOf('studio')).maxUpcomingPerContact;
    // The studio: fewer files book there, and this file's contacts are its own.
    await saveSettings('studio', { maxUpcomingPerContact: CAP });
  });
  afterAll(() => saveSettings('studio', { maxUpcomingPerContact: saved }));

  /** Seven bookings of one contact sent at once, spread over the targets, each its own far day: exactly the cap go through. */
  async function burst(targets: StackProcess[], contactOf: (i: number) => { email: string; contact: string }) {
    const slots = await slotsOnDays('studio', packageId, 7);
    const answers = await inBatches(
      slots.map((slot, i) => ({ slot, i })),
      7,
      ({ slot, i }) => book(targets[i % targets.length], { firstName: 'Ada', lastName: 'Attack', ...contactOf(i) }, slot, 'studio'),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CAP);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message])).toEqual([
      [400, POLICY_MESSAGES.cap(CAP)],
      [400, POLICY_MESSAGES.cap(CAP)],
    ]);
  }

  it.each(ROUTES)('holds for seven bookings of one new contact sent at once %s', async (_route, targets) => {
    const who = visitor('burst');
    await burst(targets, () => who);
  });

  it.each(ROUTES)('counts +tags of one mailbox as one contact %s', async (_route, targets) => {
    const [local, domain] = visitor('tagged').email.split('@');
    await burst(targets, (i) => ({ email: `${local}+${i}@${domain}`, contact: uniquePhone() }));
  });

  it.each(ROUTES)('counts one number written as 0917… or +63 917… as one contact %s', async (_route, targets) => {
    const local = uniquePhone().replace(/\D/g, '').slice(1); // 917…: ten digits
    const written = [
      `0${local}`,
      `+63 ${local}`,
      `+63${local}`,
      `63${local}`,
      `(0${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`,
      `+63 (${local.slice(0, 3)}) ${local.slice(3)}`,
      `0${local.slice(0, 3)} ${local.slice(3)}`,
    ];
    await burst(targets, (i) => ({ email: visitor(`number-${i}`).email, contact: written[i] }));
  });
});

describe('a manage token', () => {
  it.each(ROUTES)(
    'with one character changed opens nothing %s (404, the bad-link message), and a retried booking answers the real one',
    async (_route, targets) => {
      const [target] = targets;
      const [slot, other] = await freeSlots('clinic', treatmentId, 2);
      const who = visitor('token');
      const key = { 'idempotency-key': randomUUID() };
      const made = await book(target, who, slot, 'clinic', key);
      const retried = await book(targets[targets.length - 1], who, slot, 'clinic', key);
      expect([made.status, retried.status]).toEqual([201, 201]);
      expect(retried.body.manageToken).toBe(made.body.manageToken);
      const token = made.body.manageToken as string;
      expect((await view(target, token)).status).toBe(200);

      for (const bad of [flipped(token, 0), flipped(token, 15), flipped(token, 16), flipped(token, 31)]) {
        const answers = [
          await view(target, bad),
          await send(target.url, 'POST', `/api/manage/${bad}/cancel`),
          await move(target, bad, other),
          await send(target.url, 'GET', `/api/manage/${bad}/calendar.ics`),
        ];
        expect(answers.map((a) => [a.status, a.body?.message])).toEqual(Array(4).fill([404, MANAGE_MESSAGES.badLink]));
      }
      expect((await view(target, token)).body).toMatchObject({ status: 'pending', preferredDate: slot.date, preferredTime: slot.time });
    },
  );
});
