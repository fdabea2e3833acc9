import { retryAfterSeconds, usernameBackoffSeconds } from '../src/limits/backoff';

describe('username back-off', () => {
  it('lets the free attempts through without waiting', () => {
    for (let attempts = 0; attempts <= 20; attempts++) expect(usernameBackoffSeconds(attempts, 20, 300)).toBe(0);
  });

  it('doubles from one second after the free attempts', () => {
    expect([21, 22, 23, 24, 25].map((n) => usernameBackoffSeconds(n, 20, 300))).toEqual([1, 2, 4, 8, 16]);
  });

  it('never waits longer than the cap, however many attempts', () => {
    expect(usernameBackoffSeconds(29, 20, 300)).toBe(256);
    expect(usernameBackoffSeconds(30, 20, 300)).toBe(300);
    expect(usernameBackoffSeconds(1_000_000, 20, 300)).toBe(300);
  });

  it('rounds a wait up to whole seconds, at least one', () => {
    expect([0, 1, 999, 1000, 1001].map(retryAfterSeconds)).toEqual([1, 1, 1, 1, 2]);
  });
});
