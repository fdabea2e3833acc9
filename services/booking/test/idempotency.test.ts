import { appointmentIdForKey, requestFingerprint } from '../src/domain/idempotency';

describe('idempotency keys', () => {
  it('give one key always the same appointment id, a valid ObjectId, and other keys others', () => {
    expect(appointmentIdForKey('k-1')).toBe(appointmentIdForKey('k-1'));
    expect(appointmentIdForKey('k-1')).toMatch(/^[0-9a-f]{24}$/);
    expect(appointmentIdForKey('k-2')).not.toBe(appointmentIdForKey('k-1'));
  });

  it('tell the same request from a different one', () => {
    expect(requestFingerprint({ a: 1, b: ['x'] })).toBe(requestFingerprint({ a: 1, b: ['x'] }));
    expect(requestFingerprint({ a: 1, b: ['y'] })).not.toBe(requestFingerprint({ a: 1, b: ['x'] }));
  });
});
