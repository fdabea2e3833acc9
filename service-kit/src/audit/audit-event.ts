import type { AuditActor, AuditRecord, TokenClaims } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '../db/outbox-writer';

/** Who did it, as the audit trail names them: from the staff token of the request. */
export const auditActor = (user: Pick<TokenClaims, 'sub' | 'username' | 'role'>): AuditActor => ({ id: user.sub, username: user.username, role: user.role });

/**
 * `audit.recorded`, to store in the same write as the change it records (the outbox), so an
 * entry exists exactly when the change does. `at` is now unless given.
 */
export function auditEvent(service: string, record: Omit<AuditRecord, 'at'> & { at?: string }, correlationId?: string): OutboxEntry {
  return outboxEvent(service, 'audit.recorded', { ...record, at: record.at ?? new Date().toISOString() }, correlationId);
}
