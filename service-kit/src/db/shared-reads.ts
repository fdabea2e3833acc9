/**
 * Concurrent identical reads share one query: a caller asking while the same read is on its way
 * gets that query's answer, as it would have from a query sent a moment earlier (DataLoader's
 * and Go's singleflight idea). A crowd asking for one day's slots costs one query instead of
 * one each. `invalidate` after a write of this process makes later callers send a new query,
 * so a process never answers from before its own writes; another replica's write is seen by the
 * next query, at most one query's time later, as it would be by a read sent just before it.
 */
export interface SharedReads<T> {
  /** The answer of `query`, shared with callers of the same `key` while it is under way; `parts` name what it reads. */
  read(key: string, parts: readonly string[], query: () => Promise<T>): Promise<T>;
  /** Later reads of anything naming `part` send a new query. */
  invalidate(part: string): void;
}

export function sharedReads<T>(): SharedReads<T> {
  const underWay = new Map<string, { answer: Promise<T>; parts: readonly string[] }>();
  return {
    read(key, parts, query) {
      const joined = underWay.get(key);
      if (joined) return joined.answer;
      const answer = query().finally(() => {
        if (underWay.get(key)?.answer === answer) underWay.delete(key);
      });
      underWay.set(key, { answer, parts });
      return answer;
    },
    invalidate(part) {
      for (const [key, { parts }] of underWay) if (parts.includes(part)) underWay.delete(key);
    },
  };
}
