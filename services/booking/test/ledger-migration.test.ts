import { Types } from 'mongoose';
import { SLOT_FULL_MESSAGE } from '@bb/contracts';
import { blocksCovering, DAY_MS, manilaInstant } from '@bb/service-kit';
import { silentLogger, testMongoUrl } from '@bb/service-kit/testing';
import { LEDGER_MIGRATION, migrateToLedger } from '../src/store/ledger-migration';
import type { AppointmentDoc } from '../src/models/appointment';
import { addBookable, bookingRequest, call, expectLedgerMatches, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// A database of the shape before the ledger (appointments with seat ids, seats, day sheets),
// 5,000 appointments over a year up to three months after the business clock: the service
// moves its upcoming appointments to the ledger at start, once, and a run stopped half-way is
// taken up by the next start.

const mongoUrl = testMongoUrl('ledger_migration');
let booking: BookingUnderTest;

const APPOINTMENTS = 5000;
const FIRST_DAY = Date.UTC(2029, 1, 5); // A Monday, about 47 weeks before TEST_NOW.

/** Eight one-hour appointments per offering per weekday, one in ten cancelled, as the old booking stored them. */
async function seedOldShape() {
  const appointments: Record<string, unknown>[] = [];
  const seats: Record<string, unknown>[] = [];
  const sheets = new Map<string, string[]>();
  for (let day = 0; appointments.length < APPOINTMENTS; day++) {
    const date = new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);
    if ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) continue;
    for (const offering of ['clinic', 'studio'] as const) {
      for (let hour = 9; hour < 17 && appointments.length < APPOINTMENTS; hour++) {
        const _id = new Types.ObjectId();
        const start = manilaInstant(date, hour * 60);
        const cancelled = appointments.length % 10 === 9;
        const held = cancelled ? [] : blocksCovering(start, new Date(start.getTime() + 3_600_000)).map((block) => `${offering}|${block.toISOString()}|0`);
        for (const seat of held) {
          seats.push({ _id: seat, offeringType: offering, blockStart: new Date(seat.split('|')[1]), seat: 0, appointmentId: _id, claimedAt: start });
          sheets.set(`${offering}|${date}`, [...(sheets.get(`${offering}|${date}`) ?? []), `${seat}#${String(_id)}`]);
        }
        appointments.push({
          _id,
          firstName: 'Old',
          lastName: 'Shape',
          gender: null,
          age: null,
          email: `old${appointments.length}@example.com`,
          contact: '0917 000 0000',
          preferredDate: date,
          preferredTime: `${String(hour).padStart(2, '0')}:00`,
          startTime: start,
          endTime: new Date(start.getTime() + 3_600_000),
          offeringType: offering,
          treatments: ['facial'],
          items: [{ id: 'facial', name: 'Facial' }],
          notes: '',
          status: cancelled ? 'cancelled' : 'pending',
          adminComment: '',
          seats: held,
          requestHash: null,
          revision: 0,
          outbox: [],
          deletedAt: null,
          createdAt: start,
          updatedAt: start,
        });
      }
    }
  }
  for (let i = 0; i < appointments.length; i += 500) await booking.models.Appointment.collection.insertMany(appointments.slice(i, i + 500) as never[]);
  for (let i = 0; i < seats.length; i += 1000) await booking.conn.collection('seats').insertMany(seats.slice(i, i + 1000) as never[]);
  await booking.conn.collection('day_sheets').insertMany([...sheets].map(([id, holds]) => ({ _id: id, holds })) as never[]);
}

/** The appointments the ledger must hold: not cancelled, from the day before the clock on. */
const upcoming = async (offering: 'clinic' | 'studio') =>
  booking.models.Appointment.find({ offeringType: offering, status: { $ne: 'cancelled' }, startTime: { $gte: new Date(TEST_NOW.getTime() - DAY_MS) } }).lean<
    AppointmentDoc[]
  >();

beforeAll(async () => {
  booking = await startBooking('ledger_migration', { mongoUrl });
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  // This start found nothing to move and marked it done: the database is made old again.
  expect(await booking.models.SeedMarker.findById(LEDGER_MIGRATION).lean()).toMatchObject({ completedAt: TEST_NOW });
  await booking.models.SeedMarker.deleteOne({ _id: LEDGER_MIGRATION });
  await seedOldShape();
}, 120_000);
afterAll(async () => {
  await booking.conn.dropDatabase();
  await booking.close();
});

describe('moving a database of seats and day sheets to the ledger', () => {
  it('is taken up by the next start after a run stopped half-way, and leaves the ledger holding every upcoming appointment', async () => {
    let moved = 0;
    const stopAt = () => {
      moved += 1;
      if (moved === 300) throw new Error('stopped');
    };
    await expect(migrateToLedger(booking.models, TEST_NOW, silentLogger(), stopAt)).rejects.toThrow('stopped');
    expect(await booking.models.SeedMarker.findById(LEDGER_MIGRATION).lean()).toBeNull();

    const next = await startBooking('ledger_migration', { mongoUrl });
    await next.close();
    expect(await booking.models.SeedMarker.findById(LEDGER_MIGRATION).lean()).toMatchObject({ completedAt: TEST_NOW });
    for (const offering of ['clinic', 'studio'] as const) {
      const active = await upcoming(offering);
      expect(active.length).toBeGreaterThan(500);
      for (const a of active)
        expect(a.blocks).toEqual(
          blocksCovering(a.startTime as Date, a.endTime as Date).map((b) => new Date(b.getTime() + 8 * 3_600_000).toISOString().slice(0, 16)),
        );
      await expectLedgerMatches(booking.models, active, offering);
    }
  }, 300_000);

  it('runs once: a later start or run changes nothing', async () => {
    const before = await booking.models.Ledger.find().lean();
    expect(await migrateToLedger(booking.models, TEST_NOW, silentLogger())).toBe(0);
    expect(await booking.models.Ledger.find().lean()).toEqual(before);
  });

  it('leaves the moved places taken and the others free for bookings', async () => {
    // Monday 7 January 2030: eight clinic appointments of the old shape fill it at capacity 1.
    const taken = await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: '2030-01-07', preferredTime: '10:00' }));
    expect([taken.status, taken.body.message]).toEqual([409, SLOT_FULL_MESSAGE]);
    const cancelled = await booking.models.Appointment.findOne({ offeringType: 'clinic', status: 'cancelled', startTime: { $gt: TEST_NOW } }).lean();
    if (!cancelled) throw new Error('no cancelled appointment ahead');
    const free = await call(
      booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: cancelled.preferredDate, preferredTime: cancelled.preferredTime }),
    );
    expect(free.status).toBe(201);
  });
});
