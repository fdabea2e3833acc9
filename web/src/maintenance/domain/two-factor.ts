/** A code from the authenticator app, as typed (spaces allowed, "123 456"): its six digits, or null. */
export function totpDigits(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export const TOTP_CODE_MESSAGE = 'Enter the 6 digits your authenticator app shows';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';

/** The secret in groups of four, as authenticator apps show it and a person types it. */
export const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? '';

/** The recovery codes as the .txt file the Security page offers, one per line with what they are for. */
export function recoveryCodesText(username: string, codes: readonly string[], issued: string): string {
  return [
    `Recovery codes for ${username} (staff console), issued ${issued}.`,
    'Each code signs you in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const recoveryCodesFileName = (username: string) => `recovery-codes-${username}.txt`;
