// kill -9 of a booking process in the middle of its writes: bookings, cancels, moves (within a
// month and across one), deletions and re-openings fired at it from many clients at once, the
// process killed while they are in flight, another started on a later clock. Then every block
// of the ledger is checked against the appointments. Serial: it kills processes.
import fs from 'node:fs';
import path from 'node:path';
import type { BookedAppointment } from '@bb/contracts';
import { MINUTE_MS } from '@bb/service-kit';
import { testMongoUrl } from '@bb/service-kit/testing';
import { CHANGE_DEADLINE_MS, decodeLedger, ledgerBlocks, staleEntries, type StoredLedgerDoc } from '../../src/domain/ledger';
import { settleEntries } from '../../src/store/ledger-settle';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerMatches, monday, startBooking, TEST_NOW, type BookingUnderTest } from '../support/booking';
import { bundleInstance, startBookingProcess, type BookingProcess } from '../support/processes';

const CAPACITY = 2;
const WORKERS = 12;
const ROUNDS = 3;
// The last Monday of January and the first of February: moves cross from one month's ledger to the next.
const DAYS = [monday(3), monday(4)];
const TIMES = Array.from({ length: 14 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const ITEMS = [['facial'], ['peel'], ['facial', 'peel']];

let booking: BookingUnderTest;
let bundle: string;
const mongoUrl = testMongoUrl('ledger_crash');

beforeAll(async () => {
  booking = await startBooking('ledger_crash', { mongoUrl });
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', defaultDuration: 30 });
  const saved = await call(
    booking.url,
    'PUT',
    '/api/settings/clinic',
    { maxSessionsPerSlot: CAPACITY, maxReschedulesPerBooking: 20, changeCutoffHours: 0 },
    asAdmin,
  );
  expect(saved.status).toBe(200);
  bundle = await bundleInstance();
}, 60_000);
afterAll(async () => {
  fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
  await booking.conn.dropDatabase();
  await booking.close();
});

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** Clients doing everything a visitor and staff do, at once, until `running()` turns false or the process is gone. */
async function fire(process: BookingProcess, running: () => boolean, made: { id: string; token: string }[]): Promise<number> {
  let answered = 0;
  const client = async (n: number) => {
    for (let i = 0; running(); i++) {
      const target = made.length > 0 ? pick(made) : null;
      const op = target ? pick(['book', 'book', 'cancel', 'move', 'move', 'delete', 'reopen'] as const) : 'book';
      try {
        if (op === 'book' || !target) {
          const res = await call<BookedAppointment>(
            process.url,
            'POST',
            '/api/appointments',
            bookingRequest({
              preferredDate: pick(DAYS),
              preferredTime: pick(TIMES),
              treatments: pick(ITEMS),
              email: `crash${n}.${i}.${Date.now()}@example.com`,
            }),
          );
          if (res.status === 201) made.push({ id: res.body.id, token: res.body.manageToken as string });
        } else if (op === 'move') {
          await call(process.url, 'POST', `/api/manage/${target.token}/reschedule`, { preferredDate: pick(DAYS), preferredTime: pick(TIMES) });
        } else if (op === 'delete') {
          await call(process.url, 'DELETE', `/api/appointments/${target.id}`, undefined, asAdmin);
        } else {
          await call(process.url, 'PATCH', `/api/appointments/${target.id}`, { status: op === 'cancel' ? 'cancelled' : 'pending' }, asAdmin);
        }
        answered += 1;
      } catch {
        return; // The process is gone.
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, n) => client(n)));
  return answered;
}

/** What every refused claim does in the blocks it meets, done for every block: settle what is stale at `now`. */
async function settleEverything(now: Date): Promise<number> {
  let settled = 0;
  for (const doc of (await booking.models.Ledger.find().lean<StoredLedgerDoc[]>()).map(decodeLedger)) {
    const fields = Object.keys(doc.b ?? {});
    settled += await settleEntries(booking.models, 'clinic', doc._id, staleEntries(doc, fields, now));
  }
  return settled;
}

describe('a booking process killed in the middle of its writes', () => {
  it(`leaves a ledger that agrees with the appointments once the deadlines pass, ${ROUNDS} times over`, async () => {
    const made: { id: string; token: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const clock = new Date(TEST_NOW.getTime() + round * (CHANGE_DEADLINE_MS + MINUTE_MS));
      const victim = await startBookingProcess(bundle, mongoUrl, clock);
      let running = true;
      const firing = fire(victim, () => running, made);
      // Long enough for every kind of write to be under way many times over, then SIGKILL while clients wait.
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 1000));
      await victim.kill();
      running = false;
      const answered = await firing;
      const open = (await booking.models.Ledger.find().lean<StoredLedgerDoc[]>())
        .map(decodeLedger)
        .flatMap((doc) => Object.values(doc.h ?? {}).filter((e) => e.s === 'c'));

      // Another process, on a clock past the deadlines: its refused claims settle what they meet.
      const later = new Date(clock.getTime() + CHANGE_DEADLINE_MS + MINUTE_MS);
      const next = await startBookingProcess(bundle, mongoUrl, later);
      let again = true;
      const more = fire(next, () => again, made);
      await new Promise((r) => setTimeout(r, 1000));
      again = false;
      await more;
      await next.stop();
      const settled = await settleEverything(later);
      console.log(`round ${round}: ${answered} answers before the kill, ${open.length} changes left open by it, ${settled} settled at the end`);

      await expectLedgerMatches(booking.models);
      const active = await booking.models.Appointment.find({ deletedAt: null, status: { $ne: 'cancelled' } }).lean();
      for (const a of active) expect(a.blocks).toEqual(ledgerBlocks(a.startTime as Date, a.endTime as Date));
      const perBlock = new Map<string, number>();
      for (const block of active.flatMap((a) => a.blocks)) perBlock.set(block, (perBlock.get(block) ?? 0) + 1);
      expect(Math.max(0, ...perBlock.values())).toBeLessThanOrEqual(CAPACITY);
    }
  }, 180_000);
});
