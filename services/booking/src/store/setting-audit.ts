import { auditRecordBy, recordAuditNote, type AuditBy } from '@bb/service-kit';
import type { BookingDeps } from '../deps';

/**
 * The audit entry of a schedule write that spans several documents or removes one (office
 * hours, date overrides, rooms, requirements, practitioners): one audit note after the write.
 */
export async function noteSettingChange(
  deps: Pick<BookingDeps, 'models' | 'relay'>,
  by: AuditBy,
  what: { subject: string; before?: string; after?: string },
): Promise<void> {
  await recordAuditNote(deps.models.AuditNote, deps.relay, 'booking', auditRecordBy(by, { action: 'setting-changed', ...what }), by.correlationId);
}
