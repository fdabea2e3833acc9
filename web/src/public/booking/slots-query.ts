import type { Side, SlotsRangeResponse, SlotsResponse } from '@bb/contracts';
import { getQueryFn } from '../../shared/api/request';
import { rangeSlotsUrl, slotsUrl } from './domain/schedule';

const slotsQueryFn = getQueryFn<SlotsResponse>({ on401: 'throw' });
const rangeQueryFn = getQueryFn<SlotsRangeResponse>({ on401: 'throw' });

/** One day's slots for the chosen items, keyed by URL (a booking refreshes every cached day). */
export const daySlotsQuery = (side: Side, date: string, treatmentIds: readonly string[]) => ({
  queryKey: [slotsUrl(side, date, treatmentIds)],
  queryFn: slotsQueryFn,
});

/** Every day from `from` to `to` in one call: the schedule dialog's week. */
export const rangeSlotsQuery = (side: Side, from: string, to: string, treatmentIds: readonly string[]) => ({
  queryKey: [rangeSlotsUrl(side, from, to, treatmentIds)],
  queryFn: rangeQueryFn,
});
