import type { Connection } from 'mongoose';
import type { ApiError, Envelope, EventData, Side } from '@bb/contracts';
import { EventBus, type OutboxRelay } from '@bb/service-kit';
import { adminToken, api, listenOn, partsOf, startHarness } from '@bb/service-kit/testing';
import { bookingEnvShape } from '../../src/config';
import { applyBookableChange } from '../../src/events/bookables';
import { createModels, type BookingModels } from '../../src/models';
import {
  appointmentHolder,
  blockOfField,
  blockStart,
  countersOf,
  countsAgree,
  decodeLedger,
  fieldsOf,
  ledgerId,
  monthOf,
  resourceOfCounter,
  resourcesOf,
  type StoredLedgerDoc,
} from '../../src/domain/ledger';
import { readLedger } from '../../src/store/ledger-documents';
import type { AppointmentDoc } from '../../src/models/appointment';
import { wire } from '../../src/wire';

export interface BookingUnderTest {
  url: string;
  conn: Connection;
  models: BookingModels;
  bus: EventBus;
  relay: OutboxRelay;
  exchange: string;
  close: () => Promise<void>;
}

/**
 * the business clock of the booking service under test unless a test gives its own: the
 * morning of 2 January 2030 in Manila. The tests book in 2030 (January to April), which the default
 * policy (2 hours' notice, 90 days ahead) then allows as it would allow a real customer.
 */
export const TEST_NOW = new Date('2030-01-02T09:00:00+08:00');

/**
 * The booking service as main.ts wires it, on a database of its own (or the one given, shared
 * with other processes), with a bus on an exchange and queues of its own. The bus is started
 * unless told not to (to book while the broker is unreachable).
 */
export async function startBooking(
  label: string,
  options: { now?: () => Date; startBus?: boolean; mongoUrl?: string; env?: Record<string, string> } = {},
): Promise<BookingUnderTest> {
  const booking = await startHarness('booking', bookingEnvShape, wire, {
    label,
    now: options.now ?? (() => TEST_NOW),
    connectBus: options.startBus !== false,
    mongoUrl: options.mongoUrl,
    env: { OUTBOX_SWEEP_INTERVAL_MS: '200', ...options.env },
  });
  return { ...partsOf(booking), models: createModels(booking.ctx.conn) };
}

export const ADMIN = adminToken();

/** One HTTP call; T is what a success answers, and an error answers ApiError. */
export async function call<T = ApiError>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T & Partial<ApiError> }> {
  return api<T & Partial<ApiError>>(base, path, { method, body, headers });
}
export const asAdmin = { authorization: `Bearer ${ADMIN}` };

export const addBookable = (models: BookingModels, change: Partial<EventData<'catalog.bookable.changed'>> & { id: string }) =>
  applyBookableChange(models.Bookable, {
    kind: 'treatment',
    name: change.id,
    defaultDuration: 60,
    offeringType: 'clinic',
    deleted: false,
    version: 1,
    ...change,
  });

/** The two treatments most tests book: a facial of an hour and a peel of half an hour. */
export async function addFacialAndPeel(models: BookingModels) {
  await addBookable(models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
  await addBookable(models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
}
/** The items of an appointment of both, as booking answers and publishes them. */
export const FACIAL_AND_PEEL = [
  { id: 'facial', name: 'Hydra Facial' },
  { id: 'peel', name: 'Chemical Peel' },
];

/**
 * Where booking places an appointment of `minutes` asked for at `time` on `date`: the date and
 * time as asked, and the start and end instants, Manila being UTC+8 all year.
 */
export function placedAt(date: string, time: string, minutes = 90) {
  const start = new Date(`${date}T${time}:00+08:00`);
  return { preferredDate: date, preferredTime: time, startTime: start.toISOString(), endTime: new Date(start.getTime() + minutes * 60_000).toISOString() };
}

const contactOfRequest = new Map<string, number>();

/**
 * A booking request. Each different request comes from a contact of its own (e-mail and
 * phone), so the per-contact cap (off by default) never refuses a test that turns it on to
 * book more for another reason; the same request again (a retry, racing copies) is the same contact.
 */
export const bookingRequest = (over: Record<string, unknown> = {}) => {
  const key = JSON.stringify(over);
  const n = contactOfRequest.get(key) ?? contactOfRequest.size + 1;
  contactOfRequest.set(key, n);
  return {
    firstName: 'Ana',
    lastName: 'Reyes',
    gender: 'female',
    age: 34,
    email: `ana.${n}@example.com`,
    contact: `0917 ${String(n).padStart(7, '0')}`,
    preferredDate: '2030-01-07',
    preferredTime: '09:00',
    treatments: ['facial'],
    notes: 'First visit',
    offeringType: 'clinic',
    ...over,
  };
};

/** Mondays from 7 January 2030 on: after TEST_NOW by more than the notice, within its horizon up to monday(12). */
export function monday(weeksAfterFirst: number): string {
  const first = Date.UTC(2030, 0, 7);
  return new Date(first + weeksAfterFirst * 7 * 86400000).toISOString().slice(0, 10);
}

export type LifecycleType =
  'booking.appointment.created' | 'booking.appointment.rescheduled' | 'booking.appointment.cancelled' | 'booking.appointment.status-changed';
export const LIFECYCLE_TYPES: LifecycleType[] = [
  'booking.appointment.created',
  'booking.appointment.rescheduled',
  'booking.appointment.cancelled',
  'booking.appointment.status-changed',
];

/** What a consumer of appointment events (mail, subscriber capture) hears on the booking's exchange, in arrival order. */
export async function appointmentEvents(exchange: string) {
  const { received, close } = await listenOn(exchange, LIFECYCLE_TYPES, 'notifications');
  return {
    received,
    /** The events of one appointment, each with its type. */
    of: (appointmentId: string) => received.filter((e) => e.data.appointmentId === appointmentId),
    ofType: <T extends LifecycleType>(type: T) => received.filter((e) => e.type === type) as Envelope<EventData<T>>[],
    close,
  };
}

/** The blocks each appointment holds in the ledger (holder key → Manila blocks, sorted), and whether every document's counts agree with its holders. */
export async function ledgerHolders(models: BookingModels, offering: Side = 'clinic') {
  const docs = (await models.Ledger.find({ _id: { $regex: `^${offering}\\|` } }).lean<StoredLedgerDoc[]>()).map(decodeLedger);
  const held = new Map<string, string[]>();
  const resources = new Map<string, string[]>();
  for (const doc of docs)
    for (const [holder, entry] of Object.entries(doc.h ?? {})) {
      const fields = fieldsOf(entry.b);
      held.set(holder, [...(held.get(holder) ?? []), ...fields.map((f) => blockOfField(monthOf(doc._id), f))].sort());
      // Every resource counts in every block of the entry, no more, no less.
      expect([...entry.b].sort()).toEqual(countersOf(fields, resourcesOf(entry.b)));
      resources.set(holder, resourcesOf([...(resources.get(holder) ?? []), ...entry.b.filter((counter) => resourceOfCounter(counter) !== null)]));
    }
  return { docs, held, resources, agree: docs.every(countsAgree), states: docs.flatMap((doc) => Object.values(doc.h ?? {}).map((e) => e.s)) };
}

/**
 * The ledger and the appointments agree: every document's counts are its holders, every holder
 * is kept (no change left open), and the holders are exactly the active appointments (of those
 * given: all of the offering's when left out) with the blocks each lists.
 */
export async function expectLedgerMatches(
  models: BookingModels,
  appointments?: Pick<AppointmentDoc, '_id' | 'blocks' | 'resources'>[],
  offering: Side = 'clinic',
) {
  const active =
    appointments ?? (await models.Appointment.find({ offeringType: offering, deletedAt: null, status: { $ne: 'cancelled' } }).lean<AppointmentDoc[]>());
  const { held, resources, agree, states } = await ledgerHolders(models, offering);
  expect(agree).toBe(true);
  expect(states.filter((s) => s !== 'k')).toEqual([]);
  const holding = active.filter((a) => a.blocks.length > 0);
  expect(Object.fromEntries([...held].filter(([holder]) => holder.startsWith('a')))).toEqual(
    Object.fromEntries(holding.map((a) => [appointmentHolder(a._id), [...a.blocks].sort()])),
  );
  expect(Object.fromEntries([...resources].filter(([holder]) => holder.startsWith('a')))).toEqual(
    Object.fromEntries(holding.map((a) => [appointmentHolder(a._id), [...(a.resources ?? [])].sort()])),
  );
}

/**
 * The clinic's ledger for the day holds `perBlock` places in each block (block start in ms to
 * count) and nothing else, and its holders are exactly the stored appointments with their blocks.
 */
export async function expectLedgerOfDay(
  booking: BookingUnderTest,
  date: string,
  stored: Pick<AppointmentDoc, '_id' | 'blocks'>[],
  perBlock: Map<number, number>,
) {
  const doc = await readLedger(booking.models, ledgerId('clinic', date));
  const day = date.slice(8, 10);
  const counts = Object.entries(doc?.b ?? {}).filter(([field, n]) => field.startsWith(day) && n !== 0);
  expect(Object.fromEntries(counts.map(([field, n]) => [blockStart(blockOfField(date.slice(0, 7), field)).getTime(), n]))).toEqual(
    Object.fromEntries(perBlock),
  );
  const { held, agree, states } = await ledgerHolders(booking.models);
  expect([agree, states.filter((s) => s !== 'k')]).toEqual([true, []]);
  const onDay = (blocks: string[]) => blocks.filter((b) => b.startsWith(date));
  expect(Object.fromEntries([...held].flatMap(([holder, blocks]) => (onDay(blocks).length > 0 ? [[holder, onDay(blocks)]] : [])))).toEqual(
    Object.fromEntries(stored.filter((a) => onDay(a.blocks).length > 0).map((a) => [appointmentHolder(a._id), onDay([...a.blocks].sort())])),
  );
}
