import { outboxEvent } from '@bb/service-kit';

/** auth.session.revoked, stored with the revocation it announces. */
export const sessionRevoked = (jti: string, expiresAtSeconds: number, correlationId?: string) =>
  outboxEvent('auth', 'auth.session.revoked', { jti, expiresAt: expiresAtSeconds }, correlationId);

/** auth.user.sessions-revoked, stored with the password change that causes it. */
export const userSessionsRevoked = (userId: string, issuedBeforeSeconds: number) =>
  outboxEvent('auth', 'auth.user.sessions-revoked', { userId, issuedBefore: issuedBeforeSeconds });
