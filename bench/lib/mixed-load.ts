import type { Conversation, DateOverride, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { adminToken, uniquePhone } from '@bb/service-kit/testing';
import { load } from './load';
import type { BenchContext, BenchRow } from './types';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A set-up call that failed would leave the figures measuring something else: stop instead. */
export async function expectOk(response: Promise<Response>): Promise<void> {
  const res = await response;
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
}

/** Headers of a staff call, with a token signed by the stack's JWT_SECRET. */
export function adminHeaders(ctx: BenchContext): Record<string, string> {
  const secret = ctx.env.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not set');
  return { authorization: `Bearer ${adminToken({ secret, username: 'bench' })}`, ...JSON_HEADERS };
}

/**
 * Opens the clinic every day 08:00–20:00 (no closed dates) with room for 50 sessions a slot, so bookings measure
 * writes, not refusals; returns the first clinic treatment to book.
 */
export async function openClinicForBookings(base: string, admin: Record<string, string>): Promise<string> {
  await expectOk(fetch(`${base}/api/settings/clinic`, { method: 'PUT', headers: admin, body: JSON.stringify({ maxSessionsPerSlot: 50 }) }));
  const week = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', isActive: true }));
  await expectOk(fetch(`${base}/api/office-hours/bulk`, { method: 'POST', headers: admin, body: JSON.stringify({ offeringType: 'clinic', hours: week }) }));
  // Every day: the demo's public holiday closures go too.
  for (const { date } of (await (await fetch(`${base}/api/date-overrides/clinic`, { headers: admin })).json()) as DateOverride[]) {
    await expectOk(fetch(`${base}/api/date-overrides/clinic/${date}`, { method: 'DELETE', headers: admin }));
  }
  const treatments = (await (await fetch(`${base}/api/treatments?offering=clinic`)).json()) as Treatment[];
  return treatments[0].id;
}

/** Starts a clinic conversation as a visitor does; returns its id. */
export async function startConversation(base: string, customerName: string, customerEmail: string): Promise<string> {
  const res = await fetch(`${base}/api/conversations`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ customerName, customerEmail, offeringType: 'clinic' }),
  });
  if (res.status !== 201) throw new Error(`starting a conversation answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as Conversation).id;
}

export interface MixedRows {
  browse: BenchRow;
  slots: BenchRow;
  book: BenchRow;
  chat: BenchRow;
}

export interface MixedLoadOptions {
  base: string;
  treatmentId: string;
  /** Conversations the 50 chat widgets poll. */
  conversations: string[];
  /** Put before the bookers' addresses, so runs in one stack book as different people. */
  emailPrefix: string;
}

/**
 * A day of visitors compressed into one run, all at once through the gateway: 20 connections
 * browsing the clinic page and its lists, 10 checking a week of slots, 4 booking (days 2–61
 * ahead), and 50 chat widgets polling every 1.5 s. Each kind is its own autocannon run,
 * started together, so each row is that kind of request measured under the whole mix. The
 * returned function runs it for the given seconds; bookers are numbered across runs.
 */
export function mixedLoad({ base, treatmentId, conversations, emailPrefix }: MixedLoadOptions): (seconds: number) => Promise<MixedRows> {
  let booking = 0;
  return async (seconds) => {
    const [browse, slots, book, chat] = await Promise.all([
      load({
        scenario: 'browse /clinic: page, treatments, results, news, staff',
        target: 'through the gateway',
        url: base,
        connections: 20,
        seconds,
        requests: ['/clinic', '/api/treatments?offering=clinic', '/api/results?offering=clinic', '/api/news?offering=clinic', '/api/staff?offering=clinic'].map(
          (path) => ({ method: 'GET' as const, path }),
        ),
      }),
      load({
        scenario: 'check slots of a week (7 days)',
        target: 'through the gateway',
        url: base,
        connections: 10,
        seconds,
        requests: Array.from({ length: 7 }, (_, d) => ({
          method: 'GET' as const,
          path: `/api/available-slots?offeringType=clinic&date=${manilaDateInDays(d + 1)}&treatmentId=${treatmentId}`,
        })),
      }),
      load({
        scenario: 'book an appointment',
        target: 'through the gateway',
        url: base,
        connections: 4,
        seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/appointments',
            headers: JSON_HEADERS,
            setupRequest: (req) => {
              const n = booking++;
              return {
                ...req,
                body: JSON.stringify({
                  firstName: 'Mixed',
                  lastName: `Booker ${n}`,
                  email: `${emailPrefix}booker-${n}@example.com`,
                  contact: uniquePhone(),
                  preferredDate: manilaDateInDays(2 + (n % 60)),
                  preferredTime: `${String(8 + (Math.floor(n / 60) % 11)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`,
                  treatments: [treatmentId],
                  offeringType: 'clinic',
                }),
              };
            },
          },
        ],
      }),
      load({
        scenario: '50 chat widgets polling every 1.5 s',
        target: 'through the gateway',
        url: base,
        connections: 50,
        // Each widget asks every 1.5 s: 50 of them make about 33 requests a second.
        overallRate: Math.round((50 * 1000) / 1500),
        seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/api/conversations/${conversations[Math.floor(Math.random() * conversations.length)]}/messages` }),
          },
        ],
      }),
    ]);
    return { browse, slots, book, chat };
  };
}
