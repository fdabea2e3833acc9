import type { Query } from '@tanstack/react-query';
import type { PractitionerChoice, Side, SlotsRangeResponse, SlotsResponse } from '@bb/contracts';
import { getQueryFn } from '../../shared/api/request';
import { withoutHold } from './domain/hold';
import { manageSlotsUrl, rangeSlotsUrl, slotsUrl, type DayOfSlots } from './domain/schedule';

const slotsQueryFn = getQueryFn<SlotsResponse>({ on401: 'throw' });
/** A read of the schedule's week: a range answer (an offering's) or one day's (a manage link's). */
const weekQueryFn = getQueryFn<SlotsResponse | SlotsRangeResponse>({ on401: 'throw' });

/**
 * One day's slots for the chosen items and practitioner, keyed by URL (a booking refreshes every
 * cached day), read with the visitor's hold; the day's last answer stays shown while a new hold
 * is read (another practitioner's day is another day: it is not shown meanwhile).
 */
export function daySlotsQuery(side: Side, date: string, treatmentIds: readonly string[], holdId?: string, practitionerId?: string) {
  const url = slotsUrl(side, date, treatmentIds, holdId, practitionerId);
  return {
    queryKey: [url],
    queryFn: slotsQueryFn,
    placeholderData: (
      previous: SlotsResponse | null | undefined,
      previousQuery: Query<SlotsResponse | null, Error, SlotsResponse | null, string[]> | undefined,
    ) => (previousQuery && withoutHold(previousQuery.queryKey[0]) === withoutHold(url) ? previous : undefined),
  };
}

/**
 * Whose times the schedule shows: an offering's for the chosen items and practitioner (the
 * booking form), or a booking's own (moving it through its manage link: its own seats count as
 * free there), with its practitioner or anyone's when it has one.
 */
export type ScheduleSource =
  | { kind: 'offering'; side: Side; treatmentIds: readonly string[]; holdId?: string; practitionerId?: string }
  | { kind: 'manage'; token: string; practitioner?: PractitionerChoice };

/** The reads that answer a week: one range call for an offering, a call per day for a manage link (it answers one date). */
export function weekQueries(source: ScheduleSource, days: readonly string[]): { queryKey: string[]; queryFn: typeof weekQueryFn }[] {
  // The whole week in one call for an offering (from and to, inclusive).
  if (source.kind === 'offering')
    return [
      {
        queryKey: [rangeSlotsUrl(source.side, days[0], days[days.length - 1], source.treatmentIds, source.holdId, source.practitionerId)],
        queryFn: weekQueryFn,
      },
    ];
  return days.map((date) => ({ queryKey: [manageSlotsUrl(source.token, date, source.practitioner)], queryFn: weekQueryFn }));
}

/** The days of a week from the answers of its reads (in the order weekQueries gave them); null while any is missing. */
export function weekDays(
  source: ScheduleSource,
  days: readonly string[],
  answers: readonly (SlotsResponse | SlotsRangeResponse | null | undefined)[],
): DayOfSlots[] | null {
  if (answers.some((answer) => !answer)) return null;
  if (source.kind === 'offering') return (answers[0] as SlotsRangeResponse).days;
  return days.map((date, i) => ({ date, ...(answers[i] as SlotsResponse) }));
}
