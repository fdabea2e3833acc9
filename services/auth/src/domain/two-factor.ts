import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** What the authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Beauty Booking';
const PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too (clocks a little apart, a code typed at the turn). */
const WINDOW = 1;

const totpOf = (base32Secret: string, username: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32Secret) });

/** A new secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the enrolment QR code holds. */
export const totpUri = (base32Secret: string, username: string): string => totpOf(base32Secret, username).toString();

/**
 * The 30-second step a code belongs to when it is right at `now` (±1 step), or null. A caller
 * accepts it only past the last step it accepted, so a code seen once cannot be used again.
 */
export function totpStepOf(base32Secret: string, username: string, code: string, now: Date): number | null {
  const delta = totpOf(base32Secret, username).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Keys derived from TOTP_ENCRYPTION_KEY, one per use, so the raw setting never keys anything directly. */
const derivedKey = (setting: string, purpose: string): Buffer => createHmac('sha256', setting).update(`beauty-booking/${purpose}`).digest();

/** A TOTP secret as stored: AES-256-GCM under a key derived from TOTP_ENCRYPTION_KEY, `v1.iv.tag.ciphertext` (base64url). */
export function encryptSecret(setting: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(setting, 'totp-secret'), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The stored secret in clear; throws when it was not made with this key (a changed TOTP_ENCRYPTION_KEY). */
export function decryptSecret(setting: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('Unknown format of a stored two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(setting, 'totp-secret'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper is read back right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7pq-3xm9` (about 39 bits each), from crypto random. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/**
 * A recovery code as stored: an HMAC under a key derived from TOTP_ENCRYPTION_KEY, so a copy of
 * the database alone cannot be searched for them. Case, spaces and a missing dash do not matter.
 */
export function recoveryCodeHash(setting: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', derivedKey(setting, 'recovery-code')).update(normalized).digest('hex');
}

/** A one-time link token (256 bits) and the hash auth keeps of it. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(token) };
}

export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
