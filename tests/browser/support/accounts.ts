// Staff accounts in browser tests: codes an authenticator app would show, and the sign-in policy
// a test changes and puts back.
import * as OTPAuth from 'otpauth';
import type { SignInPolicy } from '@bb/contracts';
import { api } from '../maintenance-helpers';

/** The TOTP of a base32 secret at a moment (RFC 6238: SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export const totpAt = (secret: string, timestamp = Date.now()): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/**
 * A code of the next 30-second step, once that step has begun: a server refuses a code of a
 * step already used for a sign-in, as an app's user waiting for the next code would see.
 */
export async function nextTotp(secret: string): Promise<string> {
  const next = (Math.floor(Date.now() / 30_000) + 1) * 30_000;
  await new Promise((resolve) => setTimeout(resolve, next - Date.now() + 250));
  return totpAt(secret);
}

export async function readPolicy(token: string): Promise<SignInPolicy> {
  const { status, body } = await api<SignInPolicy>('/api/sign-in-policy', { token });
  if (status !== 200) throw new Error(`sign-in policy answered ${status}`);
  return body;
}

export async function savePolicy(token: string, policy: SignInPolicy): Promise<void> {
  const { status } = await api('/api/sign-in-policy', { method: 'PUT', token, body: policy });
  if (status !== 200) throw new Error(`saving the sign-in policy answered ${status}`);
}
