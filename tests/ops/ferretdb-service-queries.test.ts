import mongoose from 'mongoose';
import { analyzeCollection, postgresUrl, testMongoUrl } from '@bb/service-kit/testing';
import { createModels as bookingModels, ledgerId } from '../../services/booking/testing';
import { createModels as chatModels } from '../../services/chat/testing';
import { createModels as notificationModels, dueFields, recentlyDue } from '../../services/notifications/testing';
import { createModels as subscriberModels } from '../../services/subscribers/testing';

// The reads the services make on every request and every poll, on collections of a few
// thousand documents with the services' own indexes: on FerretDB each must reach PostgreSQL as
// a filter an index serves (its plan has no Seq Scan), or it costs O(stored documents) forever
// (issue 25). Plans from FerretDB's explain, which plans the statement a find sends; on MongoDB
// itself there is nothing of the sort to check: the finds only run, on empty collections.

const STORED = 2000;
const now = new Date();

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(testMongoUrl('ferret_queries')).asPromise();
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Stores `docs` raw (the services' indexes made first), lets PostgreSQL count them, and answers the plan of `filter`. */
async function planOf(
  model: mongoose.Model<never>,
  docs: Record<string, unknown>[],
  filter: Record<string, unknown>,
): Promise<{ seqScans: number; indexes: string[]; conditions: string[] }> {
  await model.createIndexes();
  if ((await model.collection.estimatedDocumentCount()) === 0) await model.collection.insertMany(docs);
  analyzeCollection(conn.db!.databaseName, model.collection.name);
  const explained = (await model.collection.find(filter).explain()) as unknown as { queryPlanner: { Plan: PlanNode } };
  const nodes = flatten(explained.queryPlanner.Plan);
  return {
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').length,
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    conditions: nodes.flatMap((n) => (n['Index Cond'] ? [n['Index Cond']] : [])),
  };
}

const many = (make: (i: number) => Record<string, unknown>) => Array.from({ length: STORED }, (_, i) => make(i));
const asModel = (model: unknown) => model as mongoose.Model<never>;

describe('on FerretDB, the services read by index', () => {
  // [what, model, documents stored, filter, what every index condition of the plan must name (any when absent)]
  type Case = [string, () => mongoose.Model<never>, () => Record<string, unknown>[], Record<string, unknown>, RegExp?];
  const cases: Case[] = [
    [
      // As with a year stored: nearly every mail sent (no due hour), a few reminders queued for the
      // months ahead. The look must take the due hours' index: given a status, PostgreSQL took the
      // status one, which lists every queued reminder.
      "notifications: the senders' look (due in the recent hours)",
      () => asModel(notificationModels(conn).Mail),
      () =>
        many((i) =>
          i % 500 === 0
            ? { _id: `mail-${i}`, status: 'queued', ...dueFields(new Date(now.getTime() + i * 3_600_000)), appointmentId: `a-${i % 700}` }
            : { _id: `mail-${i}`, status: 'sent', dueAt: new Date(now.getTime() - i * 3_600_000), appointmentId: `a-${i % 700}` },
        ),
      recentlyDue(now),
      /'dueHour'/,
    ],
    ["notifications: an appointment's mail log", () => asModel(notificationModels(conn).Mail), () => [], { appointmentId: 'a-5' }],
    ['notifications: a mail by _id', () => asModel(notificationModels(conn).Mail), () => [], { _id: 'mail-77' }],
    [
      'subscribers: a sign-up by its address key',
      () => asModel(subscriberModels(conn).Subscriber),
      () => many((i) => ({ _id: `s-${i}`, emailKey: `person${i}@example.com`, confirmTokenHash: `h-${i}` })),
      { emailKey: 'person42@example.com' },
    ],
    ['subscribers: a confirmation link', () => asModel(subscriberModels(conn).Subscriber), () => [], { confirmTokenHash: 'h-1500' }],
    [
      'chat: a conversation by _id (every widget poll that misses the cache)',
      () => asModel(chatModels(conn).Conversation),
      () => many((i) => ({ _id: `c-${i}`, customerName: 'Ana', messages: [{ id: `m-${i}`, text: 'hello' }] })),
      { _id: 'c-1234' },
    ],
    [
      "booking: a month's ledger and the next by _id (a month of slots)",
      () => asModel(bookingModels(conn).Ledger),
      () =>
        many((i) => ({
          _id: ledgerId(i % 2 ? 'clinic' : 'studio', new Date(Date.UTC(1900, Math.floor(i / 2), 1)).toISOString().slice(0, 10)),
          b: { '07T0900': 1 },
          h: { [`a${i}`]: { b: ['07T0900'], s: 'k' } },
        })),
      { _id: { $in: ['2026-03', '2026-04'].map((month) => ledgerId('clinic', month)) } },
    ],
    [
      'booking: an appointment by _id',
      () => asModel(bookingModels(conn).Appointment),
      () => many((i) => ({ _id: `appt-${i}`, manageTokenHash: `t-${i}`, offeringType: 'clinic' })),
      { _id: 'appt-999' },
    ],
    ['booking: an appointment by its manage link', () => asModel(bookingModels(conn).Appointment), () => [], { manageTokenHash: 't-321' }],
  ];
  // A rest parameter: jest hands a test function with more parameters than its row a done callback.
  it.each(cases)('%s', async (...[, model, docs, filter, named]: Case) => {
    if (!postgresUrl()) return expect(await model().collection.find(filter).toArray()).toEqual([]);
    const { conditions, ...plan } = await planOf(model(), docs(), filter);
    expect({ filter, ...plan }).toEqual({ filter, seqScans: 0, indexes: expect.arrayContaining([expect.stringMatching(/_g\d+$/)]) });
    if (named) expect(conditions.filter((condition) => !named.test(condition))).toEqual([]);
  });
});
