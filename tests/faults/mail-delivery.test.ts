import { randomUUID } from 'node:crypto';
import type { BookedAppointment, DateOverride, SignedIn, Mail, Requirement, Settings, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { mailpit, requireEnv, resourceLimitedIds, uniquePhone, waitFor } from '@bb/service-kit/testing';

// Mail is at-least-once whatever fails: the SMTP server gone for two minutes while bookings
// arrive, then the notifications service killed -9 in the middle of a batch. Every customer
// gets a confirmation; a duplicate can only be a retry of the same mail (same Message-ID),
// and their number is reported.
jest.setTimeout(12 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const control = requireEnv('BB_STACK_CONTROL_URL');
const BOOKINGS = 50;
const OUTAGE_MS = 2 * 60 * 1000;

let token = '';
const admin = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

const controlCall = async (path: string) => {
  const res = await fetch(`${control}${path}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
};

let treatmentId = '';
let capacityBefore = 1;
const run = randomUUID().slice(0, 8);

/** Books `count` appointments (capacity 50 a slot, one far day per batch), `paceMs` apart; answers them with their addresses. */
async function book(batch: string, count: number, paceMs: number): Promise<{ appointment: BookedAppointment; email: string }[]> {
  const day = manilaDateInDays(100 + Math.floor(Math.random() * 200));
  const booked = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * paceMs));
      const email = `mail-fault-${run}-${batch}-${i}@example.com`;
      const res = await post<BookedAppointment>('/api/appointments', {
        firstName: 'Mail',
        lastName: `Fault ${i}`,
        email,
        contact: uniquePhone(),
        preferredDate: day,
        preferredTime: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
        treatments: [treatmentId],
        offeringType: 'clinic',
      });
      expect(res.status).toBe(201);
      return { appointment: res.body, email };
    }),
  );
  return booked;
}

/** Confirmations in Mailpit per address, and how many of them repeat a Message-ID already delivered. */
async function confirmations(emails: string[]) {
  const perAddress = await Promise.all(emails.map(async (email) => (await mailpit.messagesTo(email)).filter((m) => /request received/i.test(m.Subject))));
  const delivered = perAddress.map((list) => list.length);
  const duplicates = perAddress.reduce((sum, list) => sum + (list.length - new Set(list.map((m) => m.MessageID)).size), 0);
  return { missing: emails.filter((_, i) => delivered[i] === 0), duplicates, extraMails: delivered.reduce((a, b) => a + b, 0) - emails.length };
}

/** Waits until every booking's confirmation has arrived (polling every `everyMs`); then what arrived. */
const everyConfirmation = (booked: { email: string }[], timeoutMs: number, everyMs: number) =>
  waitFor(
    'every confirmation delivered',
    async () => {
      const r = await confirmations(booked.map((b) => b.email));
      return r.missing.length === 0 && r;
    },
    timeoutMs,
    everyMs,
  );

beforeAll(async () => {
  const login = await post<SignedIn>('/api/auth/login', { username: 'admin', password: 'admin123' });
  token = login.body.token;
  expect(
    (
      await post(
        '/api/office-hours/bulk',
        { offeringType: 'clinic', hours: Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', isActive: true })) },
        admin(),
      )
    ).status,
  ).toBe(200);
  // Any day is open, whatever the date: the demo's public holiday closures go too.
  for (const { date } of (await (await fetch(`${gateway}/api/date-overrides/clinic`, { headers: admin() })).json()) as DateOverride[]) {
    expect((await fetch(`${gateway}/api/date-overrides/clinic/${date}`, { method: 'DELETE', headers: admin() })).status).toBe(200);
  }
  capacityBefore = ((await (await fetch(`${gateway}/api/settings/clinic`, { headers: admin() })).json()) as Settings).maxSessionsPerSlot;
  const settings = await fetch(`${gateway}/api/settings/clinic`, { method: 'PUT', headers: admin(), body: JSON.stringify({ maxSessionsPerSlot: 50 }) });
  expect(settings.status).toBe(200);
  // One booked by the offering's capacity (set above): none that needs a practitioner or a room.
  const requirements = (await (await fetch(`${gateway}/api/requirements`, { headers: admin() })).json()) as Requirement[];
  const needsSomething = resourceLimitedIds(requirements);
  const treatments = (await (await fetch(`${gateway}/api/treatments?offering=clinic`)).json()) as Treatment[];
  treatmentId = treatments.filter((t) => !needsSomething.has(t.id))[0].id;
});

afterAll(async () => {
  await fetch(`${gateway}/api/settings/clinic`, { method: 'PUT', headers: admin(), body: JSON.stringify({ maxSessionsPerSlot: capacityBefore }) });
});

describe('mail delivery under faults', () => {
  it('delivers every confirmation once the SMTP server is back after two minutes away', async () => {
    await controlCall('/infrastructure/mail/stop');
    const stoppedAt = Date.now();
    let booked: Awaited<ReturnType<typeof book>>;
    try {
      // 50 bookings spread over the first minute of the outage.
      booked = await book('outage', BOOKINGS, 1200);
      await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    } finally {
      await controlCall('/infrastructure/mail/start');
    }
    const result = await everyConfirmation(booked, 3 * 60 * 1000, 2000);
    console.log(
      `SMTP outage: ${BOOKINGS} confirmations delivered ${Math.round((Date.now() - stoppedAt - OUTAGE_MS) / 1000)} s after the server returned; ${result.duplicates} duplicates`,
    );
    expect(result.missing).toEqual([]);
    // The mail log tells staff what happened: sent, after failed attempts.
    const log = await fetch(`${gateway}/api/appointments/${booked[0].appointment.id}/mails`, { headers: admin() });
    const mails = (await log.json()) as Mail[];
    const confirmation = mails.find((m) => m.kind === 'confirmation');
    expect(confirmation).toMatchObject({ status: 'sent', recipient: booked[0].email });
    expect(confirmation!.attempts).toBeGreaterThan(1);
  });

  it('misses no confirmation when notifications is killed -9 in the middle of a batch', async () => {
    const batch = book('kill', BOOKINGS, 20);
    await new Promise((r) => setTimeout(r, 400));
    await controlCall('/components/notifications/kill');
    await new Promise((r) => setTimeout(r, 1000));
    await controlCall('/components/notifications/start');
    const booked = await batch;
    const result = await everyConfirmation(booked, 2 * 60 * 1000, 1000);
    console.log(
      `notifications killed -9 mid-batch: ${BOOKINGS} confirmations delivered, ${result.duplicates} duplicates (same Message-ID delivered again), ${result.extraMails} mails beyond one each`,
    );
    expect(result.missing).toEqual([]);
    // A duplicate may only be a retry of the same mail: never a second, different confirmation.
    expect(result.extraMails).toBe(result.duplicates);
  });
});
