// Bulk fixtures for tests and benchmarks outside the service: thousands of rows written straight
// into booking's database in its own shapes (through the API they would take many minutes on
// local FerretDB, and the writes are not what a benchmark measures).
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { blocksCovering, DAY_MS, manilaInstant } from '@bb/service-kit';
import { applyBookableChange } from '../src/events/bookables';
import { createModels } from '../src/models';
import { holdEntry } from '../src/models/day-sheet';
import { seatId, type SeatDoc } from '../src/models/seat';
import { sheetOf } from '../src/store/seats';

export { createModels, type BookingModels } from '../src/models';
export { daySheetId } from '../src/models/day-sheet';

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `bookables` treatments (clinic-0…) and packages (studio-0…) of 30, 60 and 90 minutes, and
 * `count` one-hour appointments from `firstDay` on: eight per offering per weekday (a full day
 * at capacity 1), one in ten cancelled, with their seats and day sheets.
 */
export async function seedBookings(conn: Connection, { count, bookables, firstDay }: { count: number; bookables: number; firstDay: number }) {
  const models = createModels(conn);
  for (let i = 0; i < bookables; i++) {
    const clinic = i < bookables / 2;
    await applyBookableChange(models.Bookable, {
      id: `${clinic ? 'clinic' : 'studio'}-${i % (bookables / 2)}`,
      kind: clinic ? 'treatment' : 'package',
      name: `${clinic ? 'Treatment' : 'Package'} ${i}`,
      defaultDuration: [30, 60, 90][i % 3],
      offeringType: clinic ? 'clinic' : 'studio',
      deleted: false,
      version: 1,
    });
  }
  // Eight one-hour appointments per offering per weekday (a full day at capacity 1), one in ten cancelled.
  const appointments: Record<string, unknown>[] = [];
  const seats: SeatDoc[] = [];
  for (let day = 0; appointments.length < count; day++) {
    const date = isoDate(firstDay + day * DAY_MS);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const offering of ['clinic', 'studio'] as const) {
      for (let hour = 9; hour < 17 && appointments.length < count; hour++) {
        const _id = new Types.ObjectId();
        const start = manilaInstant(date, hour * 60);
        const end = new Date(start.getTime() + 3600000);
        const cancelled = appointments.length % 10 === 9;
        const held = (cancelled ? [] : blocksCovering(start, end)).map((block): SeatDoc => ({ _id: seatId(offering, block, 0), offeringType: offering, blockStart: block, seat: 0, appointmentId: _id, claimedAt: new Date() }));
        seats.push(...held);
        appointments.push({
          _id,
          firstName: `Customer${appointments.length}`,
          lastName: 'Bench',
          gender: ['female', 'male', null][appointments.length % 3],
          age: 18 + (appointments.length % 50),
          email: `c${appointments.length}@example.com`,
          contact: '0917 000 0000',
          preferredDate: date,
          preferredTime: `${String(hour).padStart(2, '0')}:00`,
          startTime: start,
          endTime: end,
          offeringType: offering,
          treatments: [`${offering}-1`],
          items: [{ id: `${offering}-1`, name: 'Seeded' }],
          notes: '',
          status: cancelled ? 'cancelled' : 'pending',
          adminComment: '',
          seats: held.map((seat) => seat._id),
          requestHash: null,
          // No manage link: seeded appointments have no customer to send one to.
          revision: 0,
          outbox: [],
          outboxLockedUntil: null,
          deletedAt: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
      }
    }
  }
  for (let i = 0; i < appointments.length; i += 500) await models.Appointment.collection.insertMany(appointments.slice(i, i + 500));
  for (let i = 0; i < seats.length; i += 1000) await models.Seat.insertMany(seats.slice(i, i + 1000), { lean: true });
  const sheets = new Map<string, string[]>();
  for (const seat of seats) sheets.set(sheetOf(seat._id), [...(sheets.get(sheetOf(seat._id)) ?? []), holdEntry(seat._id, seat.appointmentId)]);
  await models.DaySheet.insertMany([...sheets].map(([_id, holds]) => ({ _id, offeringType: _id.split('|')[0], date: _id.split('|')[1], holds })), { lean: true });
  return { appointments: appointments.length, seats: seats.length, daySheets: sheets.size };
}
