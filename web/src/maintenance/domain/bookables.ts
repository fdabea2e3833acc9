import { DEFAULT_DURATION_MINUTES } from '@bb/contracts';

/** What an appointment's treatment/package id resolves to. */
export interface Bookable {
  name: string;
  defaultDuration: number | null;
}
export type BookableIndex = ReadonlyMap<string, Bookable>;

export const UNKNOWN_SERVICE = 'Unknown Service';

/**
 * Appointments hold ids of treatments (clinic) or packages (studio); one index over both
 * resolves either. Packages come from the unfiltered list, so an appointment keeps its name
 * whichever side the console is on.
 */
export function bookableIndex(...lists: readonly (readonly ({ id: string } & Bookable)[])[]): BookableIndex {
  const index = new Map<string, Bookable>();
  for (const list of lists) for (const b of list) index.set(b.id, { name: b.name, defaultDuration: b.defaultDuration });
  return index;
}

/** Names of the booked services; an id that no longer resolves reads 'Unknown Service'. */
export const serviceNames = (ids: readonly string[], index: BookableIndex) => ids.map((id) => index.get(id)?.name ?? UNKNOWN_SERVICE);

/**
 * How long an appointment takes: the sum of its services' booking durations, each unknown
 * one counting as the default 60 minutes (the same rule the booking service uses for slots).
 */
export function appointmentDuration(ids: readonly string[], index: BookableIndex): number {
  if (ids.length === 0) return DEFAULT_DURATION_MINUTES;
  return ids.reduce((sum, id) => {
    const minutes = index.get(id)?.defaultDuration;
    return sum + (typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_DURATION_MINUTES);
  }, 0);
}
