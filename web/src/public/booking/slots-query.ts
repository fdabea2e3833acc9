import type { Side, SlotsResponse } from '@bb/contracts';
import { getQueryFn } from '../../shared/api/request';
import { slotsUrl } from './domain/schedule';

const slotsQueryFn = getQueryFn<SlotsResponse>({ on401: 'throw' });

/** One day's slots for the chosen items, keyed by URL: the form and the schedule dialog share the cache. */
export const daySlotsQuery = (side: Side, date: string, treatmentIds: readonly string[]) => ({
  queryKey: [slotsUrl(side, date, treatmentIds)],
  queryFn: slotsQueryFn,
});
