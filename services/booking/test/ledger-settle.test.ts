import { Types } from 'mongoose';
import { SLOT_FULL_MESSAGE, type BookedAppointment, type SlotHold } from '@bb/contracts';
import { manilaInstant, MINUTE_MS } from '@bb/service-kit';
import { appointmentHolder, CHANGE_DEADLINE_MS, decodeLedger, ledgerBlocks, type StoredLedgerDoc } from '../src/domain/ledger';
import { beginChange } from '../src/store/ledger';
import {
  addBookable,
  bookingRequest,
  call,
  expectLedgerMatches,
  ledgerHolders,
  monday,
  startBooking,
  TEST_NOW,
  type BookingUnderTest,
} from './support/booking';

// A process that stops between two writes of a booking, cancel or move (kill -9, a lost
// machine) leaves the ledger's entry changing. Nothing sweeps: once its deadline has passed, the
// next claim refused in those blocks settles it by what its appointment says. Each case below
// makes the writes a process made before it stopped, with the service's own store functions,
// and leaves the rest undone.

let booking: BookingUnderTest;
let clock = TEST_NOW;
const afterDeadline = () => new Date(TEST_NOW.getTime() + CHANGE_DEADLINE_MS + MINUTE_MS);

beforeAll(async () => {
  booking = await startBooking('ledger_settle', { now: () => clock });
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
});
afterEach(() => {
  clock = TEST_NOW;
});
afterAll(() => booking.close());

const book = (preferredDate: string, preferredTime: string, n = 0) =>
  call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate, preferredTime, firstName: `Guest${n}` }));
const hourAt = (date: string, time: string) => {
  const start = manilaInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
  return ledgerBlocks(start, new Date(start.getTime() + 60 * MINUTE_MS));
};
/** The first write of a change, as the use case makes it, and nothing after. */
async function begin(id: Types.ObjectId | string, from: string[], to: string[]) {
  const begun = await beginChange(booking.models, { offering: 'clinic', holder: appointmentHolder(id), from, to, capacity: 1, now: clock });
  expect(begun.ok).toBe(true);
}
const stateOf = async (id: Types.ObjectId | string) => {
  const docs = (await booking.models.Ledger.find().lean<StoredLedgerDoc[]>()).map(decodeLedger);
  return docs.map((doc) => doc.h?.[appointmentHolder(id)]?.s).find(Boolean);
};

describe('a change left open by a stopped process', () => {
  it('of a booking stopped after its claim: the place stays taken until the deadline, then the next booking there gets it', async () => {
    const date = monday(0);
    const lost = new Types.ObjectId();
    await begin(lost, [], hourAt(date, '10:00'));
    expect(await stateOf(lost)).toBe('c');
    expect((await book(date, '10:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    clock = afterDeadline();
    const next = await book(date, '10:00', 2);
    expect(next.status).toBe(201);
    expect(await stateOf(lost)).toBeUndefined();
    await expectLedgerMatches(booking.models);
  });

  it('of a booking stopped after storing its appointment: settled as held, the slot stays taken', async () => {
    const date = monday(1);
    const made = await book(date, '10:00');
    const doc = await booking.models.Appointment.findById(made.body.id).lean();
    if (!doc) throw new Error('the booked appointment is missing');
    // Another booking like it at 14:00: claimed, stored, its entry never settled.
    const lost = new Types.ObjectId();
    const start = manilaInstant(date, 14 * 60);
    await begin(lost, [], hourAt(date, '14:00'));
    await booking.models.Appointment.collection.insertOne({
      ...doc,
      _id: lost,
      preferredTime: '14:00',
      startTime: start,
      endTime: new Date(start.getTime() + 60 * MINUTE_MS),
      blocks: hourAt(date, '14:00'),
    });
    clock = afterDeadline();
    expect((await book(date, '14:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    expect(await stateOf(lost)).toBe('k');
    await expectLedgerMatches(booking.models);
  });

  it('of a cancel stopped after marking its entry: the appointment is still on, so it keeps its place', async () => {
    const date = monday(2);
    const made = await book(date, '10:00');
    await begin(made.body.id, hourAt(date, '10:00'), []);
    expect(await stateOf(made.body.id)).toBe('c');
    clock = afterDeadline();
    expect((await book(date, '10:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    expect(await stateOf(made.body.id)).toBe('k');
    await expectLedgerMatches(booking.models);
  });

  it('of a cancel stopped after writing the appointment: the place is freed for the next booking', async () => {
    const date = monday(3);
    const made = await book(date, '10:00');
    await begin(made.body.id, hourAt(date, '10:00'), []);
    await booking.models.Appointment.updateOne({ _id: made.body.id }, { $set: { status: 'cancelled', blocks: [] } });
    expect((await book(date, '10:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    clock = afterDeadline();
    expect((await book(date, '10:00', 2)).status).toBe(201);
    await expectLedgerMatches(booking.models);
  });

  it('of a move stopped after writing the appointment: the old time frees, the new one is kept', async () => {
    const date = monday(4);
    const made = await book(date, '10:00');
    await begin(made.body.id, hourAt(date, '10:00'), hourAt(date, '14:00'));
    const start = manilaInstant(date, 14 * 60);
    await booking.models.Appointment.updateOne(
      { _id: made.body.id },
      { $set: { preferredTime: '14:00', startTime: start, endTime: new Date(start.getTime() + 60 * MINUTE_MS), blocks: hourAt(date, '14:00') } },
    );
    clock = afterDeadline();
    expect((await book(date, '10:00', 1)).status).toBe(201);
    expect((await book(date, '14:00', 2)).body.message).toBe(SLOT_FULL_MESSAGE);
    expect((await ledgerHolders(booking.models)).held.get(appointmentHolder(made.body.id))).toEqual(hourAt(date, '14:00'));
    await expectLedgerMatches(booking.models);
  });

  it('of a move stopped before writing the appointment: it keeps its old time, the new one frees', async () => {
    const date = monday(5);
    const made = await book(date, '10:00');
    await begin(made.body.id, hourAt(date, '10:00'), hourAt(date, '14:00'));
    expect((await book(date, '14:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    clock = afterDeadline();
    expect((await book(date, '14:00', 2)).status).toBe(201);
    expect((await book(date, '10:00', 3)).body.message).toBe(SLOT_FULL_MESSAGE);
    await expectLedgerMatches(booking.models);
  });
});

describe("a visitor's hold", () => {
  it('shows the slot taken to others and frees itself at its expiry, with nothing run in between', async () => {
    const date = monday(6);
    const held = await call<SlotHold>(booking.url, 'POST', '/api/slot-holds', {
      offeringType: 'clinic',
      preferredDate: date,
      preferredTime: '10:00',
      treatments: ['facial'],
    });
    expect(held.status).toBe(201);
    expect(held.body.expiresAt).toBe(new Date(TEST_NOW.getTime() + 10 * MINUTE_MS).toISOString());
    expect((await book(date, '10:00', 1)).body.message).toBe(SLOT_FULL_MESSAGE);
    clock = new Date(TEST_NOW.getTime() + 10 * MINUTE_MS);
    const slots = await call<{ slots: { time: string; available: boolean }[] }>(
      booking.url,
      'GET',
      `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=facial`,
    );
    expect(slots.body.slots.find((s) => s.time === '10:00')?.available).toBe(true);
    expect((await book(date, '10:00', 2)).status).toBe(201);
    await expectLedgerMatches(booking.models);
    expect([...(await ledgerHolders(booking.models)).held.keys()].filter((holder) => holder.startsWith('v'))).toEqual([]);
  });
});
