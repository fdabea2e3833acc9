import type { AuditRecord, TokenClaims } from '@bb/contracts';
import type { OutboxEntry } from '../db/outbox-writer';
import { auditActor, auditEvent } from './audit-event';

/** Who asked and from where, as a handler knows it: what every audit record of a request carries. */
export interface AuditBy {
  actor?: AuditRecord['actor'];
  address?: string;
  correlationId?: string;
}

/** From a handler's input (`bind()`): the staff user, the client address, the request id. */
export const auditBy = ({
  user,
  clientAddress,
  requestId,
}: {
  user?: Pick<TokenClaims, 'sub' | 'username' | 'role'>;
  clientAddress?: string;
  requestId?: string;
}): AuditBy => ({
  ...(user ? { actor: auditActor(user) } : {}),
  ...(clientAddress ? { address: clientAddress } : {}),
  ...(requestId ? { correlationId: requestId } : {}),
});

/** What a request did, as a record of the audit trail (the `record` of auditEvent and recordAuditNote). */
export const auditRecordBy = (by: AuditBy, what: Pick<AuditRecord, 'action' | 'subject' | 'before' | 'after'>): Omit<AuditRecord, 'at'> => ({
  ...what,
  ...(by.actor ? { actor: by.actor } : {}),
  ...(by.address ? { address: by.address } : {}),
});

/** `audit.recorded` of a request, for the outbox of the document it changed. */
export const auditEventBy = (service: string, by: AuditBy, what: Pick<AuditRecord, 'action' | 'subject' | 'before' | 'after'>): OutboxEntry =>
  auditEvent(service, auditRecordBy(by, what), by.correlationId);
