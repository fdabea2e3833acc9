// A load test by nature (thousands of bookings racing on the shared database): it runs in
// the serial project, alone, so it neither slows nor is slowed by the other suites.
import { SLOT_FULL_MESSAGE, type Appointment } from '@bb/contracts';
import { blocksCovering } from '@bb/service-kit';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerOfDay, monday } from '../support/booking';
import { twoProcessesOn } from '../support/processes';

const CAPACITY = 2;
const REQUESTS = 50;
const ROUNDS = 20;

const app = twoProcessesOn('race', async (booking) => {
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', defaultDuration: 30 });
  await addBookable(booking.models, { id: 'package', defaultDuration: 120 });
  // The rounds book Mondays up to four years ahead (each round on a day of its own): open them all.
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: CAPACITY, horizonDays: 3650 }, asAdmin)).status).toBe(200);
});
const { processes } = app;

type Attempt = { url: string; preferredTime: string; treatments: string[] };

async function race(date: string, attempts: Attempt[]) {
  return Promise.all(
    attempts.map((a, i) =>
      call<Appointment>(
        a.url,
        'POST',
        '/api/appointments',
        bookingRequest({ preferredDate: date, preferredTime: a.preferredTime, treatments: a.treatments, email: `racer${i}@example.com` }),
      ),
    ),
  );
}

/** What the database holds for the day: never more than capacity per block, and a ledger that matches. */
async function expectCapacityKept(date: string) {
  const stored = await app.booking.models.Appointment.find({ preferredDate: date, deletedAt: null }).lean();
  const perBlock = new Map<number, number>();
  for (const a of stored) {
    for (const block of blocksCovering(a.startTime as Date, a.endTime as Date)) perBlock.set(block.getTime(), (perBlock.get(block.getTime()) ?? 0) + 1);
  }
  expect(Math.max(...perBlock.values())).toBeLessThanOrEqual(CAPACITY);
  // Every stored appointment holds a place in each block it covers and no other place is taken.
  await expectLedgerOfDay(app.booking, date, stored, perBlock);
  return stored;
}

/** Rounds start from an empty day and an empty database, so each round costs the same. */
async function clearRound() {
  await app.booking.models.Appointment.deleteMany({});
  await app.booking.models.Ledger.deleteMany({});
}

// Twenty rounds of fifty bookings on a shared, loaded test machine: time enough for the slowest.
const RACE_TIMEOUT_MS = 240_000;

function expectOnly201And409(answers: { status: number; body: { message?: string } }[]) {
  for (const a of answers) {
    expect([201, 409]).toContain(a.status);
    if (a.status === 409) expect(a.body.message).toBe(SLOT_FULL_MESSAGE);
  }
}

describe('capacity under concurrent bookings', () => {
  it(
    `books exactly ${CAPACITY} of ${REQUESTS} simultaneous requests for one slot, ${ROUNDS} times over`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const date = monday(round);
        const answers = await race(
          date,
          Array.from({ length: REQUESTS }, () => ({ url: app.booking.url, preferredTime: '10:00', treatments: ['facial'] })),
        );
        expectOnly201And409(answers);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(CAPACITY);
        expect(answers.filter((a) => a.status === 409)).toHaveLength(REQUESTS - CAPACITY);
        expect(await expectCapacityKept(date)).toHaveLength(CAPACITY);
        await clearRound();
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `books exactly ${CAPACITY} when two booking processes share the database, ${ROUNDS} times over`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const date = monday(100 + round);
        const answers = await race(
          date,
          Array.from({ length: REQUESTS }, (_, i) => ({ url: processes[i % 2].url, preferredTime: '14:00', treatments: ['facial', 'peel'] })),
        );
        expectOnly201And409(answers);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(CAPACITY);
        expect(await expectCapacityKept(date)).toHaveLength(CAPACITY);
        await clearRound();
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `never exceeds capacity with overlapping bookings of different lengths across processes, ${ROUNDS} times over`,
    async () => {
      // 30 to 120 minutes, starting 09:00 to 10:30: every block from 09:00 to 12:00 is contested.
      const shapes = [
        { preferredTime: '09:00', treatments: ['facial', 'peel'] },
        { preferredTime: '09:00', treatments: ['peel'] },
        { preferredTime: '09:30', treatments: ['facial'] },
        { preferredTime: '10:00', treatments: ['peel'] },
        { preferredTime: '10:00', treatments: ['package'] },
        { preferredTime: '10:30', treatments: ['facial'] },
      ];
      const urls = () => [app.booking.url, ...processes.map((p) => p.url)];
      for (let round = 0; round < ROUNDS; round++) {
        const date = monday(200 + round);
        const answers = await race(
          date,
          Array.from({ length: REQUESTS }, (_, i) => ({ url: urls()[i % 3], ...shapes[i % shapes.length] })),
        );
        expectOnly201And409(answers);
        const stored = await expectCapacityKept(date);
        expect(stored.length).toBeGreaterThan(0);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(stored.length);
        await clearRound();
      }
    },
    RACE_TIMEOUT_MS,
  );
});
