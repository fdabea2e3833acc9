import { UpstreamPool } from '../src/domain/upstream-pool';

describe('UpstreamPool', () => {
  it('takes the replicas in turn', () => {
    const pool = new UpstreamPool(['a', 'b', 'c']);
    expect(Array.from({ length: 7 }, () => pool.pick())).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('skips a failed replica until its time out is over, then takes it again', () => {
    let now = 1000;
    const pool = new UpstreamPool(['a', 'b'], 5000, () => now);
    expect(pool.pick()).toBe('a');
    pool.markFailed('a');
    expect(Array.from({ length: 4 }, () => pool.pick())).toEqual(['b', 'b', 'b', 'b']);
    now += 5000;
    expect(Array.from({ length: 4 }, () => pool.pick()).sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('keeps going round when every replica has failed', () => {
    const pool = new UpstreamPool(['a', 'b'], 5000, () => 0);
    pool.markFailed('a');
    pool.markFailed('b');
    expect(Array.from({ length: 4 }, () => pool.pick())).toEqual(['a', 'b', 'a', 'b']);
  });

  it('never sits out the only replica', () => {
    const pool = new UpstreamPool(['only'], 5000, () => 0);
    pool.markFailed('only');
    expect(pool.pick()).toBe('only');
  });

  it('refuses an empty list', () => {
    expect(() => new UpstreamPool([])).toThrow('at least one target');
  });
});
