import { outboxEvent } from '@bb/service-kit';
import type { StaffDoc } from '../models/staff';
import type { Announce } from '../store/versioned-writes';

/**
 * catalog.staff.changed, stored in the same document write as the change to the staff member,
 * as bookables' events are: booking keeps its practitioners' names, pictures and sides by it.
 */
export const staffChanged: Announce<StaffDoc> = (id, member, version, deleted, correlationId) =>
  outboxEvent(
    'catalog',
    'catalog.staff.changed',
    { id: String(id), name: member.name, imageUrl: member.imageUrl ?? '', offeringType: member.offeringType, deleted, version },
    correlationId,
  );
