import type { EventData } from '@bb/contracts';
import { outboxEvent } from '@bb/service-kit';
import { userSessionsRevoked } from './session-revoked';

/** auth.user.invited, stored with the invitation: notifications mails the set-password link. */
export const userInvited = (data: EventData<'auth.user.invited'>, correlationId?: string) => outboxEvent('auth', 'auth.user.invited', data, correlationId);

/**
 * What ends every session of an account, to put in the write that causes it: its tokens up to
 * `now` (that second included) are refused by every process once the event is out. A token is
 * issued no earlier than the account's last revocation (`previous`), so the new one is pushed
 * past it too: a token given in the very second of an earlier change is refused by this one.
 */
export function endSessions(userId: string, now: Date, previous?: Date) {
  const issuedBefore = Math.max(Math.floor(now.getTime() / 1000), previous ? Math.floor(previous.getTime() / 1000) : 0) + 1;
  return { issuedBefore, revokedBefore: new Date(issuedBefore * 1000), event: userSessionsRevoked(userId, issuedBefore) };
}
