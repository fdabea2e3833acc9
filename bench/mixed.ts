import type { Conversation, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { adminToken } from '@bb/service-kit/testing';
import { load } from './lib/load';
import type { BenchContext, BenchResult } from './lib/types';

/** A set-up call that failed would leave the figures measuring something else: stop instead. */
async function expectOk(response: Promise<Response>): Promise<void> {
  const res = await response;
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
}

/**
 * A day of visitors compressed into one run, all at once through the gateway: people browsing
 * the clinic page and its lists, people checking a week of slots, people booking, and open chat
 * widgets polling. Each kind is its own autocannon run, started together, so each row is that
 * kind of request measured under the whole mix.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const base = ctx.gatewayUrl;
  const secret = ctx.env.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not set');
  const token = adminToken({ secret, username: 'bench' });
  const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // Open every day 08:00–20:00 with room for many sessions, so bookings measure writes, not refusals.
  await expectOk(fetch(`${base}/api/settings/clinic`, { method: 'PUT', headers: admin, body: JSON.stringify({ maxSessionsPerSlot: 50 }) }));
  const week = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', isActive: true }));
  await expectOk(fetch(`${base}/api/office-hours/bulk`, { method: 'POST', headers: admin, body: JSON.stringify({ offeringType: 'clinic', hours: week }) }));
  const treatments = (await (await fetch(`${base}/api/treatments?offering=clinic`)).json()) as Treatment[];
  const treatmentId = treatments[0].id;

  const conversations: string[] = [];
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${base}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerName: `Mixed ${i}`, customerEmail: `mixed-${i}@example.com`, offeringType: 'clinic' }),
    });
    if (res.status !== 201) throw new Error(`starting a conversation answered ${res.status}: ${await res.text()}`);
    conversations.push(((await res.json()) as Conversation).id);
  }

  let booking = 0;
  const seconds = ctx.seconds;
  const [browse, slots, book, chat] = await Promise.all([
    load({
      scenario: 'browse /clinic: page, treatments, results, news, staff',
      target: 'through the gateway',
      url: base,
      connections: 20,
      seconds,
      requests: [
        { method: 'GET', path: '/clinic' },
        { method: 'GET', path: '/api/treatments?offering=clinic' },
        { method: 'GET', path: '/api/results?offering=clinic' },
        { method: 'GET', path: '/api/news?offering=clinic' },
        { method: 'GET', path: '/api/staff?offering=clinic' },
      ],
    }),
    load({
      scenario: 'check slots of a week (7 days)',
      target: 'through the gateway',
      url: base,
      connections: 10,
      seconds,
      requests: Array.from({ length: 7 }, (_, d) => ({ method: 'GET' as const, path: `/api/available-slots?offeringType=clinic&date=${manilaDateInDays(d + 1)}&treatmentId=${treatmentId}` })),
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
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const n = booking++;
            return {
              ...req,
              body: JSON.stringify({
                firstName: 'Mixed',
                lastName: `Booker ${n}`,
                email: `mixed-booker-${n}@example.com`,
                contact: '0917 555 0100',
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
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/conversations/${conversations[Math.floor(Math.random() * conversations.length)]}/messages` }) }],
    }),
  ]);
  for (const row of [browse, slots, book, chat]) ctx.log(`${row.scenario}: ${row.requestsPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
  return {
    name: 'mixed',
    description: 'Browsing, slot checks, bookings and chat polling at the same time through the gateway (20 + 10 + 4 + 50 connections)',
    rows: [browse, slots, book, chat],
    summary: {
      totalRequestsPerSec: browse.requestsPerSec + slots.requestsPerSec + book.requestsPerSec + chat.requestsPerSec,
      bookingsPerSec: book.requestsPerSec,
      errors: browse.errors + slots.errors + book.errors + chat.errors,
      non2xx: browse.non2xx + slots.non2xx + book.non2xx + chat.non2xx,
    },
  };
}
