import { MANAGE_MESSAGES, SLOT_FULL_MESSAGE, type BookedAppointment, type ManagedAppointment } from '@bb/contracts';
import { blocksCovering, manilaInstant } from '@bb/service-kit';
import { CHANGED_MEANWHILE } from '../src/store/appointment-changes';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerMatches, ledgerHolders, monday, startBooking, type BookingUnderTest } from './support/booking';

// Customers moving appointments at the same moment, at capacity 1 (the default): the ledger and
// the revision-guarded write must settle every race without a lost place or one too many.

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking('reschedule_race');
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
});
afterAll(() => booking.close());

const OPEN_SLOTS = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

async function book(preferredDate: string, preferredTime: string, i: number) {
  const res = await call<BookedAppointment>(
    booking.url,
    'POST',
    '/api/appointments',
    bookingRequest({ preferredDate, preferredTime, treatments: ['peel'], email: `mover${i}@example.com` }),
  );
  expect(res.status).toBe(201);
  return { id: res.body.id, token: res.body.manageToken as string, preferredDate, preferredTime };
}

const reschedule = (token: string, preferredDate: string, preferredTime: string) =>
  call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate, preferredTime });

/**
 * The days as the database holds them: at most one appointment per block, and the ledger holding
 * exactly the active appointments' blocks under their holders, with no change left open.
 */
async function expectConsistent(days: string[]) {
  const first = manilaInstant(days[0], 0);
  const last = manilaInstant(days[days.length - 1], 24 * 60);
  const stored = await booking.models.Appointment.find({ deletedAt: null, status: { $ne: 'cancelled' }, startTime: { $gte: first, $lt: last } }).lean();
  const perBlock = new Map<number, number>();
  for (const a of stored)
    for (const block of blocksCovering(a.startTime as Date, a.endTime as Date)) perBlock.set(block.getTime(), (perBlock.get(block.getTime()) ?? 0) + 1);
  expect(Math.max(...perBlock.values())).toBe(1);
  await expectLedgerMatches(booking.models);
  return stored;
}

describe('concurrent moves', () => {
  it('of 50 appointments onto one free slot: exactly one moves, the others keep their time and places', async () => {
    const days = [monday(0), monday(1), monday(2), monday(3)];
    const movers: Awaited<ReturnType<typeof book>>[] = [];
    for (let i = 0; i < 50; i++) movers.push(await book(days[Math.floor(i / 16)], OPEN_SLOTS[i % 16], i));
    const blocksBefore = new Map(await Promise.all(movers.map(async (m) => [m.id, (await booking.models.Appointment.findById(m.id).lean())?.blocks] as const)));
    const target = { date: monday(4), time: '12:00' };

    const answers = await Promise.all(movers.map((m) => reschedule(m.token, target.date, target.time)));

    const winners = answers.flatMap((a, i) => (a.status === 200 ? [movers[i]] : []));
    expect(winners).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe(SLOT_FULL_MESSAGE);
    }
    const stored = await expectConsistent([...days, target.date]);
    expect(stored).toHaveLength(50);
    for (const doc of stored) {
      const mover = movers.find((m) => m.id === String(doc._id));
      if (mover === winners[0]) {
        expect(doc).toMatchObject({ preferredDate: target.date, preferredTime: target.time, revision: 1 });
      } else {
        expect(doc).toMatchObject({ preferredDate: mover?.preferredDate, preferredTime: mover?.preferredTime, revision: 0 });
        expect(doc.blocks).toEqual(blocksBefore.get(String(doc._id)));
      }
    }
    // The winner's old time is free again.
    const loser = movers.find((m) => m !== winners[0]) as (typeof movers)[number];
    expect((await reschedule(loser.token, winners[0].preferredDate, winners[0].preferredTime)).status).toBe(200);
  });

  it('of one appointment to 20 different free slots: the moves happen one after another and it ends holding one set of places', async () => {
    const days = [monday(10), monday(11)];
    const mover = await book(days[0], '09:00', 0);
    const targets = OPEN_SLOTS.slice(1)
      .map((time) => ({ date: days[0], time }))
      .concat(OPEN_SLOTS.slice(0, 5).map((time) => ({ date: days[1], time })));
    expect(targets).toHaveLength(20);
    // Any number of moves may win here: the limit of moves per appointment has its own tests (manage.test.ts).
    expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxReschedulesPerBooking: 20 }, asAdmin)).status).toBe(200);

    const answers = await Promise.all(targets.map((t) => reschedule(mover.token, t.date, t.time)));

    // Requests that read the same revision race and one wins; one that reads after a win
    // moves again, legitimately. Whichever: each win is one revision, and the rest lost cleanly.
    const won = answers.flatMap((a, i) => (a.status === 200 ? [targets[i]] : []));
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe(CHANGED_MEANWHILE);
    }
    const [doc] = await expectConsistent(days);
    expect(doc.revision).toBe(won.length);
    expect(won.map((w) => `${w.date} ${w.time}`)).toContain(`${doc.preferredDate} ${doc.preferredTime}`);
    expect(doc.blocks).toHaveLength(1);
    expect((await ledgerHolders(booking.models)).held.get(`a${String(doc._id)}`)).toEqual(doc.blocks);
    expect((await reschedule(mover.token, doc.preferredDate, doc.preferredTime)).body.message).toBe(MANAGE_MESSAGES.sameTime);
  });

  it('of one appointment cancelled five times at once: every click answers the cancelled appointment, written once', async () => {
    const made = await book(monday(12), '09:00', 0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${made.token}/cancel`)));
    expect(answers.map((a) => [a.status, a.body.status])).toEqual(Array(5).fill([200, 'cancelled']));
    expect(await booking.models.Appointment.findById(made.id).lean()).toMatchObject({ status: 'cancelled', revision: 1, blocks: [] });
    expect((await ledgerHolders(booking.models)).held.get(`a${made.id}`)).toBeUndefined();
    await expectLedgerMatches(booking.models);
  });
});
