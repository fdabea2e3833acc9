import type { Room, Settings } from '@bb/contracts';
import { DAY_MS } from '@bb/service-kit';
import type { AddressInfo } from 'node:net';
import express from 'express';
import mongoose from 'mongoose';
import { applyStaffChange, createModels, seedBookings, type BookingModels } from '../services/booking/testing';
import { countingCommands } from './lib/db-commands';
import { percentiles } from './lib/load';
import { stackDatabase } from './lib/stack-databases';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';
import { uniquePhone } from '@bb/service-kit/testing';

const APPOINTMENTS = 5000;
const BOOKABLES = 20;
const BURST = 200;
const BURST_SLOTS = 10;

/**
 * Booking with a realistic amount of data: 5,000 appointments (with their ledger) and 20
 * treatments/packages written straight into the stack's booking database, then
 *  - the schedule dialog's week: 7 slot requests at once, repeated, against the booking
 *    service and, in the same run, against a bare express handler (the floor);
 *  - a month of slots: one range call (`from`/`to`, 31 days) next to 31 single-day calls at
 *    once, repeated, against the booking service;
 *  - a burst of 200 simultaneous bookings on 10 slots, against the booking service (through
 *    the gateway its 15 s upstream timeout would cut the slowest answers short).
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const conn = await mongoose.createConnection(`${(ctx.env.MONGO_URL ?? '').replace(/\/+$/, '')}/${stackDatabase('booking')}`).asPromise();
  const models = createModels(conn);
  const token = await login(ctx.gatewayUrl);
  // The seeded days and the burst lie up to two years ahead: open the clinic's calendar that far.
  const horizonBefore = (await settings(ctx.gatewayUrl, token, {})).horizonDays;
  await settings(ctx.gatewayUrl, token, { horizonDays: 730 });
  try {
    // Past the two months the mixed scenario books into, so its bookings never meet the seeded ones.
    const firstDay = nextMonday(Date.now() + 90 * DAY_MS);
    // The studio's half of the appointments is with practitioners and rooms in turn; the clinic's is as the specification books it.
    const rooms = await createRooms(ctx.gatewayUrl, token);
    const seeded = await seedBookings(conn, {
      count: APPOINTMENTS,
      bookables: BOOKABLES,
      firstDay,
      resources: { offering: 'studio', practitioners: PRACTITIONERS, rooms },
    });
    ctx.log(`seeded ${seeded.appointments} appointments in ${seeded.ledgerDocuments} ledger documents, ${BOOKABLES} bookables`);
    await configureResources(ctx.gatewayUrl, token, models, rooms);
    const bookingUrl = ctx.env.BOOKING_URL ?? '';
    const week = Array.from({ length: 7 }, (_, i) => isoDate(firstDay + (i + 14) * DAY_MS));
    const slotsPath = (date: string) => `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=clinic-0&treatmentId=clinic-1`;

    const bare = await serveBare();
    const floor = await weeks(ctx, 'bare express handler', (date) => `${bare.url}${slotsPath(date)}`, week);
    await bare.close();
    const slots = await countingCommands(ctx, 'booking', async () => {
      const measured = await weeks(ctx, 'booking service', (date) => `${bookingUrl}${slotsPath(date)}`, week);
      return { ...measured, row: measured.perRequest };
    });
    const viaGateway = await weeks(ctx, 'through the gateway', (date) => `${ctx.gatewayUrl}${slotsPath(date)}`, week);
    // The same week and lengths (30 + 60 minutes) at the studio, whose items need a practitioner and a room.
    const staffedPath = (date: string) => `/api/available-slots?offeringType=studio&date=${date}&treatmentId=studio-2&treatmentId=studio-3`;
    const staffed = await countingCommands(ctx, 'booking', async () => {
      const measured = await weeks(
        ctx,
        `booking service, ${PRACTITIONERS.length} practitioners and ${ROOMS.length} rooms`,
        (date) => `${bookingUrl}${staffedPath(date)}`,
        week,
      );
      return { ...measured, row: measured.perRequest };
    });

    const month = Array.from({ length: 31 }, (_, i) => isoDate(firstDay + (i + 21) * DAY_MS));
    const items = 'treatmentId=clinic-0&treatmentId=clinic-1';
    const rangeCall = await countingCommands(ctx, 'booking', () =>
      months(ctx, 'one range call (from/to, 31 days)', [`${bookingUrl}/api/available-slots?offeringType=clinic&from=${month[0]}&to=${month[30]}&${items}`]),
    );
    const dayCalls = await countingCommands(ctx, 'booking', () =>
      months(
        ctx,
        '31 single-day calls at once',
        month.map((date) => `${bookingUrl}/api/available-slots?offeringType=clinic&date=${date}&${items}`),
      ),
    );

    // Past the last seeded day (5,000 appointments fill about 440 days), so the burst starts from free slots.
    const burst = await countingCommands(ctx, 'booking', () =>
      bookingBurst(ctx, bookingUrl, models, isoDate(firstDay + 600 * DAY_MS), 'the first of the process'),
    );
    // The same a week later: the first burst is also the first booking the process serves (code paths compiled on the way).
    const again = await countingCommands(ctx, 'booking', () => bookingBurst(ctx, bookingUrl, models, isoDate(firstDay + 607 * DAY_MS), 'again, a week later'));
    return {
      name: 'booking',
      description: `Slots and bookings with ${APPOINTMENTS} appointments and ${BOOKABLES} treatments/packages stored: a week of slot requests (7 at once, repeated) at the clinic (capacity per offering) and at the studio (${PRACTITIONERS.length} practitioners, ${ROOMS.length} rooms, its half of the appointments with them), a month of slots in one range call next to 31 single-day calls, and a burst of ${BURST} simultaneous bookings on ${BURST_SLOTS} slots (capacity 2, the per-contact cap on), twice.`,
      rows: [
        floor.perRequest,
        slots.perRequest,
        viaGateway.perRequest,
        floor.perWeek,
        slots.perWeek,
        viaGateway.perWeek,
        staffed.perRequest,
        staffed.perWeek,
        rangeCall.row,
        dayCalls.row,
        burst.row,
        again.row,
      ],
      summary: {
        slotsP50Ms: slots.perRequest.p50Ms,
        slotsP99Ms: slots.perRequest.p99Ms,
        weekP50Ms: slots.perWeek.p50Ms,
        weekP99Ms: slots.perWeek.p99Ms,
        bareP99Ms: floor.perRequest.p99Ms,
        slotsP99OverBareP99: Math.round((slots.perRequest.p99Ms / Math.max(floor.perRequest.p99Ms, 0.1)) * 10) / 10,
        resourcesSlotsP50Ms: staffed.perRequest.p50Ms,
        resourcesSlotsP99Ms: staffed.perRequest.p99Ms,
        resourcesWeekP50Ms: staffed.perWeek.p50Ms,
        resourcesWeekP99Ms: staffed.perWeek.p99Ms,
        resourcesSlotsDbCommands: staffed.perRequest.dbCommandsPerRequest ?? -1,
        monthRangeP50Ms: rangeCall.row.p50Ms,
        monthRangeP99Ms: rangeCall.row.p99Ms,
        month31CallsP50Ms: dayCalls.row.p50Ms,
        month31CallsP99Ms: dayCalls.row.p99Ms,
        monthRangeDbCommands: rangeCall.row.dbCommandsPerRequest ?? -1,
        month31CallsDbCommands: dayCalls.row.dbCommandsPerRequest ?? -1,
        burstP50Ms: burst.row.p50Ms,
        burstP99Ms: burst.row.p99Ms,
        burstBooked: burst.booked,
        burstFull409: burst.full,
        burstCapacityKept: burst.capacityKept,
        burstAgainP50Ms: again.row.p50Ms,
        burstAgainP99Ms: again.row.p99Ms,
        burstAgainBooked: again.booked,
        burstAgainCapacityKept: again.capacityKept,
      },
    };
  } finally {
    await settings(ctx.gatewayUrl, token, { horizonDays: horizonBefore, maxUpcomingPerContact: 0 }).catch(() => undefined);
    for (const item of STAFFED_ITEMS)
      await admin(ctx.gatewayUrl, token, 'PUT', `/api/requirements/${item}`, { practitioner: false, rooms: [] }).catch(() => undefined);
    await conn.close();
  }
}

const PRACTITIONERS = Array.from({ length: 6 }, (_, i) => ({ id: `bench-p${i}`, name: `Bench Photographer ${i}` }));
const ROOMS = ['Bench Studio A', 'Bench Studio B', 'Bench Studio C', 'Bench Backdrop Set'];
/** Studio packages of 30 and 60 minutes, as clinic-0 and clinic-1 are: each needs a practitioner and a room. */
const STAFFED_ITEMS = ['studio-2', 'studio-3'];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isActive: true, startTime: '08:00', endTime: '20:00' }));

async function admin(baseUrl: string, token: string, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The studio's rooms (made once: a rerun on the same stack finds them), their ids. */
async function createRooms(baseUrl: string, token: string): Promise<string[]> {
  const existing = (await (await fetch(`${baseUrl}/api/rooms?offeringType=studio`, { headers: { authorization: `Bearer ${token}` } })).json()) as Room[];
  const ids: string[] = [];
  for (const name of ROOMS) {
    const room =
      existing.find((r) => r.name === name) ??
      ((await admin(baseUrl, token, 'POST', '/api/rooms', { offeringType: 'studio', name, kind: 'room', count: 1 })) as Room);
    ids.push(room.id);
  }
  return ids;
}

/** Six photographers (catalog staff as booking keeps them), working every day, and the two packages needing one of them and a room. */
async function configureResources(baseUrl: string, token: string, models: BookingModels, rooms: string[]): Promise<void> {
  for (const p of PRACTITIONERS) {
    await applyStaffChange(models.Practitioner, { id: p.id, name: p.name, imageUrl: '', offeringType: 'studio', deleted: false, version: 1 });
    await admin(baseUrl, token, 'PUT', `/api/practitioners/${p.id}`, { skills: STAFFED_ITEMS, hours: EVERY_DAY, bookable: true });
  }
  for (const [i, item] of STAFFED_ITEMS.entries()) await admin(baseUrl, token, 'PUT', `/api/requirements/${item}`, { practitioner: true, rooms: [rooms[i]] });
}

/**
 * Repeats "show a month of slots" for the measured time: the given requests at once, timed
 * together. A row's figures are per month shown, and its database commands per month.
 */
async function months(ctx: BenchContext, scenario: string, urls: string[]): Promise<{ row: BenchRow }> {
  const perMonth: number[] = [];
  let errors = 0;
  const until = Date.now() + ctx.seconds * 1000;
  while (perMonth.length < 5 || Date.now() < until) {
    const started = performance.now();
    await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
      }),
    );
    perMonth.push(performance.now() - started);
  }
  const p = percentiles(perMonth);
  const seconds = perMonth.reduce((a, b) => a + b, 0) / 1000;
  ctx.log(`month of slots, ${scenario}: ${perMonth.length} months, p50 ${p.p50} ms, p99 ${p.p99} ms`);
  return {
    row: {
      scenario: `a month of slots: ${scenario}`,
      target: 'booking service',
      requestsPerSec: Math.round(perMonth.length / seconds),
      p50Ms: p.p50,
      p99Ms: p.p99,
      errors,
      non2xx: errors,
      requests: perMonth.length,
    },
  };
}

/** Reads the clinic's settings, after changing the given ones. */
async function settings(baseUrl: string, token: string, change: Partial<Settings>): Promise<Settings> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const res =
    Object.keys(change).length > 0
      ? await fetch(`${baseUrl}/api/settings/clinic`, { method: 'PUT', headers, body: JSON.stringify(change) })
      : await fetch(`${baseUrl}/api/settings/clinic`, { headers });
  if (!res.ok) throw new Error(`clinic settings: ${res.status} ${await res.text()}`);
  return (await res.json()) as Settings;
}

/** Repeats "a week of the schedule dialog" (7 requests at once) for the measured time. */
async function weeks(ctx: BenchContext, target: string, url: (date: string) => string, week: string[]) {
  const requests: number[] = [];
  const perWeek: number[] = [];
  let errors = 0;
  const until = Date.now() + ctx.seconds * 1000;
  while (perWeek.length < 5 || Date.now() < until) {
    const started = performance.now();
    await Promise.all(
      week.map(async (date) => {
        const t0 = performance.now();
        const res = await fetch(url(date));
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
        requests.push(performance.now() - t0);
      }),
    );
    perWeek.push(performance.now() - started);
  }
  const seconds = requests.reduce((a, b) => a + b, 0) / 7 / 1000;
  const row = (scenario: string, samples: number[]): BenchRow => {
    const p = percentiles(samples);
    return {
      scenario,
      target,
      requestsPerSec: Math.round(samples.length / seconds),
      p50Ms: p.p50,
      p99Ms: p.p99,
      errors,
      non2xx: errors,
      requests: samples.length,
    };
  };
  ctx.log(`${target}: ${perWeek.length} weeks, slots p50 ${percentiles(requests).p50} ms, p99 ${percentiles(requests).p99} ms`);
  return { perRequest: row('GET /api/available-slots (one of 7 at once)', requests), perWeek: row('a week of slots (7 requests at once)', perWeek) };
}

/** The same route answered by a bare express handler with a fixed day of slots: the floor. */
async function serveBare(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  const day = {
    slots: Array.from({ length: 15 }, (_, i) => ({ time: `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, available: i % 3 !== 0 })),
  };
  app.get('/api/available-slots', (_req, res) => {
    res.json(day);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** 200 bookings at once, 20 per slot, on a fresh day with capacity 2. */
async function bookingBurst(ctx: BenchContext, bookingUrl: string, models: BookingModels, day: string, which: string) {
  const date = isoDate(nextMonday(Date.parse(`${day}T00:00:00Z`)));
  // With the per-contact cap on, as a clinic that uses it books: each booking is counted per contact.
  // Straight to the service: turning the cap on counts the 2,000 upcoming seeded appointments, longer than the gateway waits.
  await settings(bookingUrl, await login(ctx.gatewayUrl), { maxSessionsPerSlot: 2, maxUpcomingPerContact: 3 });
  const times = Array.from({ length: BURST_SLOTS }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
  const durations: number[] = [];
  const statuses: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const t0 = performance.now();
      const res = await fetch(`${bookingUrl}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Burst',
          lastName: `N${i}`,
          email: `burst${i}@example.com`,
          contact: uniquePhone(),
          preferredDate: date,
          preferredTime: times[i % BURST_SLOTS],
          treatments: ['clinic-0'],
          offeringType: 'clinic',
        }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      durations.push(performance.now() - t0);
    }),
  );
  const wallMs = performance.now() - started;
  // clinic-0 lasts 30 minutes: each slot is one block, so at most 2 per time.
  const stored = await models.Appointment.find(
    { preferredDate: date, offeringType: 'clinic', status: { $ne: 'cancelled' }, deletedAt: null },
    { preferredTime: 1 },
  ).lean();
  const perTime = new Map<string, number>();
  for (const a of stored) perTime.set(a.preferredTime, (perTime.get(a.preferredTime) ?? 0) + 1);
  const booked = statuses.filter((s) => s === 201).length;
  const full = statuses.filter((s) => s === 409).length;
  const p = percentiles(durations);
  ctx.log(`burst (${which}): ${booked} booked, ${full} × 409 in ${Math.round(wallMs)} ms, p50 ${p.p50} ms, p99 ${p.p99} ms`);
  return {
    booked,
    full,
    capacityKept: [...perTime.values()].every((n) => n <= 2) && stored.length === booked,
    row: {
      scenario: `${BURST} simultaneous POST /api/appointments on ${BURST_SLOTS} slots (${which})`,
      target: 'booking service',
      requestsPerSec: Math.round((BURST / wallMs) * 1000),
      p50Ms: p.p50,
      p99Ms: p.p99,
      errors: statuses.filter((s) => s !== 201 && s !== 409).length,
      non2xx: statuses.filter((s) => s !== 201).length,
      requests: BURST,
    },
  };
}

async function login(gatewayUrl: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  return ((await res.json()) as { token: string }).token;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of the first Monday on or after the given instant's date. */
function nextMonday(ms: number): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const weekday = new Date(day).getUTCDay();
  return day + ((8 - weekday) % 7) * DAY_MS;
}
