// Bulk fixtures for tests and benchmarks outside the service: thousands of rows written straight
// into booking's database in its own shapes (through the API they would take many minutes on
// local FerretDB, and the writes are not what a benchmark measures).
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import type { AppointmentFacts, AppointmentStatus, Side } from '@bb/contracts';
import { clockTime, DAY_MS, manilaInstant } from '@bb/service-kit';
import { startHarness, type Harness } from '@bb/service-kit/testing';
import { bookingEnvShape, type BookingConfig } from '../src/config';
import { applyBookableChange } from '../src/events/bookables';
import { createModels } from '../src/models';
import { toAppointmentFacts, type AppointmentDoc, type BookedItem } from '../src/models/appointment';
import {
  appointmentHolder,
  countersOf,
  decodeLedger,
  encodeLedger,
  fieldsByLedger,
  ledgerBlocks,
  practitionerKey,
  roomKey,
  type LedgerBlock,
  type LedgerDoc,
  type StoredLedgerDoc,
} from '../src/domain/ledger';
import { wire } from '../src/wire';

export { createModels, type BookingModels } from '../src/models';
export { applyStaffChange } from '../src/events/practitioners';
export { ledgerId, countsAgree, decodeLedger, type LedgerDoc, type StoredLedgerDoc } from '../src/domain/ledger';

/** Ledger documents as bookings leave them: each appointment not cancelled counted in its blocks, under its holder. */
class LedgerBuilder {
  readonly docs = new Map<string, Required<LedgerDoc>>();

  constructor(existing: StoredLedgerDoc[] = []) {
    for (const doc of existing.map(decodeLedger)) this.docs.set(doc._id, { _id: doc._id, b: { ...(doc.b ?? {}) }, h: { ...(doc.h ?? {}) } });
  }

  add(offering: Side, appointmentId: Types.ObjectId, blocks: LedgerBlock[], resources: readonly string[] = []): void {
    for (const [id, fields] of fieldsByLedger(offering, blocks)) {
      const doc = this.docs.get(id) ?? { _id: id, b: {}, h: {} };
      const counters = countersOf(fields, resources);
      for (const counter of counters) doc.b[counter] = (doc.b[counter] ?? 0) + 1;
      doc.h[appointmentHolder(appointmentId)] = { b: counters, s: 'k' };
      this.docs.set(id, doc);
    }
  }
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Practitioners and rooms the seeded appointments of one offering are with, in turn (configured by the caller). */
export interface SeededResources {
  offering: Side;
  practitioners: { id: string; name: string }[];
  /** Room ids. */
  rooms: string[];
}

/**
 * `bookables` treatments (clinic-0…) and packages (studio-0…) of 30, 60 and 90 minutes, and
 * `count` one-hour appointments from `firstDay` on: eight per offering per weekday (a full day
 * at capacity 1), one in ten cancelled, with their ledger. With `resources`, that offering's
 * appointments each take the next practitioner and room in turn.
 */
export async function seedBookings(
  conn: Connection,
  { count, bookables, firstDay, resources }: { count: number; bookables: number; firstDay: number; resources?: SeededResources },
) {
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
  const ledger = new LedgerBuilder();
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
        const blocks = cancelled ? [] : ledgerBlocks(start, end);
        const n = appointments.length;
        const staffed = resources?.offering === offering ? resources : null;
        const practitioner = staffed ? staffed.practitioners[n % staffed.practitioners.length] : null;
        const taken = staffed && practitioner ? [practitionerKey(practitioner.id), roomKey(staffed.rooms[n % staffed.rooms.length])] : [];
        ledger.add(offering, _id, blocks, taken);
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
          blocks,
          ...(practitioner ? { practitioner, resources: taken } : {}),
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
  await models.Ledger.insertMany([...ledger.docs.values()].map(encodeLedger), { lean: true });
  return { appointments: appointments.length, ledgerDocuments: ledger.docs.size };
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
 * Stores appointments straight into booking's database in its own shapes, each one not cancelled
 * counted in the ledger under its blocks as booking would have left it, beside what is stored
 * already, so capacity stays right as long as the list itself never puts more in a block than
 * the offering's capacity. Items are the stored bookables of the offering, in turn. Answers each
 * appointment's facts, as booking's events carry them.
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
  const appointments: AppointmentDoc[] = [];
  const planned: { offering: Side; id: Types.ObjectId; blocks: LedgerBlock[] }[] = [];
  for (const [n, entry] of history.entries()) {
    const _id = new Types.ObjectId(Types.ObjectId.generate(Math.floor(entry.bookedAt.getTime() / 1000)));
    const start = manilaInstant(entry.date, entry.startMinutes);
    const end = new Date(start.getTime() + entry.durationMinutes * 60_000);
    const blocks = entry.status === 'cancelled' ? [] : ledgerBlocks(start, end);
    planned.push({ offering: entry.offering, id: _id, blocks });
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
      blocks,
      requestHash: null,
      // Booked, then (done, cancelled) changed once by staff.
      revision: entry.status === 'pending' ? 0 : 1,
      contactCounts: [],
      outbox: [],
      outboxLockedUntil: null,
      outboxAttempts: 0,
      deletedAt: null,
      createdAt: entry.bookedAt,
      updatedAt: entry.changedAt,
    });
  }
  for (let i = 0; i < appointments.length; i += 500) await models.Appointment.collection.insertMany(appointments.slice(i, i + 500));
  // The ledger: the months' documents stored before (earlier bookings) counted further, the others new.
  const months = [...new Set(planned.flatMap((p) => [...fieldsByLedger(p.offering, p.blocks).keys()]))];
  const ledger = new LedgerBuilder(await models.Ledger.find({ _id: { $in: months } }).lean<StoredLedgerDoc[]>());
  for (const p of planned) ledger.add(p.offering, p.id, p.blocks);
  for (const doc of ledger.docs.values()) await models.Ledger.replaceOne({ _id: doc._id }, encodeLedger(doc), { upsert: true });
  return appointments.map(toAppointmentFacts);
}

/** The booking service as main.ts wires it, on the given database, without the broker, its clock at `now`. */
export function startBookingOn(mongoUrl: string, now: () => Date = () => new Date()): Promise<Harness<BookingConfig>> {
  return startHarness('booking', bookingEnvShape, wire, { label: 'history', mongoUrl, now, connectBus: false });
}
