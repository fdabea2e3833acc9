import { sharedReads } from '../src/db/shared-reads';

/** A query that answers when told, counting how often it was sent. */
function pendingQuery() {
  let sent = 0;
  const answers: ((value: number) => void)[] = [];
  return {
    query: () => {
      sent += 1;
      return new Promise<number>((resolve) => answers.push(resolve));
    },
    answer: (value: number) => answers.shift()?.(value),
    sent: () => sent,
  };
}

describe('shared reads', () => {
  it('send one query for callers asking while it is under way, and a new one once it answered', async () => {
    const reads = sharedReads<number>();
    const q = pendingQuery();
    const first = [reads.read('k', ['a'], q.query), reads.read('k', ['a'], q.query), reads.read('k', ['a'], q.query)];
    expect(q.sent()).toBe(1);
    q.answer(1);
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    const next = reads.read('k', ['a'], q.query);
    expect(q.sent()).toBe(2);
    q.answer(2);
    expect(await next).toBe(2);
  });

  it('keep different keys apart', async () => {
    const reads = sharedReads<number>();
    const q = pendingQuery();
    const both = [reads.read('k1', ['a'], q.query), reads.read('k2', ['a'], q.query)];
    expect(q.sent()).toBe(2);
    q.answer(1);
    q.answer(2);
    expect(await Promise.all(both)).toEqual([1, 2]);
  });

  it('after a write of a part, send a new query for later callers, and the earlier callers keep theirs', async () => {
    const reads = sharedReads<number>();
    const q = pendingQuery();
    const before = reads.read('k', ['a', 'b'], q.query);
    reads.invalidate('c');
    const unaffected = reads.read('k', ['a', 'b'], q.query);
    expect(q.sent()).toBe(1);
    reads.invalidate('b');
    const after = reads.read('k', ['a', 'b'], q.query);
    expect(q.sent()).toBe(2);
    q.answer(1);
    expect([await before, await unaffected]).toEqual([1, 1]);
    // The earlier query's end leaves the later one to be joined.
    const joined = reads.read('k', ['a', 'b'], q.query);
    expect(q.sent()).toBe(2);
    q.answer(2);
    expect([await after, await joined]).toEqual([2, 2]);
  });

  it('share a failure with those who joined, and try again afterwards', async () => {
    const reads = sharedReads<number>();
    let sent = 0;
    const failing = () => {
      sent += 1;
      return Promise.reject(new Error('down'));
    };
    await expect(Promise.all([reads.read('k', ['a'], failing), reads.read('k', ['a'], failing)])).rejects.toThrow('down');
    await expect(reads.read('k', ['a'], failing)).rejects.toThrow('down');
    expect(sent).toBe(2);
  });
});
