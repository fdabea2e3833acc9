import type { BookedAppointment } from '@bb/contracts';
import { commandLedger, describeCommands, type Harness, startHarness } from '@bb/service-kit/testing';
import { bookingEnvShape, type BookingConfig } from '../src/config';
import { manilaInstant } from '@bb/service-kit';
import { ledgerBlocks, ledgerId, visitorHolder } from '../src/domain/ledger';
import { createModels } from '../src/models';
import { beginChange } from '../src/store/ledger';
import { readLedgers } from '../src/store/ledger-documents';
import { wire } from '../src/wire';
import { applyStaffChange } from '../src/events/practitioners';
import { addBookable, asAdmin, bookingRequest, call, monday, TEST_NOW } from './support/booking';

// Database commands per operation: what each costs in round trips on any database. Counted
// with the driver's command monitoring; the periodic passes (outbox sweep, waitlist sweep) are set
// far apart so only the operation's own commands, and what it leaves to the background, count.
let booking: Harness<BookingConfig>;
const ledger = commandLedger(() => booking.ctx.conn);

beforeAll(async () => {
  booking = await startHarness('booking', bookingEnvShape, wire, {
    label: 'budget',
    now: () => TEST_NOW,
    env: { OUTBOX_SWEEP_INTERVAL_MS: '3600000', WAITLIST_SWEEP_INTERVAL_MS: '3600000' },
  });
  const models = createModels(booking.ctx.conn);
  await addBookable(models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
  await addBookable(models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
  // Warm: the first request of a process reads what it then keeps; and let the start settle.
  await ledger.settle(() => call(booking.url, 'GET', `/api/available-slots?offeringType=clinic&date=${monday(0)}&treatmentId=facial&treatmentId=peel`));
});
afterAll(async () => {
  console.log(ledger.report());
  await booking.close();
});

const slotsOf = (date: string) => call(booking.url, 'GET', `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=facial&treatmentId=peel`);
const book = (over: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over), headers);

describe('database commands per operation', () => {
  it('slots for a day', async () => {
    const commands = await ledger.measure('slots for a day', async () => expect((await slotsOf(monday(1))).status).toBe(200));
    expect(describeCommands(commands).length).toBeLessThanOrEqual(BUDGET.slotsForADay);
  });

  it('slots for a week', async () => {
    const commands = await ledger.measure('slots for a week', async () => {
      for (let d = 0; d < 7; d++) expect((await slotsOf(new Date(Date.UTC(2030, 0, 14 + d)).toISOString().slice(0, 10))).status).toBe(200);
    });
    expect(describeCommands(commands).length).toBeLessThanOrEqual(BUDGET.slotsForAWeek);
  });

  it('slots for a week in one range call', async () => {
    const commands = await ledger.measure('slots for a week in one call', async () =>
      expect(
        (await call(booking.url, 'GET', '/api/available-slots?offeringType=clinic&from=2030-01-14&to=2030-01-20&treatmentId=facial&treatmentId=peel')).status,
      ).toBe(200),
    );
    expect(describeCommands(commands).length).toBeLessThanOrEqual(BUDGET.slotsForAWeekInOneCall);
  });

  it('slots for a month in one range call', async () => {
    const commands = await ledger.measure('slots for a month in one call', async () =>
      expect((await call(booking.url, 'GET', '/api/available-slots?offeringType=clinic&from=2030-03-01&to=2030-03-31&treatmentId=facial')).status).toBe(200),
    );
    expect(describeCommands(commands).length).toBeLessThanOrEqual(BUDGET.slotsForAMonthInOneCall);
  });

  it("a visitor's hold: hold, book within it; and a hold released", async () => {
    const slot = { offeringType: 'clinic', preferredDate: monday(7), preferredTime: '10:00', treatments: ['facial'] };
    let holdId = '';
    const held = await ledger.measure('hold a slot', async () => {
      const res = await call<{ holdId: string }>(booking.url, 'POST', '/api/slot-holds', slot);
      expect(res.status).toBe(201);
      holdId = res.body.holdId;
    });
    expect(describeCommands(held).length).toBeLessThanOrEqual(BUDGET.hold);
    const within = await ledger.measure('book within the hold', async () =>
      expect((await book({ preferredDate: monday(7), preferredTime: '10:00', holdId })).status).toBe(201),
    );
    expect(describeCommands(within).length).toBeLessThanOrEqual(BUDGET.bookWithinHold);
    const other = await call<{ holdId: string }>(booking.url, 'POST', '/api/slot-holds', { ...slot, preferredTime: '14:00' });
    await ledger.settle();
    const released = await ledger.measure('release a hold', async () =>
      expect((await call(booking.url, 'DELETE', `/api/slot-holds/${other.body.holdId}`)).status).toBe(204),
    );
    expect(describeCommands(released).length).toBeLessThanOrEqual(BUDGET.releaseHold);
  });

  it('book (90 minutes: three blocks)', async () => {
    const commands = await ledger.measure('book', async () =>
      expect((await book({ preferredDate: monday(2), preferredTime: '10:00', treatments: ['facial', 'peel'] })).status).toBe(201),
    );
    expect(describeCommands(commands).length).toBeLessThanOrEqual(BUDGET.book);
  });

  it('book with an Idempotency-Key, and its retry', async () => {
    const key = { 'idempotency-key': 'budget-key-1' };
    const first = await ledger.measure('book with a key', async () =>
      expect((await book({ preferredDate: monday(2), preferredTime: '13:00' }, key)).status).toBe(201),
    );
    expect(describeCommands(first).length).toBeLessThanOrEqual(BUDGET.bookWithKey);
    const retry = await ledger.measure('retried booking', async () =>
      expect((await book({ preferredDate: monday(2), preferredTime: '13:00' }, key)).status).toBe(201),
    );
    expect(describeCommands(retry).length).toBeLessThanOrEqual(BUDGET.retriedBooking);
  });

  it('book with a practitioner and a room ("any available"), and reassign it to another practitioner', async () => {
    const models = createModels(booking.ctx.conn);
    await ledger.settle(async () => {
      await addBookable(models, { id: 'laser', name: 'Laser Facial', defaultDuration: 60 });
      for (const id of ['ana', 'bea']) {
        await applyStaffChange(models.Practitioner, { id, name: id, imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
        const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));
        expect((await call(booking.url, 'PUT', `/api/practitioners/${id}`, { skills: ['laser'], hours, bookable: true }, asAdmin)).status).toBe(200);
      }
      expect((await call(booking.url, 'POST', '/api/rooms', { offeringType: 'clinic', name: 'Laser', kind: 'equipment', count: 1 }, asAdmin)).status).toBe(201);
      expect((await call(booking.url, 'PUT', '/api/requirements/laser', { practitioner: true, rooms: ['laser'] }, asAdmin)).status).toBe(200);
      // Warm, as for the others: the process reads a new item once, then keeps it.
      expect((await call(booking.url, 'GET', `/api/available-slots?offeringType=clinic&date=${monday(4)}&treatmentId=laser`)).status).toBe(200);
    });
    let id = '';
    const booked = await ledger.measure('book with a practitioner and a room', async () => {
      const made = await book({ preferredDate: monday(4), preferredTime: '11:00', treatments: ['laser'] });
      expect([made.status, made.body.practitioner?.id]).toEqual([201, 'ana']);
      id = made.body.id;
    });
    expect(describeCommands(booked).length).toBeLessThanOrEqual(BUDGET.bookWithResources);
    const reassigned = await ledger.measure('reassign', async () =>
      expect((await call(booking.url, 'PUT', `/api/appointments/${id}/practitioner`, { practitionerId: 'bea' }, asAdmin)).status).toBe(200),
    );
    expect(describeCommands(reassigned).length).toBeLessThanOrEqual(BUDGET.reassign);
  });

  it('list, cancel, un-cancel and delete', async () => {
    const made = await book({ preferredDate: monday(3), preferredTime: '09:00' });
    await ledger.settle(async () => undefined);
    const list = await ledger.measure('list appointments', async () =>
      expect((await call(booking.url, 'GET', '/api/appointments', undefined, asAdmin)).status).toBe(200),
    );
    expect(describeCommands(list).length).toBeLessThanOrEqual(BUDGET.list);
    const cancel = await ledger.measure('cancel', async () =>
      expect((await call(booking.url, 'PATCH', `/api/appointments/${made.body.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200),
    );
    expect(describeCommands(cancel).length).toBeLessThanOrEqual(BUDGET.cancel);
    const restore = await ledger.measure('un-cancel', async () =>
      expect((await call(booking.url, 'PATCH', `/api/appointments/${made.body.id}`, { status: 'pending' }, asAdmin)).status).toBe(200),
    );
    expect(describeCommands(restore).length).toBeLessThanOrEqual(BUDGET.uncancel);
    const remove = await ledger.measure('delete', async () =>
      expect((await call(booking.url, 'DELETE', `/api/appointments/${made.body.id}`, undefined, asAdmin)).status).toBe(200),
    );
    expect(describeCommands(remove).length).toBeLessThanOrEqual(BUDGET.remove);
  });

  it('book and cancel with the per-contact cap on', async () => {
    await ledger.settle(() => call(booking.url, 'PUT', '/api/settings/clinic', { maxUpcomingPerContact: 5 }, asAdmin));
    try {
      const made = await ledger.measure('book with the cap on', async () =>
        expect((await book({ preferredDate: monday(6), preferredTime: '10:00', treatments: ['facial', 'peel'] })).status).toBe(201),
      );
      expect(describeCommands(made).length).toBeLessThanOrEqual(BUDGET.bookWithCap);
      const id = (
        await createModels(booking.ctx.conn)
          .Appointment.findOne({ preferredDate: monday(6) })
          .lean()
      )?._id;
      await ledger.settle();
      const cancel = await ledger.measure('cancel with the cap on', async () =>
        expect((await call(booking.url, 'PATCH', `/api/appointments/${String(id)}`, { status: 'cancelled' }, asAdmin)).status).toBe(200),
      );
      expect(describeCommands(cancel).length).toBeLessThanOrEqual(BUDGET.cancelWithCap);
    } finally {
      await call(booking.url, 'PUT', '/api/settings/clinic', { maxUpcomingPerContact: 0 }, asAdmin);
    }
  });

  it('the manage link: view, the times it can move to, and a move to another day', async () => {
    const made = await book({ preferredDate: monday(4), preferredTime: '10:00', treatments: ['facial', 'peel'] });
    const token = made.body.manageToken as string;
    await ledger.settle();
    const view = await ledger.measure('manage view', async () => expect((await call(booking.url, 'GET', `/api/manage/${token}`)).status).toBe(200));
    expect(describeCommands(view).length).toBeLessThanOrEqual(BUDGET.manageView);
    const day = await ledger.measure('times to move to, a day', async () =>
      expect((await call(booking.url, 'GET', `/api/manage/${token}/available-slots?date=${monday(4)}`)).status).toBe(200),
    );
    expect(describeCommands(day).length).toBeLessThanOrEqual(BUDGET.movableSlotsForADay);
    const week = await ledger.measure('times to move to, a week in one call', async () =>
      expect((await call(booking.url, 'GET', `/api/manage/${token}/available-slots?from=${monday(4)}&to=2030-02-10`)).status).toBe(200),
    );
    expect(describeCommands(week).length).toBeLessThanOrEqual(BUDGET.movableSlotsForAWeek);
    const move = await ledger.measure('reschedule', async () =>
      expect((await call(booking.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate: monday(5), preferredTime: '14:00' })).status).toBe(200),
    );
    expect(describeCommands(move).length).toBeLessThanOrEqual(BUDGET.reschedule);
  });
});

/**
 * The most each operation may send. Before the round-trip cuts of issue 15: slots for a day 4,
 * a week 28, a booking 13 (with a key too), its retry 1, list 1, cancel 6, un-cancel 7, delete 5.
 * Issue 16 announces cancel, un-cancel and delete (4 each before): each adds the relay's lease
 * and release, and delete a read first (its event is built from the appointment; the tombstone
 * now goes in the relay's pass). A move: the link's read, the day sheet, the new seats and their
 * sheet entries, the guarded write, the relay's two, the old seats and their sheet entries.
 * Issue 17: a booking counts the contact's upcoming appointments for the per-contact cap (one
 * aggregate, once its seats are held); cancel, delete and a move look up the waitlist of the
 * seats they free (one find). A week of slots in one range call reads its seven day sheets at once.
 * Issue 24: the per-contact cap is off by default, so a booking no longer counts (one fewer);
 * with it on, a booking inserts its contact's places in one write (as many commands as the
 * count was), and a cancel gives them back (one delete per place, by `_id`: FerretDB would scan
 * for an `$in`). A manage link is read by `_id` (as before by its hash: still one find), and a
 * move counts itself in its own write.
 * Issue 26: the times a manage link's appointment can move to read the link's appointment and
 * then the day sheet (or a range's day sheets at once), as the slots and the move do.
 * Issue 28: one ledger document per offering and month holds capacity. Slots read it by `_id`
 * (a week or a month in one call: one read). A booking reads it, claims with one guarded write,
 * stores the appointment and settles its entry: as many commands as the seats and their sheet
 * entry were. Cancel, delete and re-opening mark the entry, write the appointment and settle the
 * entry (two ledger writes, as the seats' delete and the sheet's were). A move: the link's read,
 * the ledger's, one write taking the new blocks, the appointment's write, one giving the old ones
 * back (10 → 8: the seats and the sheet were two writes each way). With the cap on a booking
 * counts the contact under each of its two keys, one guarded write per key document in order
 * (7 → 8: the places were one insert of both), and a cancel takes it out of both (as before).
 * A month of slots in one range call reads its months' documents by `_id`, at once: March and,
 * as its last day is a month's last (a buffer may run past midnight), April. A visitor's hold is
 * the ledger's read and one claim; booking within it is a booking (the hold is given up in the
 * claim's write); releasing reads the hold's entry and gives it back.
 * Issue 29: a booking with a practitioner and a room costs what one without does: its resources
 * are counters in the same document and the same writes. Reassigning (8) reads the appointment and
 * the day, marks the entry (taking the new practitioner's blocks), writes the appointment,
 * settles the entry (giving the old one's back), and, as every change, hands its event to the
 * relay (two) and asks the waitlist about the freed practitioner (one read).
 * Issue 30: a delete (9) carries its audit entry beside its cancellation, so the relay pops two
 * entries (one more update) before it removes the tombstone.
 */
const BUDGET = {
  slotsForADay: 1,
  slotsForAWeek: 7,
  slotsForAWeekInOneCall: 1,
  slotsForAMonthInOneCall: 2,
  hold: 2,
  bookWithinHold: 6,
  releaseHold: 2,
  book: 6,
  bookWithResources: 6,
  reassign: 8,
  bookWithKey: 7,
  bookWithCap: 8,
  retriedBooking: 1,
  list: 1,
  cancel: 7,
  cancelWithCap: 9,
  uncancel: 6,
  remove: 9,
  manageView: 1,
  movableSlotsForADay: 2,
  movableSlotsForAWeek: 2,
  reschedule: 8,
};

describe('a crowd in one process', () => {
  const date = monday(8);
  const minutes = (n: number) => n * 60_000;
  const start = manilaInstant(date, 10 * 60);
  const blocks = ledgerBlocks(start, new Date(start.getTime() + minutes(30)));

  it('asking for one month at once sends one read', async () => {
    const models = createModels(booking.ctx.conn);
    await ledger.settle();
    const reads = await ledger.measure('ten reads of one month at once', () =>
      Promise.all(Array.from({ length: 10 }, () => readLedgers(models, [ledgerId('clinic', date)]))),
    );
    expect(describeCommands(reads)).toEqual([`find ledger`]);
  });

  it('claiming one place at once: the place goes once, and the claim that fills it answers the claims waiting behind it without a write', async () => {
    const models = createModels(booking.ctx.conn);
    const seen = new Map([[ledgerId('clinic', date), (await readLedgers(models, [ledgerId('clinic', date)])).get(ledgerId('clinic', date)) ?? null]]);
    await ledger.settle();
    const since = performance.now();
    let outcomes: Awaited<ReturnType<typeof beginChange>>[] = [];
    const claims = await ledger.measure('ten claims of one place at once', async () => {
      outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          beginChange(models, {
            offering: 'clinic',
            holder: visitorHolder(`crowd-${i}`),
            from: [],
            to: blocks,
            capacity: 1,
            now: TEST_NOW,
            expiresAt: new Date(TEST_NOW.getTime() + minutes(10)),
            seen,
            since,
          }),
        ),
      );
    });
    expect(outcomes.map((o) => o.ok)).toEqual([true, ...Array(9).fill(false)]);
    // The claim that took the place learnt it filled the block: the nine behind it are answered without a command.
    expect(describeCommands(claims)).toEqual(['findAndModify ledger']);
    // A claim that began after the refusal asks the database itself.
    const later = await ledger.measure('a claim after the refusal', () =>
      beginChange(models, {
        offering: 'clinic',
        holder: visitorHolder('late'),
        from: [],
        to: blocks,
        capacity: 1,
        now: TEST_NOW,
        seen,
        since: performance.now(),
      }),
    );
    expect(describeCommands(later)).toEqual(['findAndModify ledger']);
  });
});
