import { SLOT_FULL_MESSAGE, type BookedAppointment, type SlotHold, type SlotsResponse } from '@bb/contracts';
import { MINUTE_MS } from '@bb/service-kit';
import {
  addBookable,
  asAdmin,
  bookingRequest,
  call,
  expectLedgerMatches,
  ledgerHolders,
  monday,
  startBooking,
  TEST_NOW,
  type BookingUnderTest,
} from './support/booking';

// A visitor's hold on a slot while they fill in the form: an entry of the ledger that others
// see as taken, that the visitor books within, and that frees itself at its expiry.

let booking: BookingUnderTest;
let clock = TEST_NOW;

beforeAll(async () => {
  booking = await startBooking('slot_holds', { now: () => clock });
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', defaultDuration: 30 });
});
afterEach(() => {
  clock = TEST_NOW;
});
afterAll(() => booking.close());

const hold = (preferredDate: string, preferredTime: string, treatments = ['facial']) =>
  call<SlotHold>(booking.url, 'POST', '/api/slot-holds', { offeringType: 'clinic', preferredDate, preferredTime, treatments });
const release = (holdId: string) => call(booking.url, 'DELETE', `/api/slot-holds/${holdId}`);
const book = (over: Record<string, unknown>) => call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
const slotAt = async (date: string, time: string, holdId?: string) =>
  (
    await call<SlotsResponse>(
      booking.url,
      'GET',
      `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=facial${holdId ? `&holdId=${holdId}` : ''}`,
    )
  ).body.slots.find((s) => s.time === time);
const visitorHolds = async () => [...(await ledgerHolders(booking.models)).held.keys()].filter((holder) => holder.startsWith('v'));

describe("a visitor's hold on a slot", () => {
  it('is taken for others, free for its holder, and booked within by its holder alone', async () => {
    const date = monday(0);
    const held = await hold(date, '10:00');
    expect(held.status).toBe(201);
    expect(held.body.holdId).toMatch(/^[A-Za-z0-9_-]{22}c\d{8}$/);
    expect(held.body.expiresAt).toBe(new Date(TEST_NOW.getTime() + 10 * MINUTE_MS).toISOString());
    expect(await slotAt(date, '10:00')).toEqual({ time: '10:00', available: false, full: true, reason: 'full' });
    expect(await slotAt(date, '10:00', held.body.holdId)).toEqual({ time: '10:00', available: true });
    expect((await book({ preferredDate: date, preferredTime: '10:00', firstName: 'Other' })).body.message).toBe(SLOT_FULL_MESSAGE);
    expect((await hold(date, '10:00')).body.message).toBe(SLOT_FULL_MESSAGE);

    const booked = await book({ preferredDate: date, preferredTime: '10:00', holdId: held.body.holdId });
    expect(booked.status).toBe(201);
    // The hold's places became the appointment's in the same write: no hold left, one place per block.
    expect(await visitorHolds()).toEqual([]);
    await expectLedgerMatches(booking.models);
    expect((await release(held.body.holdId)).status).toBe(204);
    expect((await book({ preferredDate: date, preferredTime: '10:00', firstName: 'Late' })).body.message).toBe(SLOT_FULL_MESSAGE);
  });

  it('booked for a longer treatment takes the extra block it needs, and the hold is no answer to a retry', async () => {
    const date = monday(1);
    const held = await hold(date, '10:00');
    const key = { 'idempotency-key': 'hold-longer' };
    const body = bookingRequest({ preferredDate: date, preferredTime: '10:00', treatments: ['facial', 'peel'], holdId: held.body.holdId });
    const first = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', body, key);
    expect(first.status).toBe(201);
    expect((await ledgerHolders(booking.models)).held.get(`a${first.body.id}`)).toEqual([`${date}T10:00`, `${date}T10:30`, `${date}T11:00`]);
    // A retry of the same request with the hold gone (or another hold) is the same request.
    const retry = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', { ...body, holdId: undefined }, key);
    expect([retry.status, retry.body.id]).toEqual([201, first.body.id]);
    await expectLedgerMatches(booking.models);
  });

  it('released gives its places back at once; releasing again, or a hold never given, answers 204', async () => {
    const date = monday(2);
    const held = await hold(date, '10:00');
    expect((await release(held.body.holdId)).status).toBe(204);
    expect(await slotAt(date, '10:00')).toEqual({ time: '10:00', available: true });
    expect((await release(held.body.holdId)).status).toBe(204);
    expect((await release(`${'A'.repeat(22)}c20300121`)).status).toBe(204);
    expect((await release('not-a-hold')).status).toBe(400);
    // Found by schemathesis: a hold id of the right form whose date is no date answered 500.
    for (const noDate of ['0000000000000000000000c00000000', `${'A'.repeat(22)}c20301332`, `${'A'.repeat(22)}s20300230`]) {
      const refused = await release(noDate);
      expect([refused.status, refused.body]).toEqual([400, expect.objectContaining({ message: expect.stringContaining('holdId') })]);
    }
    expect(await visitorHolds()).toEqual([]);
  });

  it('expired is no hold: its holder books like anyone while there is room, and meets 409 once someone else took it', async () => {
    const date = monday(3);
    const mine = await hold(date, '10:00');
    const theirs = await hold(date, '14:00');
    clock = new Date(TEST_NOW.getTime() + 11 * MINUTE_MS);
    expect((await book({ preferredDate: date, preferredTime: '10:00', holdId: mine.body.holdId })).status).toBe(201);
    expect((await book({ preferredDate: date, preferredTime: '14:00', firstName: 'Quick' })).status).toBe(201);
    expect((await book({ preferredDate: date, preferredTime: '14:00', holdId: theirs.body.holdId })).body.message).toBe(SLOT_FULL_MESSAGE);
    await expectLedgerMatches(booking.models);
    expect(await visitorHolds()).toEqual([]);
  });

  it('is checked as a booking is: unknown items, a closed day and a past time are refused, nothing held', async () => {
    expect((await hold(monday(4), '10:00', ['nope'])).status).toBe(400);
    expect((await hold('2030-01-06', '10:00')).body.message).toMatch(/closed/);
    expect((await hold('2030-01-01', '10:00')).body.message).toMatch(/already passed/);
    expect((await hold(monday(4), '10:00', [])).body.message).toBe('Please select at least one treatment.');
    expect(await visitorHolds()).toEqual([]);
  });
});

describe('holds racing bookings', () => {
  it('never let more than capacity through, together, and every hold that got through books within it', async () => {
    expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 3 }, asAdmin)).status).toBe(200);
    try {
      for (let round = 0; round < 4; round++) {
        const date = monday(5 + round);
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            i % 2 === 0 ? hold(date, '10:00') : book({ preferredDate: date, preferredTime: '10:00', email: `racer${round}.${i}@example.com` }),
          ),
        );
        const won = answers.filter((a) => a.status === 201);
        expect(won).toHaveLength(3);
        for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.message]).toEqual([409, SLOT_FULL_MESSAGE]);
        const holds = answers.flatMap((a, i) => (a.status === 201 && i % 2 === 0 ? [(a.body as SlotHold).holdId] : []));
        for (const [i, holdId] of holds.entries())
          expect((await book({ preferredDate: date, preferredTime: '10:00', holdId, email: `holder${round}.${i}@example.com` })).status).toBe(201);
        expect(await booking.models.Appointment.countDocuments({ preferredDate: date })).toBe(3);
        await expectLedgerMatches(booking.models);
      }
    } finally {
      await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 1 }, asAdmin);
    }
  });
});
