import { appointmentIdOfManageToken, manageLinkToken } from '../src/links/manage-link-token';

const SECRET = 'manage-link-secret-for-the-unit-tests';
const ID = '65f0c0ffee00000000abcdef';

describe('manage link tokens', () => {
  it('are 32 base64url characters that give back their appointment id', () => {
    const token = manageLinkToken(SECRET, ID);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(appointmentIdOfManageToken(SECRET, token)).toBe(ID);
    expect(manageLinkToken(SECRET, ID.toUpperCase())).toBe(token);
  });

  it('open nothing when made with another secret, altered, or not a token at all', () => {
    const token = manageLinkToken(SECRET, ID);
    expect(appointmentIdOfManageToken('another-secret-of-the-same-length!!', token)).toBeNull();
    const flipped = token.slice(0, 31) + (token[31] === 'A' ? 'B' : 'A');
    expect(appointmentIdOfManageToken(SECRET, flipped)).toBeNull();
    // Another appointment's id with this token's MAC.
    const otherId = manageLinkToken(SECRET, '65f0c0ffee00000000abcdee');
    expect(appointmentIdOfManageToken(SECRET, otherId.slice(0, 16) + token.slice(16))).toBeNull();
    for (const odd of ['', 'short', `${token}x`, token.replace(/./, '+'), 'A'.repeat(32)]) expect(appointmentIdOfManageToken(SECRET, odd)).toBeNull();
  });

  it('differ per appointment', () => {
    expect(manageLinkToken(SECRET, ID)).not.toBe(manageLinkToken(SECRET, '65f0c0ffee00000000abcdee'));
    expect(() => manageLinkToken(SECRET, 'not-an-id')).toThrow();
  });
});
