import { randomUUID } from 'node:crypto';
import type { Appointment, BookedAppointment, DateOverride, Settings } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { api as callApi, mailpit, requireEnv, uniquePhone, waitFor, type ApiOptions } from '@bb/service-kit/testing';
import { adminLogin, announceTreatment } from '../api/support';

// Deposits are paid at least once and charged at most once whatever fails: 50 visitors book a
// treatment that asks ₱500 ahead and pay on the PayMongo double's page (some in two tabs, some
// cancelling just after paying) while payments and both booking processes are killed -9 and
// PayMongo's webhooks are held back for a while. Then every deposit PayMongo took ends in a
// confirmed appointment or a full refund, none twice, no slot over capacity, one confirmation
// mail per confirmed appointment.
jest.setTimeout(15 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const control = requireEnv('BB_STACK_CONTROL_URL');
const paymongo = requireEnv('PAYMONGO_URL');
const VISITORS = 50;
const PACE_MS = 700;
const DEPOSIT = 50_000;
const CAPACITY = 2;
/** Hourly starts of 60-minute appointments on three far days: 36 slots of 2 places. */
const HOURS = Array.from({ length: 12 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
/** Visitors come in groups of 5 at once, each group aiming at two slots: one of them races for a place and takes a later slot. */
const GROUP = 5;
const CONTESTED = (2 * VISITORS) / GROUP;
/** These visitors pay in two tabs at once; these cancel by their manage link just after paying. */
const TWO_TABS = (i: number) => i % 5 === 2;
const CANCELS = (i: number) => i % 16 === 7;

const treatmentId = `deposit-fault-${randomUUID()}`;
const run = randomUUID().slice(0, 8);
const api = <T>(path: string, options?: ApiOptions) => callApi<T>(gateway, path, options);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let token = '';
let capacityBefore = 1;
let catalog: Awaited<ReturnType<typeof announceTreatment>> | undefined;
const days = [120, 330, 540].map((from) => manilaDateInDays(from + Math.floor(Math.random() * 200)));
const slots = days.flatMap((date) => HOURS.map((time) => ({ date, time })));

const controlCall = async (path: string) => {
  const res = await fetch(`${control}${path}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
};
const paymongoControl = async <T>(path: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${paymongo}/__control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};

/** A call a visitor repeats while the stack answers 5xx (a service down) or the payment is not requested yet (404); the first other answer. */
async function persist<T>(call: () => Promise<{ status: number; body: T }>, retryOn: (status: number) => boolean) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await call().catch(() => ({ status: 0, body: undefined as T }));
    if (!retryOn(res.status) || Date.now() > deadline) return res;
    await sleep(500);
  }
}
const unavailable = (status: number) => status === 0 || status >= 500;

interface Visit {
  email: string;
  appointment: BookedAppointment;
  /** Checkout sessions the visitor paid on at the double (200), and payments it refused (409: already paid). */
  paidSessions: string[];
  refusedPayments: number;
  cancelled: boolean;
  /** Booking calls answered 5xx (a booking process killed), retried with the same Idempotency-Key. */
  unanswered: number;
  /** Slots the visitor found taken (409) before one held. */
  lostRaces: number;
}

async function visit(i: number): Promise<Visit> {
  const group = Math.floor(i / GROUP);
  await sleep(group * GROUP * PACE_MS);
  const email = `deposit-fault-${run}-${i}@example.com`;
  const contact = uniquePhone();
  let unanswered = 0;
  let lostRaces = 0;
  let appointment: BookedAppointment | undefined;
  // First choice one of the group's two slots; a visitor who loses the race takes the next free one after the contested.
  const order = [2 * group + (i % 2), ...[...slots.keys()].slice(CONTESTED)];
  for (const n of order) {
    const { date, time } = slots[n];
    const res = await persist(
      () =>
        api<BookedAppointment>('/api/appointments', {
          method: 'POST',
          headers: { 'idempotency-key': `deposit-fault-${run}-${i}-${n}` },
          body: {
            firstName: 'Paying',
            lastName: `Visitor ${i}`,
            email,
            contact,
            preferredDate: date,
            preferredTime: time,
            treatments: [treatmentId],
            offeringType: 'clinic',
          },
        }).then((r) => {
          if (unavailable(r.status)) unanswered++;
          return r;
        }),
      unavailable,
    );
    if (res.status === 201) {
      appointment = res.body;
      break;
    }
    expect(res.status).toBe(409);
    lostRaces++;
  }
  if (!appointment) throw new Error(`visitor ${i} found no free slot`);
  expect(appointment.payment).toMatchObject({ state: 'awaiting', amount: DEPOSIT });
  const manage = appointment.manageToken as string;

  await sleep(Math.random() * 2000);
  const checkout = () =>
    persist(
      () => api<{ checkoutUrl: string }>(`/api/payments/by-link/${manage}/checkout`, { method: 'POST' }),
      (status) => unavailable(status) || status === 404,
    );
  const pages = await Promise.all((TWO_TABS(i) ? [0, 1] : [0]).map(() => checkout()));
  for (const page of pages) expect(page.status).toBe(200);
  const paidSessions: string[] = [];
  let refusedPayments = 0;
  for (const page of pages) {
    const sessionId = page.body.checkoutUrl.split('/').pop() as string;
    const paid = await paymongoControl(`/checkout_sessions/${sessionId}/outcome`, { outcome: 'paid', method: 'gcash' });
    if (paid.status === 200) paidSessions.push(sessionId);
    else {
      expect(paid.status).toBe(409);
      refusedPayments++;
    }
  }
  let cancelled = false;
  if (CANCELS(i)) {
    const res = await persist(() => api(`/api/manage/${manage}/cancel`, { method: 'POST' }), unavailable);
    expect(res.status).toBe(200);
    cancelled = true;
  }
  return { email, appointment, paidSessions, refusedPayments, cancelled, unanswered, lostRaces };
}

/** The faults, at different moments while visitors book and pay: each booking process, payments twice, webhooks held back. */
async function faults(): Promise<void> {
  const restart = async (name: string, downMs: number) => {
    await controlCall(`/components/${name}/kill`);
    await sleep(downMs);
    await controlCall(`/components/${name}/start`);
  };
  await sleep(4000);
  await restart('booking', 2000);
  await sleep(3000);
  await restart('payments', 2000);
  await sleep(2000);
  expect((await paymongoControl('/webhooks/pause', {})).status).toBe(200);
  await sleep(3000);
  await restart('booking-2', 2000);
  await sleep(3000);
  await restart('payments', 3000);
  await sleep(4000);
  expect((await paymongoControl('/webhooks/resume', {})).status).toBe(200);
}

interface DoubleSession {
  data: {
    id: string;
    attributes: {
      metadata: { appointmentId?: string } | null;
      payments: { id: string; attributes: { status: string; amount: number; refunds: { attributes: { amount: number; status: string } }[] } }[];
    };
  };
}

/** Every checkout session the double holds a paid payment on, for our appointments, by appointment. */
async function doublePayments(ours: ReadonlySet<string>) {
  const events = (await paymongoControl<{ data: { resource_id: string }[] }>('/events?type=checkout_session.payment.paid')).body.data;
  const byAppointment = new Map<string, { paid: number; amount: number; refunded: number; refundsPending: number }>();
  for (const sessionId of new Set(events.map((e) => e.resource_id))) {
    const session = (await paymongoControl<DoubleSession>(`/checkout_sessions/${sessionId}`)).body.data;
    const appointmentId = session.attributes.metadata?.appointmentId;
    if (!appointmentId || !ours.has(appointmentId)) continue;
    const entry = byAppointment.get(appointmentId) ?? { paid: 0, amount: 0, refunded: 0, refundsPending: 0 };
    for (const payment of session.attributes.payments.filter((p) => p.attributes.status === 'paid')) {
      entry.paid++;
      entry.amount += payment.attributes.amount;
      for (const refund of payment.attributes.refunds) {
        if (refund.attributes.status === 'succeeded') entry.refunded += refund.attributes.amount;
        else if (refund.attributes.status === 'pending') entry.refundsPending++;
      }
    }
    byAppointment.set(appointmentId, entry);
  }
  return byAppointment;
}

beforeAll(async () => {
  token = await adminLogin();
  const admin = { token };
  const openAllWeek = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '20:00', isActive: true }));
  expect((await api('/api/office-hours/bulk', { ...admin, method: 'POST', body: { offeringType: 'clinic', hours: openAllWeek } })).status).toBe(200);
  for (const { date } of (await api<DateOverride[]>('/api/date-overrides/clinic', admin)).body) {
    expect((await api(`/api/date-overrides/clinic/${date}`, { ...admin, method: 'DELETE' })).status).toBe(200);
  }
  capacityBefore = (await api<Settings>('/api/settings/clinic', admin)).body.maxSessionsPerSlot;
  expect((await api('/api/settings/clinic', { ...admin, method: 'PUT', body: { maxSessionsPerSlot: CAPACITY } })).status).toBe(200);
  // A treatment booking alone knows (no practitioner or room): the offering's capacity limits it.
  catalog = await announceTreatment({ id: treatmentId, name: 'Deposit Fault Peel', defaultDuration: 60, priceCentavos: 250_000 });
  await waitFor(
    'booking to know the treatment',
    async () => (await api(`/api/deposit-policies/${treatmentId}`, { ...admin, method: 'PUT', body: { kind: 'fixed', amount: DEPOSIT } })).status === 200,
  );
});

afterAll(async () => {
  await paymongoControl('/webhooks/resume', {});
  await api('/api/settings/clinic', { token, method: 'PUT', body: { maxSessionsPerSlot: capacityBefore } });
  await api(`/api/deposit-policies/${treatmentId}`, { token, method: 'PUT', body: { kind: 'none' } });
  await catalog?.close();
});

describe('deposit payments under faults', () => {
  it('ends every deposit PayMongo took in a confirmed appointment or a full refund, none charged twice, when payments and booking are killed -9', async () => {
    const started = Date.now();
    const [visits] = await Promise.all([Promise.all(Array.from({ length: VISITORS }, (_, i) => visit(i))), faults()]);
    const paidAt = Date.now();
    const ours = new Set(visits.map((v) => v.appointment.id));
    const payers = visits.filter((v) => v.paidSessions.length > 0);

    // Converged: each paid deposit confirmed (paid, not cancelled) or back in full at PayMongo, and booking says refunded.
    const settled = await waitFor(
      'every paid deposit confirmed or refunded',
      async () => {
        const listed = new Map((await api<Appointment[]>('/api/appointments', { token })).body.map((a) => [a.id, a]));
        const charges = await doublePayments(ours);
        const outcome = payers.map((v) => {
          const a = listed.get(v.appointment.id);
          const charge = charges.get(v.appointment.id);
          if (a?.status !== 'cancelled' && a?.payment?.state === 'paid') return 'confirmed';
          if (a?.payment?.state === 'refunded' && charge && charge.refunded === charge.amount && charge.refundsPending === 0) return 'refunded';
          return 'open';
        });
        return outcome.every((o) => o !== 'open') && { listed, charges, outcome };
      },
      6 * 60_000,
      3000,
    );
    const convergedMs = Date.now() - paidAt;
    const confirmed = payers.filter((_, k) => settled.outcome[k] === 'confirmed');
    const refunded = payers.filter((_, k) => settled.outcome[k] === 'refunded');

    // None lost: every visitor paid once (a second tab is refused by PayMongo: one session per payment).
    expect(visits.filter((v) => v.paidSessions.length !== 1).map((v) => v.email)).toEqual([]);
    // None charged twice: at most one paid payment per appointment at PayMongo, refunds never above it.
    const charges = [...settled.charges.entries()];
    expect(charges.filter(([, c]) => c.paid !== 1 || c.amount !== DEPOSIT || c.refunded > c.amount).map(([id]) => id)).toEqual([]);
    expect(charges).toHaveLength(payers.length);
    // The cancels before the cut-off went back in full; nobody else's did.
    expect(refunded.map((v) => v.email).sort()).toEqual(
      visits
        .filter((v) => v.cancelled)
        .map((v) => v.email)
        .sort(),
    );

    // No slot over capacity: confirmed appointments of this treatment per day and time.
    const perSlot = new Map<string, number>();
    for (const v of confirmed) {
      const a = settled.listed.get(v.appointment.id) as Appointment;
      perSlot.set(`${a.preferredDate} ${a.preferredTime}`, (perSlot.get(`${a.preferredDate} ${a.preferredTime}`) ?? 0) + 1);
    }
    expect([...perSlot.entries()].filter(([, n]) => n > CAPACITY)).toEqual([]);
    // Booking's own count agrees: a slot with two confirmed is full.
    for (const [slot, n] of perSlot) {
      if (n < CAPACITY) continue;
      const [date, time] = slot.split(' ');
      const free = await api<{ slots: { time: string; available: boolean }[] }>(
        `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}`,
      );
      expect(free.body.slots.find((s) => s.time === time.slice(0, 5))?.available ?? false).toBe(false);
    }

    // One confirmation per confirmed appointment; a duplicate only as a retry of the same mail (same Message-ID).
    const confirmations = await waitFor(
      'a confirmation for every confirmed appointment',
      async () => {
        const mails = await Promise.all(
          confirmed.map(async (v) => (await mailpit.messagesTo(v.email)).filter((m) => /^Appointment request received/.test(m.Subject))),
        );
        return mails.every((list) => list.length > 0) && mails;
      },
      3 * 60_000,
      2000,
    );
    expect(confirmations.filter((list) => new Set(list.map((m) => m.MessageID)).size !== 1)).toEqual([]);
    const duplicates = confirmations.reduce((sum, list) => sum + list.length - 1, 0);

    console.log(
      `deposits under faults: ${VISITORS} visitors booked and paid in ${Math.round((paidAt - started) / 1000)} s (${visits.reduce((s, v) => s + v.lostRaces, 0)} slots found taken, ${visits.reduce((s, v) => s + v.unanswered, 0)} booking calls answered 5xx), ` +
        `${payers.length} paid at PayMongo (${visits.reduce((s, v) => s + v.refusedPayments, 0)} second tabs refused), ` +
        `${confirmed.length} confirmed, ${refunded.length} refunded in full; converged ${Math.round(convergedMs / 1000)} s after the last payment; ` +
        `${duplicates} confirmation mails repeated with the same Message-ID`,
    );
  });
});
