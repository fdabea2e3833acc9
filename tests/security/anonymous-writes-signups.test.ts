import { POLICY_MESSAGES, WAITLIST_MESSAGES, type WaitlistEntry, type WaitlistJoined } from '@bb/contracts';
import { uniquePhone, waitFor } from '@bb/service-kit/testing';
import {
  asAdmin,
  book,
  freeSlots,
  gateway,
  loadStock,
  ROUTES,
  saveSettings,
  send,
  settingsOf,
  type Slot,
  slotsOnDays,
  stock,
  type Visitor,
  visitor,
} from './booking-attacks';
import { inBatches, type StackProcess } from './support';

// Issue 24, booking's part, continued (anonymous-writes-booking.test.ts): a waitlist sign-up
// with someone else's address tells nothing of their entry and leaves it alone, and the
// per-contact cap (off unless staff set it) holds for a burst of one contact however its
// address and number are written; through both gateways and on each booking process.
jest.setTimeout(5 * 60 * 1000);

beforeAll(loadStock);

describe('a waitlist sign-up with someone else’s address', () => {
  /** A clinic slot on a random far day, booked full; the manage tokens of its holders. */
  async function fullSlot(target: StackProcess): Promise<{ slot: Slot; holders: string[] }> {
    const [slot] = await freeSlots('clinic', stock.treatmentId, 1);
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
      treatments: [stock.treatmentId],
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
    const slots = await slotsOnDays('studio', stock.packageId, 7);
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
