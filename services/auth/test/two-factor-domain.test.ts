import { Secret, TOTP } from 'otpauth';
import { normalizedPolicyRoles, policyText, twoFactorRequired } from '../src/domain/sign-in-policy';
import {
  decryptSecret,
  encryptSecret,
  linkTokenHash,
  newLinkToken,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpStepOf,
  totpUri,
} from '../src/domain/two-factor';

const KEY = 'a-test-totp-encryption-key-0123456789';
// A fixed instant in the middle of its 30-second step.
const AT = new Date('2030-03-01T08:00:15Z');
const STEP = Math.floor(AT.getTime() / 1000 / 30);
const codeAt = (secret: string, date: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: date.getTime() });

describe('two-factor rules', () => {
  it('accepts the code of the step, the one before and the one after, naming each step; nothing further', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(totpStepOf(secret, 'ana', codeAt(secret, AT), AT)).toBe(STEP);
    expect(totpStepOf(secret, 'ana', codeAt(secret, new Date(AT.getTime() - 30_000)), AT)).toBe(STEP - 1);
    expect(totpStepOf(secret, 'ana', codeAt(secret, new Date(AT.getTime() + 30_000)), AT)).toBe(STEP + 1);
    expect(totpStepOf(secret, 'ana', codeAt(secret, new Date(AT.getTime() + 60_000)), AT)).toBeNull();
    expect(totpStepOf(secret, 'ana', codeAt(secret, new Date(AT.getTime() - 60_000)), AT)).toBeNull();
    expect(totpStepOf(newTotpSecret(), 'ana', codeAt(secret, AT), AT)).toBeNull();
  });

  it('makes the URI an authenticator app reads: issuer, account, SHA-1, 6 digits, 30 s', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXP', 'ana.reyes'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Beauty Booking:ana.reyes');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Beauty Booking',
      secret: 'JBSWY3DPEHPK3PXP',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('encrypts a secret so that only the same key reads it back, differently each time', () => {
    const stored = encryptSecret(KEY, 'JBSWY3DPEHPK3PXP');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(KEY, 'JBSWY3DPEHPK3PXP')).not.toBe(stored);
    expect(decryptSecret(KEY, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret('another-key-0123456789-0123456789', stored)).toThrow();
    const [v, iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptSecret(KEY, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptSecret(KEY, 'plain-secret')).toThrow(/format/);
  });

  it('makes ten distinct recovery codes like k7pq-3xm9, and hashes them whatever the case or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    const hash = recoveryCodeHash(KEY, codes[0]);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(KEY, codes[0].toUpperCase().replace('-', ' '))).toBe(hash);
    expect(recoveryCodeHash('another-key-0123456789-0123456789', codes[0])).not.toBe(hash);
    expect(recoveryCodeHash(KEY, codes[1])).not.toBe(hash);
  });

  it('makes link tokens of 256 bits and keeps only their hash', () => {
    const { token, tokenHash } = newLinkToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(tokenHash).toBe(linkTokenHash(token));
    expect(tokenHash).not.toContain(token);
    expect(newLinkToken().token).not.toBe(token);
  });
});

describe('the sign-in policy', () => {
  it('requires owners in production, and the roles the policy names in any mode', () => {
    expect(twoFactorRequired('owner', [], true)).toBe(true);
    expect(twoFactorRequired('owner', [], false)).toBe(false);
    expect(twoFactorRequired('manager', [], true)).toBe(false);
    expect(twoFactorRequired('manager', ['manager'], false)).toBe(true);
    expect(twoFactorRequired('owner', ['owner'], false)).toBe(true);
  });

  it('keeps each role once, in the order of the roles, and says it in words', () => {
    const order = ['owner', 'manager', 'receptionist', 'practitioner'] as const;
    expect(normalizedPolicyRoles(['practitioner', 'manager', 'manager'], order)).toEqual(['manager', 'practitioner']);
    expect(policyText([])).toBe('two-factor required for: nobody');
    expect(policyText(['manager', 'practitioner'])).toBe('two-factor required for: manager, practitioner');
  });
});
