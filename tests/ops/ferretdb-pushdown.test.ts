import mongoose from 'mongoose';
import { postgresTable, postgresUrl as launcherPostgres, psql, STATS_DELAY_MS, testMongoUrl } from '@bb/service-kit/testing';

// The local MongoDB is FerretDB on PostgreSQL, patched by the launcher (scripts/servers/ferretdb/):
// an equality FerretDB pushes down as jsonb containment must be served
// by an index, not by reading the whole table, so a poller's cost does not grow with what is
// stored (issue 25). Read from PostgreSQL itself: the indexes beside FerretDB's, the plan of the
// statement FerretDB sends, and the rows a real find through FerretDB reads.

const postgresUrl = launcherPostgres();
const STORED = 3000;

let conn: mongoose.Connection;
let schema = '';
let table = '';

beforeAll(async () => {
  conn = await mongoose.createConnection(testMongoUrl('ferret_pushdown')).asPromise();
  const things = conn.collection('things');
  await things.createIndex({ status: 1 });
  await things.createIndex({ 'lease.owner': 1 });
  await things.insertMany(
    Array.from({ length: STORED }, (_, i) => ({
      _id: `thing-${i}` as unknown as mongoose.Types.ObjectId,
      status: i % 1000 === 7 ? 'queued' : 'sent',
      lease: { owner: `replica-${i % 50}` },
    })),
  );
  schema = conn.db!.databaseName;
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

it('runs on MongoDB itself, or on FerretDB whose PostgreSQL the launcher names', async () => {
  const build = await conn.db!.admin().command({ buildInfo: 1 });
  expect({ ferretdb: 'ferretdbVersion' in build, postgres: postgresUrl !== undefined }).toEqual({
    ferretdb: postgresUrl !== undefined,
    postgres: postgresUrl !== undefined,
  });
});

// The $in pushdown (an OR of containments) only narrows what PostgreSQL returns; FerretDB still
// filters every document. On MongoDB and FerretDB alike, an $in finds what the same equalities
// joined by a top-level $or find (FerretDB never pushes $or down, so that is its old path),
// for every kind of value, arrays in documents, numbers of either type and values that
// cannot go down (null, a regex, a document).
it('finds with $in exactly what an $or of the same equalities finds', async () => {
  const mixed = conn.collection('mixed');
  await mixed.createIndex({ v: 1 });
  const oid = new mongoose.Types.ObjectId();
  const day = new Date('2026-03-01T09:00:00Z');
  const values: unknown[] = ['a', 'b', 1, 1.5, 2, true, false, null, oid, day, ['a', 'z'], [1, 3], { x: 1 }, 'A', '', 0];
  await mixed.insertMany([
    ...values.map((v, i) => ({ _id: `m${i}` as unknown as mongoose.Types.ObjectId, v })),
    { _id: 'm-missing' as unknown as mongoose.Types.ObjectId },
  ]);
  const ids = async (filter: object) => (await mixed.find(filter).toArray()).map((d) => String(d._id)).sort();
  for (const list of [
    ['a'],
    ['a', 'b'],
    [1, 2],
    [1.0, 3],
    [true],
    [oid, day],
    ['z', 3, 'nothing'],
    ['a', null],
    ['a', /^A$/],
    [{ x: 1 }, 'b'],
    [0, ''],
  ] as unknown[][]) {
    const viaIn = await ids({ v: { $in: list } });
    expect({ list, ids: viaIn }).toEqual({ list, ids: await ids({ $or: list.map((v) => (v instanceof RegExp ? { v: { $regex: v } } : { v })) }) });
    expect(viaIn.length).toBeGreaterThan(0);
  }
});

// Everything below is about FerretDB: with MongoDB itself (no BB_POSTGRES_URL) it checks that
// nothing of the sort is there to check, and stops.
describe('FerretDB pushdown', () => {
  beforeAll(async () => {
    if (!postgresUrl) return;
    table = postgresTable(schema, 'things');
    // Building the indexes read the table: let those reads reach the statistics before counting.
    await new Promise((r) => setTimeout(r, STATS_DELAY_MS));
  }, 2 * STATS_DELAY_MS);

  it('has a GIN index on the expression the pushdown uses beside each index FerretDB made', () => {
    if (!postgresUrl) return expect(table).toBe('');
    const indexes = psql(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = '${schema}' AND tablename = '${table}' AND indexdef LIKE '%USING gin%' ORDER BY indexname`,
    ).split('\n');
    expect(indexes.map((d) => /USING gin \(\((.*)\)\)$/.exec(d)?.[1]).sort()).toEqual(
      ["(_jsonb #> '{lease,owner}'::text[])", "(_jsonb -> '_id'::text)", "(_jsonb -> 'status'::text)"].sort(),
    );
  });

  it('plans an equality and an $in as FerretDB sends them (field name as a parameter) on those indexes', () => {
    if (!postgresUrl) return expect(table).toBe('');
    expect(psql('SHOW plan_cache_mode')).toBe('force_custom_plan');
    const plan = (statement: string, args: string) => psql(`PREPARE q AS ${statement}; EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE q(${args}); DEALLOCATE q`);
    const from = `SELECT _jsonb FROM "${schema}"."${table}"`;
    for (const [statement, args, matched] of [
      [`${from} WHERE _jsonb->$1 @> $2`, `'status', '"queued"'`, 3],
      [`${from} WHERE _jsonb->$1 @> $2`, `'_id', '"thing-2500"'`, 1],
      [`${from} WHERE (_jsonb->$1 @> $2 OR _jsonb->$1 @> $3)`, `'_id', '"thing-1"', '"thing-2"'`, 2],
      [`${from} WHERE _jsonb#>$1 @> $2`, `'{lease,owner}', '"replica-3"'`, STORED / 50],
    ] as const) {
      const [{ Plan: root }] = JSON.parse(plan(statement, args)) as [{ Plan: PlanNode }];
      const nodes = flatten(root);
      expect({
        statement,
        args,
        scans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').length,
        indexed: nodes.some((n) => n['Node Type'] === 'Bitmap Index Scan'),
        rows: root['Actual Rows'],
      }).toEqual({
        statement,
        args,
        scans: 0,
        indexed: true,
        rows: matched,
      });
    }
  });

  it(
    'reads only the matching rows for a find and an $in through FerretDB, not the table',
    async () => {
      if (!postgresUrl) return expect(table).toBe('');
      const read = () => psql(`SELECT seq_tup_read FROM pg_stat_user_tables WHERE schemaname = '${schema}' AND relname = '${table}'`);
      const before = Number(read());
      const things = conn.collection('things');
      for (let i = 0; i < 20; i++) {
        expect(await things.countDocuments({ status: 'queued' })).toBe(3);
        expect(await things.findOne({ _id: `thing-${i * 100}` as unknown as mongoose.Types.ObjectId })).not.toBeNull();
        expect(await things.countDocuments({ _id: { $in: [`thing-${i}`, `thing-${i + 1}`] as unknown as mongoose.Types.ObjectId[] } })).toBe(2);
      }
      await new Promise((r) => setTimeout(r, STATS_DELAY_MS));
      expect(Number(read()) - before).toBe(0);
    },
    2 * STATS_DELAY_MS,
  );
});

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
