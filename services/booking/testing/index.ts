// Bulk fixtures for tests and benchmarks outside the service: thousands of rows written straight
// into booking's database in its own shapes (through the API they would take many minutes on
// local FerretDB, and the writes are not what a benchmark measures).
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import type { AppointmentFacts, AppointmentStatus, Side } from '@bb/contracts';
import { blocksCovering, clockTime, DAY_MS, manilaInstant } from '@bb/service-kit';
import { startHarness, type Harness } from '@bb/service-kit/testing';
import { bookingEnvShape, type BookingConfig } from '../src/config';
import { applyBookableChange } from '../src/events/bookables';
import { createModels } from '../src/models';
import { toAppointmentFacts, type AppointmentDoc, type BookedItem } from '../src/models/appointment';
import { holdEntry } from '../src/models/day-sheet';
import { seatId, type SeatDoc } from '../src/models/seat';
import { sheetOf } from '../src/store/seats';
import { wire } from '../src/wire';

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
        const held = (cancelled ? [] : blocksCovering(start, end)).map((block): SeatDoc => ({
          _id: seatId(offering, block, 0),
          offeringType: offering,
          blockStart: block,
          seat: 0,
          appointmentId: _id,
          claimedAt: new Date(),
        }));
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
  for (let i = 0; i < appointments.length; i += 500) await models.Appointment.insertMany(appointments.slice(i, i + 500), { lean: true });
  for (let i = 0; i < seats.length; i += 1000) await models.Seat.insertMany(seats.slice(i, i + 1000), { lean: true });
  const sheets = new Map<string, string[]>();
  for (const seat of seats) sheets.set(sheetOf(seat._id), [...(sheets.get(sheetOf(seat._id)) ?? []), holdEntry(seat._id, seat.appointmentId)]);
  await models.DaySheet.insertMany(
    [...sheets].map(([_id, holds]) => ({ _id, offeringType: _id.split('|')[0], date: _id.split('|')[1], holds })),
    { lean: true },
  );
  return { appointments: appointments.length, seats: seats.length, daySheets: sheets.size };
}

/** An appointment of the past or the coming months, as a year of bookings leaves it. */
export interface HistoricAppointment {
  offering: Side;
  /** Manila date (yyyy-MM-dd) and minutes after midnight of its start. */
  date: string;
  startMinutes: number;
  durationMinutes: number;
  status: AppointmentStatus;
  bookedAt: Date;
  /** When staff last changed it (marked done, cancelled); bookedAt when never. */
  changedAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  contact: string;
}

/** Items booked when the database has no bookable of an offering yet (a test's fresh database). */
const HISTORY_BOOKABLES = 3;

/**
 * Stores appointments straight into booking's database in its own shapes, with the seats and
 * day-sheet entries of every one not cancelled, as booking would have left them: each takes the
 * lowest seat of each of its blocks that no appointment holds (stored before or earlier in the
 * list), as a booking does, so capacity stays right beside what is stored already as long as the
 * list itself never puts more in a block than the offering's capacity. Items are the stored
 * bookables of the offering, in turn. Answers each appointment's facts, as booking's events carry them.
 */
export async function seedAppointmentHistory(conn: Connection, history: HistoricAppointment[]): Promise<AppointmentFacts[]> {
  const models = createModels(conn);
  const items: Record<Side, BookedItem[]> = { clinic: [], studio: [] };
  for (const side of ['clinic', 'studio'] as const) {
    const stored = await models.Bookable.find({ offeringType: side, deleted: false }).lean();
    for (let i = 0; stored.length === 0 && i < HISTORY_BOOKABLES; i++) {
      const id = `history-${side}-${i}`;
      await applyBookableChange(models.Bookable, {
        id,
        kind: side === 'clinic' ? 'treatment' : 'package',
        name: `${side === 'clinic' ? 'Treatment' : 'Package'} ${i}`,
        defaultDuration: 60,
        offeringType: side,
        deleted: false,
        version: 1,
      });
      items[side].push({ id, name: `${side === 'clinic' ? 'Treatment' : 'Package'} ${i}` });
    }
    items[side].push(...stored.map((b) => ({ id: b._id, name: b.name })));
  }
  // Seats held already, by block: a new holder takes the lowest free seat.
  const held = new Set((await models.Seat.find({}, { _id: 1 }).lean()).map((seat) => seat._id));
  const appointments: AppointmentDoc[] = [];
  const seats: SeatDoc[] = [];
  for (const [n, entry] of history.entries()) {
    const _id = new Types.ObjectId(Types.ObjectId.generate(Math.floor(entry.bookedAt.getTime() / 1000)));
    const start = manilaInstant(entry.date, entry.startMinutes);
    const end = new Date(start.getTime() + entry.durationMinutes * 60_000);
    const own: SeatDoc[] = [];
    for (const block of entry.status === 'cancelled' ? [] : blocksCovering(start, end)) {
      let seat = 0;
      while (held.has(seatId(entry.offering, block, seat))) seat++;
      held.add(seatId(entry.offering, block, seat));
      own.push({
        _id: seatId(entry.offering, block, seat),
        offeringType: entry.offering,
        blockStart: block,
        seat,
        appointmentId: _id,
        claimedAt: entry.bookedAt,
      });
    }
    seats.push(...own);
    const item = items[entry.offering][n % items[entry.offering].length];
    appointments.push({
      _id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      gender: [null, 'female', 'male'][n % 3],
      age: 20 + (n % 45),
      email: entry.email,
      contact: entry.contact,
      preferredDate: entry.date,
      preferredTime: clockTime(entry.startMinutes),
      startTime: start,
      endTime: end,
      offeringType: entry.offering,
      treatments: [item.id],
      items: [item],
      notes: n % 7 === 0 ? 'First visit, please call before.' : '',
      status: entry.status,
      adminComment: entry.status === 'done' && n % 5 === 0 ? 'Came on time.' : '',
      seats: own.map((seat) => seat._id),
      requestHash: null,
      // Booked, then (done, cancelled) changed once by staff.
      revision: entry.status === 'pending' ? 0 : 1,
      contactClaims: [],
      outbox: [],
      outboxLockedUntil: null,
      outboxAttempts: 0,
      deletedAt: null,
      createdAt: entry.bookedAt,
      updatedAt: entry.changedAt,
    });
  }
  for (let i = 0; i < appointments.length; i += 500) await models.Appointment.collection.insertMany(appointments.slice(i, i + 500));
  for (let i = 0; i < seats.length; i += 1000) await models.Seat.insertMany(seats.slice(i, i + 1000), { lean: true });
  // Day sheets: new ones inserted at once, those that exist already (earlier bookings) added to.
  const sheets = new Map<string, string[]>();
  for (const seat of seats) sheets.set(sheetOf(seat._id), [...(sheets.get(sheetOf(seat._id)) ?? []), holdEntry(seat._id, seat.appointmentId)]);
  const existing = new Set((await models.DaySheet.find({ _id: { $in: [...sheets.keys()] } }, { _id: 1 }).lean()).map((sheet) => sheet._id));
  const fresh = [...sheets]
    .filter(([id]) => !existing.has(id))
    .map(([_id, holds]) => ({ _id, offeringType: _id.split('|')[0], date: _id.split('|')[1], holds }));
  for (let i = 0; i < fresh.length; i += 500) await models.DaySheet.insertMany(fresh.slice(i, i + 500), { lean: true });
  for (const id of existing) await models.DaySheet.updateOne({ _id: id }, { $addToSet: { holds: { $each: sheets.get(id) ?? [] } } });
  return appointments.map(toAppointmentFacts);
}

/** The booking service as main.ts wires it, on the given database, without the broker, its clock at `now`. */
export function startBookingOn(mongoUrl: string, now: () => Date = () => new Date()): Promise<Harness<BookingConfig>> {
  return startHarness('booking', bookingEnvShape, wire, { label: 'history', mongoUrl, now, connectBus: false });
}
