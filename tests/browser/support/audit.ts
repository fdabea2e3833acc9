// The audit trail as browser tests read it: an entry of an action recorded since a moment.
import type { AuditAction, AuditEntry, AuditPage } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api } from '../maintenance-helpers';

/**
 * The newest entry of an action recorded at or after `since` (ISO) that `matches`, once the
 * trail has it (entries arrive through the outbox). Other test files write entries meanwhile:
 * the newest fifty are searched, not only the first.
 */
export const auditEntrySince = (token: string, action: AuditAction, since: string, matches: (e: AuditEntry) => boolean = () => true): Promise<AuditEntry> =>
  waitFor(
    `a ${action} entry in the audit trail`,
    async () => {
      const { status, body } = await api<AuditPage>(`/api/audit?action=${action}&limit=50`, { token });
      return status === 200 ? body.entries.find((e) => e.at >= since && matches(e)) : undefined;
    },
    20_000,
  );

/** A moment a second ago, as the trail writes times: entries of what a test does next are at or after it. */
export const aMomentAgo = () => new Date(Date.now() - 1000).toISOString();
