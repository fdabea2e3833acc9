import mongoose, { Schema, type Connection } from 'mongoose';
import { connectMongo } from '../src/db/mongo';
import { silentLogger, testMongoUrl } from '../testing';

let conn: Connection;
beforeAll(async () => {
  conn = await connectMongo(testMongoUrl('mongo'), silentLogger());
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

describe('mongoose on the test database (FerretDB locally)', () => {
  it('rejects a duplicate under a unique index', async () => {
    const Email = conn.model('Email', new Schema({ address: { type: String, required: true, unique: true } }));
    await Email.createIndexes();
    await Email.create({ address: 'ana@example.com' });
    await expect(Email.create({ address: 'ana@example.com' })).rejects.toMatchObject({ code: 11000 });
    expect(await Email.countDocuments()).toBe(1);
  });

  it('keeps a capped counter under its cap with 50 concurrent conditional updates', async () => {
    const Counter = conn.model('Counter', new Schema({ _id: String, count: Number }));
    const cap = 7;
    await Counter.create({ _id: 'slot', count: 0 });
    const attempts = await Promise.all(Array.from({ length: 50 }, () => Counter.updateOne({ _id: 'slot', count: { $lt: cap } }, { $inc: { count: 1 } })));
    const won = attempts.filter((r) => r.modifiedCount === 1).length;
    const doc = await Counter.findById('slot').lean();
    expect(won).toBe(cap);
    expect(doc?.count).toBe(cap);
  });

  it('supports the queries the outbox relay relies on', async () => {
    const Doc = conn.model('OutboxProbe', new Schema({ outbox: [{ _id: false, id: String }], lockedUntil: Date }));
    const a = await Doc.create({ outbox: [{ id: 'e1' }, { id: 'e2' }] });
    await Doc.create({ outbox: [] });
    expect(await Doc.countDocuments({ 'outbox.0': { $exists: true } })).toBe(1);
    await Doc.updateOne({ _id: a._id }, { $pull: { outbox: { id: 'e1' } } });
    expect((await Doc.findById(a._id).lean())?.outbox).toEqual([{ id: 'e2' }]);
    expect(await Doc.countDocuments({ outbox: { $size: 0 } })).toBe(1);
  });

  it('reports a malformed id as a cast error, not a crash', async () => {
    const Thing = conn.model('Thing', new Schema({ name: String }));
    await expect(Thing.findById('not-an-object-id')).rejects.toBeInstanceOf(mongoose.Error.CastError);
  });
});
