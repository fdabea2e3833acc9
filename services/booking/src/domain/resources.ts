import { blocksCovering, DAY_MS, manilaInstant, MINUTE_MS, minutesOfDay } from '@bb/service-kit';
import { practitionerKey, roomKey } from './ledger';
import type { OfficeDay } from './slots';

// Practitioners, rooms and equipment as a day's slots need them, without I/O. A slot of items that
// need resources is available when every room or piece of equipment they need has one free in
// each of its blocks (its buffer's included), and, when an item needs a practitioner, someone
// qualified works through it and is free in each of those blocks. With nothing configured no
// item needs anything, and slots are the specification's.

/** A practitioner as one date's slots see them: their ledger key (`practitionerKey`), name, and hours that date (on leave: not working). */
export interface PractitionerDay {
  key: string;
  name: string;
  hours: OfficeDay;
}

/** A room or piece of equipment a booking takes one of in each block, and how many there are. */
export interface RoomNeed {
  key: string;
  count: number;
}

/** What a booking of the chosen items needs besides a place of its offering. */
export interface ResourceNeeds {
  /** Who may do it that date (qualified for every chosen item that needs a practitioner); null: nobody needed. */
  practitioners: PractitionerDay[] | null;
  rooms: RoomNeed[];
}

/** Places taken per resource key and block start (ms), as the ledger counts them. */
export type TakenByResource = ReadonlyMap<string, ReadonlyMap<number, number>>;

/** Who takes a slot: `practitioner` null when none is needed. */
export type Assignment = { ok: true; practitioner: PractitionerDay | null } | { ok: false; reason: 'taken' | 'nobody-works' };

const isFree = (taken: TakenByResource, key: string, count: number, blocks: readonly Date[]) =>
  blocks.every((block) => (taken.get(key)?.get(block.getTime()) ?? 0) < count);

/** Whether a practitioner works the whole of [start, end) on `date`. */
export function worksThrough(practitioner: PractitionerDay, date: string, start: Date, end: Date): boolean {
  const from = minutesOfDay(practitioner.hours.startTime);
  const to = minutesOfDay(practitioner.hours.endTime);
  if (!practitioner.hours.isActive || from === null || to === null) return false;
  const midnight = manilaInstant(date, 0).getTime();
  return start.getTime() >= midnight + from * MINUTE_MS && end.getTime() <= midnight + to * MINUTE_MS;
}

/** How many blocks of `date` a resource is taken in: "any" gives a slot to the least booked practitioner that day. */
export function blocksTakenOn(taken: TakenByResource, key: string, date: string): number {
  const midnight = manilaInstant(date, 0).getTime();
  let blocks = 0;
  for (const [start, places] of taken.get(key) ?? []) if (start >= midnight && start < midnight + DAY_MS && places > 0) blocks += 1;
  return blocks;
}

/**
 * Who takes a slot of `date` from `start` to `end` (holding its resources until `holdEnd`): every
 * room free in every block, then the practitioner asked for (`wanted`, a key), or "any": of those
 * qualified who work through it and are free, the least booked that day, then by name.
 * `nobody-works`: no one who may do it works then (or the one asked for does not); `taken`:
 * a room or every such practitioner is taken in one of its blocks.
 */
export function assignSlot(needs: ResourceNeeds, taken: TakenByResource, date: string, start: Date, end: Date, holdEnd: Date, wanted?: string): Assignment {
  const blocks = blocksCovering(start, holdEnd);
  const roomsFree = needs.rooms.every((room) => isFree(taken, room.key, room.count, blocks));
  if (needs.practitioners === null) return roomsFree ? { ok: true, practitioner: null } : { ok: false, reason: 'taken' };
  const working = needs.practitioners.filter((p) => (wanted === undefined || p.key === wanted) && worksThrough(p, date, start, end));
  if (working.length === 0) return { ok: false, reason: 'nobody-works' };
  const free = working.filter((p) => isFree(taken, p.key, 1, blocks));
  if (!roomsFree || free.length === 0) return { ok: false, reason: 'taken' };
  if (free.length === 1 || wanted !== undefined) return { ok: true, practitioner: free[0] };
  const [[chosen]] = free
    .map((p) => [p, blocksTakenOn(taken, p.key, date)] as const)
    .sort(([a, aBooked], [b, bBooked]) => aBooked - bBooked || a.name.localeCompare(b.name));
  return { ok: true, practitioner: chosen };
}

/** A practitioner as booking keeps them (skills, weekly hours, leave), for `needsOf`. */
export interface PractitionerProfile {
  id: string;
  name: string;
  /** Bookable ids they perform. */
  skills: readonly string[];
  hours: readonly { weekday: number; isActive: boolean; startTime: string; endTime: string }[];
  /** Days off and leave, both dates included. */
  leave: readonly { from: string; to: string }[];
}

/** What a treatment or package needs: a practitioner who performs it, and rooms or equipment (one each). */
export interface ItemNeeds {
  practitioner: boolean;
  rooms: readonly string[];
}

const NOT_WORKING: OfficeDay = { isActive: false, startTime: '00:00', endTime: '00:00' };

/** A practitioner's hours on a date: none on leave, else their weekday's. */
export function hoursOn(practitioner: PractitionerProfile, date: string): OfficeDay {
  if (practitioner.leave.some((leave) => leave.from <= date && date <= leave.to)) return NOT_WORKING;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const day = practitioner.hours.find((h) => h.weekday === weekday);
  return day ? { isActive: day.isActive, startTime: day.startTime, endTime: day.endTime } : NOT_WORKING;
}

/**
 * What a booking of `itemIds` on `date` needs: the rooms any of them needs (one of each), and,
 * when one needs a practitioner, those who perform every item that does, with their hours that
 * date. A room no longer configured counts as none there are (its slots are full).
 */
export function needsOf(
  itemIds: readonly string[],
  needsOfItem: (id: string) => ItemNeeds | null,
  practitioners: readonly PractitionerProfile[],
  rooms: readonly { id: string; count: number }[],
  date: string,
): ResourceNeeds {
  const needs = itemIds.map((id) => [id, needsOfItem(id)] as const);
  const performed = needs.flatMap(([id, need]) => (need?.practitioner ? [id] : []));
  const roomIds = [...new Set(needs.flatMap(([, need]) => need?.rooms ?? []))].sort();
  return {
    practitioners:
      performed.length === 0
        ? null
        : practitioners
            .filter((p) => performed.every((id) => p.skills.includes(id)))
            .map((p) => ({ key: practitionerKey(p.id), name: p.name, hours: hoursOn(p, date) })),
    rooms: roomIds.map((id) => ({ key: roomKey(id), count: rooms.find((room) => room.id === id)?.count ?? 0 })),
  };
}
