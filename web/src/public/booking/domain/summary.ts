import type { AppointmentRequest } from '@bb/contracts';
import { to12Hour } from '../../../shared/format';
import { longDate } from './schedule';

/** What a visitor booked, in words, for the success panel. */
export interface BookedSummary {
  items: string[];
  when: string;
}

/** The booked items by name (in the order chosen) and "Tuesday, December 8, 2026 at 10:00 AM". */
export function bookedSummary(request: Pick<AppointmentRequest, 'treatments' | 'preferredDate' | 'preferredTime'>, names: ReadonlyMap<string, string>): BookedSummary {
  return {
    items: (request.treatments ?? []).map((id) => names.get(id) ?? 'Unknown Service'),
    when: `${longDate(request.preferredDate, 'EEEE, MMMM d, yyyy')} at ${to12Hour(request.preferredTime)}`,
  };
}
