import { Types } from 'mongoose';
import { manilaInstant, MINUTE_MS } from '@bb/service-kit';
import {
  appointmentHolder,
  CHANGE_DEADLINE_MS,
  countsAgree,
  decodeLedger,
  ledgerBlocks,
  ledgerId,
  practitionerKey,
  roomKey,
  staleEntries,
  type StoredLedgerDoc,
} from '../src/domain/ledger';
import { beginChange, finishChange, type LedgerChange, type LedgerResource } from '../src/store/ledger';
import { settleEntries } from '../src/store/ledger-settle';
import { monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// Resources in the ledger: a practitioner and each room or piece of equipment are counted per
// block beside the offering's places, in the same document and the same guarded write, up to how
// many there are. What a claim takes, a cancel or move gives back exactly, and a crash settles by
// what the appointment lists.

let booking: BookingUnderTest;
beforeAll(async () => {
  booking = await startBooking('ledger_resources', { now: () => TEST_NOW });
});
afterAll(() => booking.close());

const laser: LedgerResource = { key: roomKey('laser'), count: 1 };
const rooms: LedgerResource = { key: roomKey('treatment-room'), count: 3 };
const nurse = (id: string): LedgerResource => ({ key: practitionerKey(id), count: 1 });
const hourAt = (date: string, hour: number) => {
  const start = manilaInstant(date, hour * 60);
  return ledgerBlocks(start, new Date(start.getTime() + 60 * MINUTE_MS));
};
const claim = (holder: string, to: string[], toResources: LedgerResource[], over: Partial<LedgerChange> = {}) =>
  beginChange(booking.models, { offering: 'clinic', holder, from: [], to, capacity: 5, now: TEST_NOW, toResources, ...over });
async function ledgerOf(date: string) {
  const stored = await booking.models.Ledger.findById(ledgerId('clinic', date)).lean<StoredLedgerDoc>();
  return stored ? decodeLedger(stored) : null;
}

describe('resources in the ledger', () => {
  it('the one laser is never taken twice in a block, whoever the practitioner, even by claims at once', async () => {
    const date = monday(1);
    const blocks = hourAt(date, 10);
    const outcomes = await Promise.all(['a', 'b', 'c', 'd'].map((who) => claim(appointmentHolder(new Types.ObjectId()), blocks, [nurse(who), laser])));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const doc = await ledgerOf(date);
    expect(doc && countsAgree(doc)).toBe(true);
    const field = '10';
    expect(Object.entries(doc?.b ?? {}).filter(([counter]) => counter.startsWith(`${roomKey('laser')}_`) && counter.includes(`T${field}`))).toEqual([
      [`${roomKey('laser')}_${date.slice(8)}T1000`, 1],
      [`${roomKey('laser')}_${date.slice(8)}T1030`, 1],
    ]);
  });

  it('a practitioner is one person: a second booking of them in an overlapping block is refused, another practitioner is not', async () => {
    const date = monday(2);
    expect((await claim(appointmentHolder(new Types.ObjectId()), hourAt(date, 10), [nurse('a'), rooms])).ok).toBe(true);
    const overlapping = manilaInstant(date, 10 * 60 + 30);
    const half = ledgerBlocks(overlapping, new Date(overlapping.getTime() + 60 * MINUTE_MS));
    expect(await claim(appointmentHolder(new Types.ObjectId()), half, [nurse('a'), rooms])).toEqual({ ok: false, reason: 'full' });
    expect((await claim(appointmentHolder(new Types.ObjectId()), half, [nurse('b'), rooms])).ok).toBe(true);
    // Rooms: three; the third booking of that block takes the third room, a fourth finds none.
    expect((await claim(appointmentHolder(new Types.ObjectId()), hourAt(date, 10), [nurse('c'), rooms])).ok).toBe(true);
    expect(await claim(appointmentHolder(new Types.ObjectId()), hourAt(date, 10), [nurse('d'), rooms])).toEqual({ ok: false, reason: 'full' });
    const doc = await ledgerOf(date);
    expect(doc && countsAgree(doc)).toBe(true);
  });

  it("limits bookings with resources by the resources, and the rest by the offering's capacity", async () => {
    const date = monday(3);
    const blocks = hourAt(date, 9);
    expect((await claim(appointmentHolder(new Types.ObjectId()), blocks, [nurse('a')], { capacity: 1 })).ok).toBe(true);
    expect((await claim(appointmentHolder(new Types.ObjectId()), blocks, [nurse('b')], { capacity: 1 })).ok).toBe(true);
    // Items that need nothing share the offering's one place, whatever the practitioners do.
    expect((await claim(appointmentHolder(new Types.ObjectId()), blocks, [], { capacity: 1 })).ok).toBe(true);
    expect(await claim(appointmentHolder(new Types.ObjectId()), blocks, [], { capacity: 1 })).toEqual({ ok: false, reason: 'full' });
    const doc = await ledgerOf(date);
    expect(doc && countsAgree(doc)).toBe(true);
  });

  it('a move to another practitioner and time, then a cancel, give back exactly what was held', async () => {
    const date = monday(4);
    const holder = appointmentHolder(new Types.ObjectId());
    const first = { offering: 'clinic' as const, holder, from: [], to: hourAt(date, 9), capacity: 5, now: TEST_NOW, toResources: [nurse('a'), laser] };
    const booked = await beginChange(booking.models, first);
    if (!booked.ok) throw new Error('not booked');
    expect(await finishChange(booking.models, first, first.to, booked, [nurse('a').key, laser.key])).toBe(true);
    const move = {
      offering: 'clinic' as const,
      holder,
      from: first.to,
      fromResources: [nurse('a').key, laser.key],
      to: hourAt(date, 14),
      toResources: [nurse('b'), laser],
      capacity: 5,
      now: TEST_NOW,
    };
    const moving = await beginChange(booking.models, move);
    if (!moving.ok) throw new Error('not moved');
    expect(await finishChange(booking.models, move, move.to, moving, [nurse('b').key, laser.key])).toBe(true);
    let doc = await ledgerOf(date);
    const day = date.slice(8);
    const taken = Object.fromEntries(Object.entries(doc?.b ?? {}).filter(([counter, n]) => counter.includes(`${day}T`) && n > 0));
    expect(taken).toEqual({
      [`${nurse('b').key}_${day}T1400`]: 1,
      [`${nurse('b').key}_${day}T1430`]: 1,
      [`${laser.key}_${day}T1400`]: 1,
      [`${laser.key}_${day}T1430`]: 1,
    });
    const cancel = { offering: 'clinic' as const, holder, from: move.to, fromResources: [nurse('b').key, laser.key], to: [], capacity: 5, now: TEST_NOW };
    const cancelling = await beginChange(booking.models, cancel);
    if (!cancelling.ok) throw new Error('not cancelled');
    expect(await finishChange(booking.models, cancel, [], cancelling)).toBe(true);
    doc = await ledgerOf(date);
    expect(Object.entries(doc?.b ?? {}).filter(([counter, n]) => counter.includes(`${day}T`) && n > 0)).toEqual([]);
    expect(doc && countsAgree(doc)).toBe(true);
  });

  it('a claim left open by a stopped process settles by what its appointment lists, resources included', async () => {
    const date = monday(5);
    const id = new Types.ObjectId();
    const blocks = hourAt(date, 11);
    expect((await claim(appointmentHolder(id), blocks, [nurse('a'), laser])).ok).toBe(true);
    // The appointment was stored with its practitioner and the laser; the process stopped before settling.
    await booking.models.Appointment.collection.insertOne({ _id: id, status: 'pending', deletedAt: null, blocks, resources: [nurse('a').key, laser.key] });
    const later = new Date(TEST_NOW.getTime() + CHANGE_DEADLINE_MS + MINUTE_MS);
    const doc = await ledgerOf(date);
    if (!doc) throw new Error('no ledger');
    expect(await settleEntries(booking.models, 'clinic', doc._id, staleEntries(doc, Object.keys(doc.b ?? {}), later))).toBe(1);
    const settled = await ledgerOf(date);
    expect(settled?.h?.[appointmentHolder(id)]).toEqual({ s: 'k', b: expect.arrayContaining([`${laser.key}_${date.slice(8)}T1100`]) });
    expect(settled?.h?.[appointmentHolder(id)]?.b).toHaveLength(4);
    expect(settled && countsAgree(settled)).toBe(true);
    // And the laser stays taken for others.
    expect(await claim(appointmentHolder(new Types.ObjectId()), blocks, [nurse('b'), laser], { now: later })).toEqual({ ok: false, reason: 'full' });
  });
});
