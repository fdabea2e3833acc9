import type { EventData } from '@bb/contracts';
import { outboxEvent } from '@bb/service-kit';
import { userSessionsRevoked } from './session-revoked';

/** auth.user.invited, stored with the invitation: notifications mails the set-password link. */
export const userInvited = (data: EventData<'auth.user.invited'>, correlationId?: string) => outboxEvent('auth', 'auth.user.invited', data, correlationId);

/**
 * What ends every session of an account, to put in the write that causes it: its tokens up to
 * `now` (that second included) are refused by every process once the event is out.
 */
export function endSessions(userId: string, now: Date) {
  const issuedBefore = Math.floor(now.getTime() / 1000) + 1;
  return { issuedBefore, revokedBefore: new Date(issuedBefore * 1000), event: userSessionsRevoked(userId, issuedBefore) };
}
