import type { Side } from '@bb/contracts';
import { DAY_MS } from '@bb/service-kit';
import {
  appointmentHolder,
  appointmentOfHolder,
  blockOfField,
  blocksToKeep,
  ledgerId,
  monthOf,
  practitionerKey,
  overdue,
  fieldsOf,
  resourcesOf,
  takenBlocks,
  type LedgerBlock,
  type LedgerDoc,
  type LedgerEntry,
} from '../domain/ledger';
import { needsOf } from '../domain/resources';
import type { DayRequest } from '../domain/slots';
import type { BookingModels } from '../models';
import type { AppointmentDoc } from '../models/appointment';
import { readLedgers } from './ledger-documents';
import { settleEntries } from './ledger-settle';
import type { ScheduleCopy } from './schedule-copy';

/** What the slot function needs to know of one day of one offering, besides the duration and now. */
export type DayInputs = Pick<DayRequest, 'date' | 'hours' | 'override' | 'capacity' | 'holds' | 'taken' | 'policy'> & {
  /** The blocks a holder counts in the documents read, and the resources it takes there (a visitor's hold a booking takes over). */
  heldBy: (holder: string) => { blocks: LedgerBlock[]; resources: string[] };
  /** Places taken per resource key (a practitioner's, a room's) and block start (ms), beside `taken` (the offering's). */
  takenByResource: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** What a booking of these items that day needs and what the ledger says of it, for `planDay`; undefined: nothing (the spec's slots). `wanted`: a staff id. */
  resourcesFor: (itemIds: readonly string[], wanted?: string) => DayRequest['resources'];
  /** Changes whose deadline passed, by document: a write that read them settles them (`settleOverdue`). */
  overdue: [string, [string, LedgerEntry][]][];
  /** The ledger documents read, by `_id`, null for a month with none yet (a claim's `seen`). */
  ledgers: ReadonlyMap<string, LedgerDoc | null>;
};

/**
 * Holders whose places count as free for this read: the appointment being moved (its own
 * places in the blocks of its new time stay its own), a visitor's own hold.
 */
export type LeftOut = ReadonlySet<string>;

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Days of slots from the ledger: the documents of their months in one read by `_id` (one
 * document for a day or a month; the next month's too when the last day is a month's last, as
 * a buffer may run past midnight). Hours (the date override's or the weekday's), capacity and
 * policy come from the schedule copy. A read never changes the ledger: changes under way count
 * as held, overdue ones as their appointments say, expired holds as free.
 */
export async function readDays(
  models: Pick<BookingModels, 'Ledger' | 'Appointment'>,
  schedule: ScheduleCopy,
  offering: Side,
  dates: string[],
  now: Date,
  leftOut?: LeftOut,
): Promise<DayInputs[]> {
  const ids = [...dates, nextDate(dates[dates.length - 1])].map((date) => ledgerId(offering, date));
  const docs = await readLedgers(models, ids);
  const settled = await settledView(models, offering, docs, now);
  const taken = new Map<number, number>();
  const takenByResource = new Map<string, Map<number, number>>();
  for (const id of new Set(ids)) {
    for (const { resource, start, places } of takenBlocks(docs.get(id) ?? null, monthOf(id), now, leftOut, settled.get(id))) {
      if (resource === null) taken.set(start.getTime(), places);
      else takenByResource.set(resource, (takenByResource.get(resource) ?? new Map<number, number>()).set(start.getTime(), places));
    }
  }
  const heldBy = (holder: string) => {
    const counters = [...docs].map(([id, doc]) => [id, doc.h?.[holder]?.b ?? []] as const);
    return {
      blocks: counters.flatMap(([id, held]) => fieldsOf(held).map((field) => blockOfField(monthOf(id), field))),
      resources: resourcesOf(counters.flatMap(([, held]) => held)),
    };
  };
  const ledgers = new Map(ids.map((id) => [id, docs.get(id) ?? null]));
  const open = [...docs].flatMap(([id, doc]): [string, [string, LedgerEntry][]][] => {
    const entries = Object.entries(doc.h ?? {}).filter(([, entry]) => overdue(entry, now));
    return entries.length > 0 ? [[id, entries]] : [];
  });
  return dates.map((date) => {
    const { hours, override } = schedule.hoursOn(offering, date);
    const resourcesFor = (itemIds: readonly string[], wanted?: string) => {
      const needs = needsOf(
        itemIds,
        (id) => schedule.requirement(id),
        schedule.practitioners(offering).map((p) => ({ id: p._id, name: p.name, skills: p.skills, hours: p.hours, leave: p.leave })),
        schedule.rooms(offering).map((room) => ({ id: room._id, count: room.count })),
        date,
      );
      if (needs.practitioners === null && needs.rooms.length === 0) return undefined;
      return { needs, taken: takenByResource, ...(wanted ? { wanted: practitionerKey(wanted) } : {}) };
    };
    return {
      date,
      hours,
      override,
      capacity: schedule.capacity(offering),
      policy: schedule.policy(offering),
      holds: [],
      taken,
      takenByResource,
      resourcesFor,
      heldBy,
      overdue: open,
      ledgers,
    };
  });
}

/**
 * What the overdue changes among the documents hold by their appointments (read by `_id`, at
 * once; only after a process stopped in the middle of a change): so a read shows what settling
 * them will find, without writing.
 */
async function settledView(
  models: Pick<BookingModels, 'Appointment'>,
  offering: Side,
  docs: Map<string, LedgerDoc>,
  now: Date,
): Promise<Map<string, Map<string, string[]>>> {
  const open = [...docs].flatMap(([id, doc]) => Object.entries(doc.h ?? {}).flatMap(([holder, entry]) => (overdue(entry, now) ? [{ id, holder, entry }] : [])));
  const views = new Map<string, Map<string, string[]>>();
  if (open.length === 0) return views;
  const ids = open.flatMap(({ holder }) => appointmentOfHolder(holder) ?? []);
  const appointments = await models.Appointment.find({ _id: { $in: ids } }, { status: 1, deletedAt: 1, blocks: 1, resources: 1 }).lean<AppointmentDoc[]>();
  const byHolder = new Map(appointments.map((a) => [appointmentHolder(a._id), a]));
  for (const { id, holder, entry } of open) {
    const view = views.get(id) ?? new Map<string, string[]>();
    view.set(holder, blocksToKeep(byHolder.get(holder) ?? null, offering, id, entry.b));
    views.set(id, view);
  }
  return views;
}

/** One day. */
export async function readDay(
  models: Pick<BookingModels, 'Ledger' | 'Appointment'>,
  schedule: ScheduleCopy,
  offering: Side,
  date: string,
  now: Date,
  leftOut?: LeftOut,
): Promise<DayInputs> {
  return (await readDays(models, schedule, offering, [date], now, leftOut))[0];
}

/**
 * Settles the overdue changes a write read (after a process stopped in the middle of one): only
 * then does it cost anything. Reads leave them to the next write.
 */
export async function settleOverdue(models: Pick<BookingModels, 'Ledger' | 'Appointment'>, offering: Side, day: Pick<DayInputs, 'overdue'>): Promise<void> {
  for (const [id, entries] of day.overdue) await settleEntries(models, offering, id, entries);
}
