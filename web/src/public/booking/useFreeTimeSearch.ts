import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { weekStartSunday } from '../../shared/format';
import { firstFreeSlot, shiftWeek, weekOf, type BookedSlot, type ManilaNow } from './domain/schedule';
import { weekDays, weekQueries, type ScheduleSource } from './slots-query';

/** How far "Next free time" looks ahead, a week at a time (the search also ends at the booking horizon). */
const SEARCH_WEEKS = 26;

/**
 * Looks for the first free time on or after `from`, a week at a time, through the same reads
 * (and cache) the weeks are shown with.
 */
export function useFreeTimeSearch(source: ScheduleSource) {
  const client = useQueryClient();
  return useCallback(
    async (from: string, now: ManilaNow): Promise<BookedSlot | null> => {
      for (let week = 0; week < SEARCH_WEEKS; week++) {
        const days = weekOf(shiftWeek(weekStartSunday(from), week));
        const answers = await Promise.all(weekQueries(source, days).map((query) => client.fetchQuery(query)));
        const found = firstFreeSlot(
          (weekDays(source, days, answers) ?? []).filter((day) => day.date >= from),
          now,
        );
        if (found.kind === 'found') return found.slot;
        if (found.kind === 'none') return null;
      }
      return null;
    },
    [client, source],
  );
}
