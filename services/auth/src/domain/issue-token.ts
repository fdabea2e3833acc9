import { randomUUID } from 'node:crypto';
import type { User } from '@bb/contracts';
import { signToken } from '@bb/service-kit';

/**
 * A staff token naming the account's role (and a practitioner's staff profile). Issued no
 * earlier than the last revocation of the account's sessions: in the very second of a change
 * (or on a clock behind the command's), a new token would otherwise be refused everywhere as
 * one issued before it. `enrolOnly`: the token may only set up two-factor sign-in.
 */
export function issueToken(
  user: User,
  tokensRevokedBefore: Date | undefined,
  settings: { jwtSecret: string; tokenTtlSeconds: number },
  now = new Date(),
): string {
  const revokedBefore = tokensRevokedBefore ? Math.floor(tokensRevokedBefore.getTime() / 1000) : 0;
  const issuedAt = Math.max(Math.floor(now.getTime() / 1000), revokedBefore);
  const claims = {
    sub: user.id,
    username: user.username,
    role: user.role,
    jti: randomUUID(),
    ...(user.staffId ? { staffId: user.staffId } : {}),
    ...(user.mustEnrol ? { enrolOnly: true as const } : {}),
  };
  return signToken(claims, settings.jwtSecret, settings.tokenTtlSeconds, issuedAt);
}
