// Shared by the anonymous-write attacks on booking: the routes attacked (both gateways, and
// each booking process directly), requests from this test file's own client address, far-day
// slots no other file uses, and the booking, manage and settings calls.
import { randomInt, randomUUID } from 'node:crypto';
import type { BookedAppointment, DepositPolicyEntry, ManagedAppointment, Package, Requirement, Settings, SlotsResponse, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { requireEnv, plainTreatments, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { login, raw, stackProcesses, type StackProcess } from './support';

export const gateway = requireEnv('GATEWAY_URL');
export const gateways = stackProcesses().filter((p) => p.service === null);
export const bookingProcesses = stackProcesses().filter((p) => p.service === 'booking');
export const ROUTES: [string, StackProcess[]][] = [
  ['through the gateways', gateways],
  ['on the booking processes directly', bookingProcesses],
];
const json = { 'content-type': 'application/json' };
/** A client address of this file's own (any 127.x.y.z is this machine), so no other file's requests share its per-address limits. */
const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The admin's token and the offerings booked, once `loadStock` has run (in a beforeAll). */
export const stock = { admin: '', treatmentId: '', packageId: '' };

/**
 * The oldest clinic treatment booked by the offering's capacity and the spec's flow: files of
 * issues 29 and 31 make and remove treatments, give some a practitioner or a room, and set
 * deposits on some while these run (plainTreatments).
 */
export async function capacityTreatmentId(admin: string): Promise<string> {
  const staff = { authorization: `Bearer ${admin}` };
  const [requirements, deposits, treatments] = await Promise.all([
    send<Requirement[]>(gateway, 'GET', '/api/requirements', undefined, staff),
    send<DepositPolicyEntry[]>(gateway, 'GET', '/api/deposit-policies', undefined, staff),
    send<Treatment[]>(gateway, 'GET', '/api/treatments?offering=clinic'),
  ]);
  return plainTreatments(treatments.body, requirements.body, deposits.body)[0].id;
}

export async function loadStock(): Promise<void> {
  stock.admin = await login(gateway);
  stock.treatmentId = await capacityTreatmentId(stock.admin);
  const packages = (await send<Package[]>(gateway, 'GET', '/api/packages?offering=studio')).body.filter((p) => p.offeringType !== 'clinic');
  stock.packageId = packages[0].id;
}

export interface Answer<T> {
  status: number;
  text: string;
  body: T & { message?: string };
}

export async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs?: number,
): Promise<Answer<T>> {
  const answer = await raw(base, {
    method,
    path,
    headers: { ...json, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    from,
    timeoutMs,
  });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // A calendar file, or no body.
  }
  return { status: answer.status, text: answer.text, body: parsed as T & { message?: string } };
}
export const asAdmin = () => ({ authorization: `Bearer ${stock.admin}` });

export const visitor = (label: string) => ({
  firstName: 'Ada',
  lastName: 'Attack',
  email: `anon-${label}-${randomUUID().slice(0, 8)}@example.com`,
  contact: uniquePhone(),
});
export type Visitor = ReturnType<typeof visitor>;
export interface Slot {
  date: string;
  time: string;
}

/** `count` available slots of one random far day of the offering (the stack books ten years ahead; no other file uses that day). */
export async function freeSlots(offering: 'clinic' | 'studio', itemId: string, count: number): Promise<Slot[]> {
  for (;;) {
    const date = manilaDateInDays(400 + randomInt(0, 3000));
    const day = await send<SlotsResponse>(gateway, 'GET', `/api/available-slots?offeringType=${offering}&date=${date}&treatmentId=${itemId}`);
    const free = day.body.slots.filter((s) => s.available);
    if (free.length >= count) return free.slice(0, count).map((s) => ({ date, time: s.time }));
  }
}

/** One available slot on each of `count` different random far days. */
export async function slotsOnDays(offering: 'clinic' | 'studio', itemId: string, count: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  while (slots.length < count) {
    const [slot] = await freeSlots(offering, itemId, 1);
    if (!slots.some((s) => s.date === slot.date)) slots.push(slot);
  }
  return slots;
}

const bookingBody = (who: Visitor, slot: Slot, offering: 'clinic' | 'studio' = 'clinic') => ({
  ...who,
  preferredDate: slot.date,
  preferredTime: slot.time,
  treatments: [offering === 'clinic' ? stock.treatmentId : stock.packageId],
  offeringType: offering,
});
export const book = (target: StackProcess, who: Visitor, slot: Slot, offering: 'clinic' | 'studio' = 'clinic', headers: Record<string, string> = {}) =>
  send<BookedAppointment>(target.url, 'POST', '/api/appointments', bookingBody(who, slot, offering), headers);
export const view = (target: StackProcess, token: string) => send<ManagedAppointment>(target.url, 'GET', `/api/manage/${token}`);
export const move = (target: StackProcess, token: string, slot: Slot) =>
  send<ManagedAppointment>(target.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate: slot.date, preferredTime: slot.time });
export const settingsOf = async (offering: 'clinic' | 'studio', target: StackProcess | { url: string } = { url: gateway }) =>
  (await send<Settings>(target.url, 'GET', `/api/settings/${offering}`, undefined, asAdmin())).body;

/**
 * Saves settings, then waits until every booking process holds them (each hears the save as an
 * event). Sent to a booking process itself: turning the cap on gives every upcoming appointment
 * of the offering on the shared stack its places before it answers, which may outlast the
 * gateway's upstream timeout.
 */
export async function saveSettings(offering: 'clinic' | 'studio', change: Partial<Settings>): Promise<void> {
  const saved = await send<Settings>(bookingProcesses[0].url, 'PUT', `/api/settings/${offering}`, change, asAdmin(), 120_000);
  expect(saved.status).toBe(200);
  await waitFor(
    `every booking process has the ${offering} settings`,
    async () => {
      const held = await Promise.all(bookingProcesses.map((p) => settingsOf(offering, p)));
      return held.every((s) => Object.entries(change).every(([field, value]) => s[field as keyof Settings] === value));
    },
    15000,
  );
}

/** The token with its character at `index` replaced by another one. */
export const flipped = (token: string, index: number) => `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
