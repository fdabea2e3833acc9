import type { Connection, Model } from 'mongoose';
import { DEFAULT_BOOKING_POLICY, SLOT_FULL_MESSAGE, type Side, type SlotsResponse } from '@bb/contracts';
import { BLOCK_MS, connectMongo, weekdayOf } from '@bb/service-kit';
import { commandsDuring, silentLogger, testMongoUrl } from '@bb/service-kit/testing';
import { appointmentHolder, blockStart, countsAgree, decodeLedger, fieldsByLedger, type LedgerDoc, type StoredLedgerDoc } from '../src/domain/ledger';
import { defaultOfficeDay } from '../src/domain/office-hours';
import { planDay, slotsResponse } from '../src/domain/slots';
import { migrationModel, type MigrationDoc } from '../src/models/migration';
import { LEDGER_MIGRATION_ID, migrateToLedger, type LedgerMigrationOptions } from '../src/store/ledger-migration';
import { addBookable, bookingRequest, call, startBooking, TEST_NOW } from './support/booking';
import { SEAT_ERA_CAPACITY } from './support/seat-era';
import { seedSeatEra, type SeatEraSeed } from './support/seat-era';

// The ledger migration on a database the seats era left: 5,000 appointments over several
// months, both offerings, cancelled, deleted, past ones and buffers, a few seats and sheet
// entries a crash left wrong. After it the ledger holds exactly what the appointments say,
// a second run writes nothing, and a run stopped half-way then resumed ends the same.

const COUNT = 5000;
const ORPHANS = 3;
const options = (over: Partial<LedgerMigrationOptions> = {}): LedgerMigrationOptions => ({ logger: silentLogger(), now: TEST_NOW, ...over });
const FIRST = '2030-01-01T00:00';

const connections: Connection[] = [];
/** The marker's model of a connection (only that one: the others would create the seats era's collections again). */
const markers = new Map<Connection, Model<MigrationDoc>>();
const migrationsOf = (conn: Connection) => markers.get(conn) ?? (markers.set(conn, migrationModel(conn)).get(conn) as Model<MigrationDoc>);
async function seededDatabase(label: string, count = COUNT, from?: string): Promise<{ conn: Connection; seed: SeatEraSeed; url: string }> {
  const url = testMongoUrl(label);
  const conn = await connectMongo(url, silentLogger());
  connections.push(conn);
  return { conn, url, seed: await seedSeatEra(conn, { count, now: TEST_NOW, orphans: ORPHANS, from }) };
}
afterAll(async () => {
  for (const conn of connections) await conn.dropDatabase().then(() => conn.close());
});

const ledgerOf = async (conn: Connection) => (await conn.collection<StoredLedgerDoc>('ledger').find({}).sort({ _id: 1 }).toArray()).map(decodeLedger);
const appointmentsOf = (conn: Connection) =>
  conn
    .collection('appointments')
    .find({}, { projection: { blocks: 1, seats: 1, contactClaims: 1, offeringType: 1 } })
    .sort({ _id: 1 })
    .toArray();

/** The ledger the seeded appointments call for: those holding a block from the first of the month on, in all their blocks. */
function expectedLedger(seed: SeatEraSeed): LedgerDoc[] {
  const docs = new Map<string, Required<LedgerDoc>>();
  for (const [id, blocks] of seed.blocks) {
    if (blocks.length === 0 || blocks[blocks.length - 1] < FIRST) continue;
    for (const [docId, fields] of fieldsByLedger(seed.offering.get(id) ?? 'clinic', blocks)) {
      const doc = docs.get(docId) ?? { _id: docId, b: {}, h: {} };
      for (const field of fields) doc.b[field] = (doc.b[field] ?? 0) + 1;
      doc.h[appointmentHolder(id)] = { b: fields, s: 'k' };
      docs.set(docId, doc);
    }
  }
  return [...docs.values()].sort((a, b) => a._id.localeCompare(b._id));
}

const writes = (commands: { name: string; collection: string }[]) =>
  commands.filter((c) => ['update', 'insert', 'delete', 'findAndModify', 'drop'].includes(c.name)).map((c) => `${c.name} ${c.collection}`);

describe('the ledger migration of 5,000 appointments of the seats era', () => {
  let conn: Connection;
  let seed: SeatEraSeed;
  let url: string;
  let ms: number;
  beforeAll(async () => {
    ({ conn, seed, url } = await seededDatabase('ledger_migration'));
    const run = await migrateToLedger(conn, migrationsOf(conn), options());
    ms = run.ms;
    expect(run).toMatchObject({ ran: true, appointments: COUNT });
    expect(run.disagreements).toEqual({ seatMissing: 0, seatOrphaned: ORPHANS, sheetMissing: ORPHANS, sheetOrphaned: ORPHANS, otherOffering: 0 });
  }, 600_000);

  it('seeds what the test means: several months, both offerings, cancelled, deleted, past and buffered appointments', () => {
    const months = new Set([...seed.blocks.values()].flatMap((blocks) => blocks.map((b) => b.slice(0, 7))));
    expect(months.size).toBeGreaterThanOrEqual(5);
    expect(new Set(seed.offering.values()).size).toBe(2);
    expect(seed.cancelled.length).toBeGreaterThan(100);
    expect(seed.deleted.length).toBeGreaterThan(100);
    expect(seed.buffered.length).toBeGreaterThan(100);
    expect([...seed.blocks.values()].filter((b) => b.length > 0 && b[b.length - 1] < FIRST).length).toBeGreaterThan(500);
  });

  it('leaves every block counted as the appointments say, under their holders, in documents that agree with themselves', async () => {
    const ledger = await ledgerOf(conn);
    expect(ledger.every(countsAgree)).toBe(true);
    expect(ledger).toEqual(expectedLedger(seed));
    console.info(`ledger migration of ${COUNT} appointments: ${ms} ms, ${ledger.length} ledger documents`);
  });

  it('gives each appointment the blocks it holds from the first of the month on (none otherwise), without its seats', async () => {
    const appointments = await appointmentsOf(conn);
    expect(appointments).toHaveLength(COUNT);
    for (const a of appointments) {
      const blocks = seed.blocks.get(String(a._id)) ?? [];
      expect({ id: String(a._id), blocks: a.blocks, seats: a.seats, contactClaims: a.contactClaims }).toEqual({
        id: String(a._id),
        blocks: blocks.length > 0 && blocks[blocks.length - 1] >= FIRST ? blocks : [],
        seats: undefined,
        contactClaims: undefined,
      });
    }
  });

  it('drops the seats, day sheets and contact claims, and marks itself complete', async () => {
    const names = (await conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names.filter((n) => ['seats', 'day_sheets', 'contact_claims'].includes(n))).toEqual([]);
    expect(await migrationsOf(conn).findById(LEDGER_MIGRATION_ID).lean()).toMatchObject({ completedAt: expect.any(Date) });
  });

  it('leaves the service answering the slots the appointments call for', async () => {
    await conn.collection<{ _id: string }>('settings').insertMany(['clinic', 'studio'].map((_id) => ({ _id, maxSessionsPerSlot: SEAT_ERA_CAPACITY })));
    const booking = await startBooking('ledger_migration_slots', { mongoUrl: url, startBus: false });
    try {
      let full = 0;
      const items: Record<Side, string> = { clinic: 'migration-facial', studio: 'migration-shoot' };
      await addBookable(booking.models, { id: items.clinic, defaultDuration: 60 });
      await addBookable(booking.models, { id: items.studio, kind: 'package', offeringType: 'studio', defaultDuration: 60 });
      for (const offering of ['clinic', 'studio'] as const) {
        const holds = [...seed.blocks].flatMap(([id, blocks]) =>
          seed.offering.get(id) === offering
            ? blocks.map((block) => ({ startTime: blockStart(block), endTime: new Date(blockStart(block).getTime() + BLOCK_MS) }))
            : [],
        );
        for (const date of ['2030-01-02', '2030-01-07', '2030-01-08', '2030-01-12', '2030-02-15', '2030-03-20']) {
          const planned = planDay({
            date,
            hours: defaultOfficeDay(offering, weekdayOf(date)),
            durationMinutes: 60,
            capacity: SEAT_ERA_CAPACITY,
            holds,
            now: TEST_NOW,
            policy: DEFAULT_BOOKING_POLICY,
          });
          const answered = await call<SlotsResponse>(
            booking.url,
            'GET',
            `/api/available-slots?offeringType=${offering}&date=${date}&treatmentId=${items[offering]}`,
          );
          expect({ offering, date, status: answered.status, body: answered.body }).toEqual({
            offering,
            date,
            status: 200,
            body: slotsResponse(planned, offering),
          });
          full += planned.open ? planned.slots.filter((slot) => slot.state === 'full').length : 0;
        }
      }
      // The days compared have slots the appointments fill, so a wrong count would show.
      expect(full).toBeGreaterThan(10);
    } finally {
      await booking.close();
    }
  });

  it('does nothing on a second run: complete, one read', async () => {
    let run: Awaited<ReturnType<typeof migrateToLedger>> | undefined;
    const commands = await commandsDuring(conn, async () => (run = await migrateToLedger(conn, migrationsOf(conn), options())));
    expect(run?.ran).toBe(false);
    expect(commands.map((c) => `${c.name} ${c.collection}`)).toEqual(['find migrations']);
  });

  it('writes nothing to the ledger or the appointments when run again without its marker', async () => {
    const before = await ledgerOf(conn);
    await migrationsOf(conn).deleteOne({ _id: LEDGER_MIGRATION_ID });
    let run: Awaited<ReturnType<typeof migrateToLedger>> | undefined;
    const commands = await commandsDuring(conn, async () => (run = await migrateToLedger(conn, migrationsOf(conn), options())));
    expect(run).toMatchObject({ ran: true, appointments: 0, ledgerWrites: 0, appointmentWrites: 0, dropped: [] });
    expect(writes(commands).filter((c) => !c.endsWith(' migrations'))).toEqual([]);
    expect(await ledgerOf(conn)).toEqual(before);
  });

  it('ends the same when stopped half-way and started again', async () => {
    const other = await seededDatabase('ledger_migration_resumed');
    const Migration = migrationsOf(other.conn);
    const stop = (written: number) => {
      if (written === 3) throw new Error('stopped half-way');
    };
    await expect(migrateToLedger(other.conn, Migration, options({ onLedgerWrite: stop }))).rejects.toThrow('stopped half-way');
    expect((await ledgerOf(other.conn)).length).toBe(3);
    // The stopped run's lease runs out (it renews it no more).
    await Migration.updateOne({ _id: LEDGER_MIGRATION_ID }, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    // Started again a month later: it plans from the month the first run recorded.
    const resumed = await migrateToLedger(other.conn, Migration, options({ now: new Date('2030-02-03T09:00:00+08:00') }));
    expect(resumed).toMatchObject({ ran: true, ledgerWrites: (await ledgerOf(conn)).length - 3 });
    expect(await ledgerOf(other.conn)).toEqual(await ledgerOf(conn));
    expect(await appointmentsOf(other.conn)).toEqual(await appointmentsOf(conn));
  }, 600_000);
});

describe('replicas starting at once', () => {
  it('each start it before serving: both serve once the ledger holds every appointment, and book on it', async () => {
    const { conn, url, seed } = await seededDatabase('ledger_migration_started', 300, '2030-01-02');
    await conn.collection<{ _id: string; maxSessionsPerSlot: number }>('settings').insertOne({ _id: 'clinic', maxSessionsPerSlot: SEAT_ERA_CAPACITY });
    const replicas = await Promise.all([1, 2].map(() => startBooking('ledger_migration_started', { mongoUrl: url, startBus: false })));
    try {
      const expected = expectedLedger(seed);
      expect(expected.length).toBeGreaterThan(0);
      expect(await ledgerOf(conn)).toEqual(expected);
      const names = (await conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      expect(names.filter((n) => ['seats', 'day_sheets', 'contact_claims'].includes(n))).toEqual([]);
      // What the moved appointments fill is refused, what they leave free is booked, through either replica.
      await addBookable(replicas[0].models, { id: 'migration-facial', defaultDuration: 30 });
      const january8 = expected.find((doc) => doc._id === 'clinic|2030-01')?.b ?? {};
      const fullAt = Object.keys(january8).find((field) => field.startsWith('08T') && january8[field] >= SEAT_ERA_CAPACITY);
      const freeAt = ['08T0900', '08T0930', '08T1000', '08T1030', '08T1100', '08T1130', '08T1200', '08T1230'].find((field) => (january8[field] ?? 0) === 0);
      if (!fullAt || !freeAt) throw new Error('the seed has no full and no free half hour on 8 January');
      const at = (field: string) => ({
        preferredDate: '2030-01-08',
        preferredTime: `${field.slice(3, 5)}:${field.slice(5, 7)}`,
        treatments: ['migration-facial'],
      });
      const refused = await call(replicas[1].url, 'POST', '/api/appointments', bookingRequest(at(fullAt)));
      expect([refused.status, refused.body.message]).toEqual([409, SLOT_FULL_MESSAGE]);
      expect((await call(replicas[0].url, 'POST', '/api/appointments', bookingRequest(at(freeAt)))).status).toBe(201);
      expect((await ledgerOf(conn)).every(countsAgree)).toBe(true);
    } finally {
      for (const replica of replicas) await replica.close();
    }
  }, 120_000);

  it('run it once; the other waits for it to complete', async () => {
    const { conn, seed } = await seededDatabase('ledger_migration_replicas', 300, '2030-01-02');
    const runs = await Promise.all([
      migrateToLedger(conn, migrationsOf(conn), options({ pollMs: 50 })),
      migrateToLedger(conn, migrationsOf(conn), options({ pollMs: 50 })),
    ]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(await ledgerOf(conn)).toEqual(expectedLedger(seed));
  }, 120_000);
});
