import { ReadCache } from '../src/store/read-cache';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read cache of public lists', () => {
  it('serves concurrent misses from one database read', async () => {
    const cache = new ReadCache(1000);
    let reads = 0;
    const load = async () => {
      reads += 1;
      await later(20);
      return [{ id: 'a' }];
    };
    const answers = await Promise.all([cache.get('all', load), cache.get('all', load), cache.get('all', load)]);
    expect(reads).toBe(1);
    expect(answers[0].body.toString()).toBe('[{"id":"a"}]');
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });

  it('reads again once cleared by a write, and after its time is up', async () => {
    const cache = new ReadCache(50);
    let reads = 0;
    const load = async () => [{ reads: ++reads }];
    await cache.get('clinic', load);
    await cache.get('clinic', load);
    expect(reads).toBe(1);
    cache.clear();
    await cache.get('clinic', load);
    expect(reads).toBe(2);
    await later(80);
    expect((await cache.get('clinic', load)).body.toString()).toBe('[{"reads":3}]');
  });

  it('keeps filters apart and does not keep a failed read', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('studio', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cache.get('studio', async () => ['ok'])).body.toString()).toBe('["ok"]');
    expect((await cache.get('clinic', async () => ['other'])).body.toString()).toBe('["other"]');
  });
});
