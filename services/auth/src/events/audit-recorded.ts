import type { EventBus } from '@bb/service-kit';
import type { AuditTrail } from '../store/audit-trail';

/** auth's durable queue of `audit.recorded`: events of every service wait there while auth is down. */
export const AUDIT_TRAIL_QUEUE = 'auth.audit-trail';

/** Appends every service's audit entries to the chain; a redelivered event appends nothing (its id is kept). */
export function consumeAuditRecords(bus: EventBus, trail: AuditTrail): void {
  bus.subscribe(AUDIT_TRAIL_QUEUE, ['audit.recorded'], (event) => trail.append(event));
}
