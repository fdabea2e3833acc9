import { SLOT_FULL_MESSAGE, type Appointment } from '@bb/contracts';
import { blocksCovering, MINUTE_MS } from '@bb/service-kit';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerOfDay, monday, startBooking, type BookingUnderTest } from './support/booking';

// Races of the existing kind with a buffer on: parallel bookings of adjacent slots, whose
// buffers reach into each other's blocks, never hold more than capacity in any block.
const BUFFER = 30;
const REQUESTS = 24;
const ROUNDS = 4;

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking('buffer_race');
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', defaultDuration: 30 });
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { bufferMinutes: BUFFER }, asAdmin)).status).toBe(200);
});
afterAll(() => booking.close());

/** Every block an appointment holds (its time and its buffer) has at most `capacity` of them, and the ledger matches. */
async function expectCapacityKept(date: string, capacity: number) {
  const stored = await booking.models.Appointment.find({ preferredDate: date, deletedAt: null }).lean();
  const perBlock = new Map<number, number>();
  for (const a of stored) {
    const held = blocksCovering(a.startTime as Date, new Date((a.endTime as Date).getTime() + BUFFER * MINUTE_MS));
    for (const block of held) perBlock.set(block.getTime(), (perBlock.get(block.getTime()) ?? 0) + 1);
  }
  expect(stored.length).toBeGreaterThan(0);
  expect(Math.max(...perBlock.values())).toBeLessThanOrEqual(capacity);
  await expectLedgerOfDay(booking, date, stored, perBlock);
  return stored;
}

describe('bookings racing with a buffer', () => {
  const shapes = [
    { preferredTime: '09:00', treatments: ['facial'] },
    { preferredTime: '09:30', treatments: ['peel'] },
    { preferredTime: '10:00', treatments: ['facial'] },
    { preferredTime: '10:30', treatments: ['peel'] },
    { preferredTime: '11:00', treatments: ['facial', 'peel'] },
    { preferredTime: '11:30', treatments: ['facial'] },
  ];

  for (const capacity of [1, 2]) {
    it(`never put more than ${capacity} in any block, buffer blocks included, ${ROUNDS} rounds of ${REQUESTS} adjacent bookings`, async () => {
      expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: capacity }, asAdmin)).status).toBe(200);
      for (let round = 0; round < ROUNDS; round++) {
        const date = monday(capacity * ROUNDS + round);
        const answers = await Promise.all(
          Array.from({ length: REQUESTS }, (_, i) =>
            call<Appointment>(
              booking.url,
              'POST',
              '/api/appointments',
              bookingRequest({ preferredDate: date, ...shapes[i % shapes.length], email: `buffer${round}.${i}@example.com` }),
            ),
          ),
        );
        for (const a of answers) {
          expect([201, 409]).toContain(a.status);
          if (a.status === 409) expect(a.body.message).toBe(SLOT_FULL_MESSAGE);
        }
        const stored = await expectCapacityKept(date, capacity);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(stored.length);
      }
    }, 60_000);
  }
});
