// Shared by the API tests (and the attack tests of payments): calls through the gateway, the
// demo admin's token, mail addresses of the test file's own run, and deposits: a treatment that
// asks one, bookings of it, its pay page and the local PayMongo double.
import { randomUUID } from 'node:crypto';
import type {
  ApiError,
  Appointment,
  BookedAppointment,
  DepositPolicyEntry,
  EventData,
  OfficeHours,
  PaymentLinkView,
  PaymentSettings,
  Requirement,
  SlotsResponse,
  Treatment,
} from '@bb/contracts';
import { EventBus, manilaDateInDays } from '@bb/service-kit';
import { api as callApi, type ApiOptions, plainTreatments, requireEnv, silentLogger, uniquePhone, waitFor } from '@bb/service-kit/testing';

export const gateway = () => requireEnv('GATEWAY_URL');

/** A call through the gateway; T is what a success answers, and an error answers ApiError. */
export const api = <T = ApiError>(path: string, options: ApiOptions = {}) => callApi<T>(gateway(), path, options);

/** The demo admin's token, signed in through the gateway. */
export const adminLogin = async (): Promise<string> =>
  (await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } })).body.token;

/** `<prefix>-<run>-<label>@example.com`, the run being this file's own. */
export function runAddress(prefix: string): (label: string) => string {
  const run = randomUUID().slice(0, 8);
  return (label) => `${prefix}-${run}-${label}@example.com`;
}

/**
 * A clinic treatment known to booking only, announced on the bus as the catalog announces one
 * (version 1, not deleted); answers the bus, for the test to close.
 */
export async function announceTreatment(
  treatment: Pick<EventData<'catalog.bookable.changed'>, 'id' | 'name' | 'defaultDuration' | 'priceCentavos'>,
): Promise<EventBus> {
  const catalog = new EventBus({ url: requireEnv('AMQP_URL'), exchange: 'bb.events', source: 'catalog', logger: silentLogger() });
  await catalog.start();
  await catalog.publish('catalog.bookable.changed', { kind: 'treatment', offeringType: 'clinic', deleted: false, version: 1, ...treatment });
  return catalog;
}

/**
 * The payment settings of the files that pay deposits: every checkout method and a GCash account
 * to transfer to. Each file sets them and leaves them (the browser files' are alike: every method,
 * a GCash account), so files running side by side never take away what another needs.
 */
export const DEPOSIT_PAYMENT_SETTINGS: PaymentSettings = {
  paymongoMethods: ['gcash', 'paymaya', 'qrph', 'card'],
  reviewHoldMinutes: 120,
  transferAccounts: [{ kind: 'gcash', bankName: '', accountName: 'Glow Clinic', accountNumber: '0917 000 1111' }],
};

/**
 * A treatment known to booking only that asks `amount` centavos ahead of every booking, and the
 * payment settings above; answers the bus that announced it, for the file to close.
 */
export async function depositTreatment(token: string, id: string, amount: number, priceCentavos = 250_000): Promise<EventBus> {
  const bus = await announceTreatment({ id, name: 'Deposit Test Peel', defaultDuration: 60, priceCentavos });
  await waitFor('booking to know the treatment', async () => {
    const set = await api(`/api/deposit-policies/${id}`, { method: 'PUT', token, body: { kind: 'fixed', amount } });
    return set.status === 200;
  });
  expect((await api('/api/payment-settings', { method: 'PUT', token, body: DEPOSIT_PAYMENT_SETTINGS })).status).toBe(200);
  return bus;
}

/** Whether the treatment's slot at `time` on `date` is open to book. */
export const isFree = async (treatmentId: string, date: string, time: string) =>
  (await api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}`)).body.slots.find((s) => s.time === time)
    ?.available === true;

/** A far open clinic day and its opening, free: other files pick far days at random too. */
export async function freeOpening(treatmentId: string): Promise<{ date: string; time: string }> {
  const hours = (await api<OfficeHours[]>('/api/office-hours/clinic')).body;
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
    const day = hours.find((h) => h.dayOfWeek === new Date(`${date}T00:00:00Z`).getUTCDay());
    if (!day?.isActive) continue;
    const time = day.startTime.slice(0, 5);
    if (await isFree(treatmentId, date, time)) return { date, time };
  }
}

/** A visitor's booking of the treatment at its opening of a free far day; `extra` goes into the body too. */
export async function bookTreatment(
  treatmentId: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ booked: BookedAppointment; date: string; time: string }> {
  const { date, time } = await freeOpening(treatmentId);
  const res = await api<BookedAppointment>('/api/appointments', {
    method: 'POST',
    body: {
      firstName: 'Dina',
      lastName: 'Reyes',
      email,
      contact: uniquePhone(),
      preferredDate: date,
      preferredTime: time,
      treatments: [treatmentId],
      offeringType: 'clinic',
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return { booked: res.body, date, time };
}

/** The appointment as the console lists it (there is no read of one appointment alone). */
export async function staffView(token: string, id: string): Promise<Appointment> {
  const listed = (await api<Appointment[]>('/api/appointments', { token })).body.find((a) => a.id === id);
  if (!listed) throw new Error(`appointment ${id} not listed`);
  return listed;
}

export const payPage = (manageToken: string) => api<PaymentLinkView>(`/api/payments/by-link/${manageToken}`);

/** The pay page, once payments has heard booking ask for the payment. */
export const pageOnce = (manageToken: string) =>
  waitFor('the pay page', async () => {
    const res = await payPage(manageToken);
    return res.status === 200 ? res.body : undefined;
  });

/** The local PayMongo double's control API (not PayMongo's): the visitor's outcome, events, deliveries. */
export async function paymongoControl<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${requireEnv('PAYMONGO_URL')}/__control${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A call to the local PayMongo double's API with the stack's secret key. */
export async function paymongoApi<T>(path: string): Promise<T> {
  const res = await fetch(`${requireEnv('PAYMONGO_URL')}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${requireEnv('PAYMONGO_SECRET_KEY')}:`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`PayMongo GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Starts a checkout through the gateway and pays it on the double; answers the session's id. */
export async function payOnPayMongo(manageToken: string): Promise<string> {
  const checkout = await api<{ checkoutUrl: string }>(`/api/payments/by-link/${manageToken}/checkout`, { method: 'POST' });
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.checkoutUrl.split('/').pop() as string;
  expect((await paymongoControl('POST', `/checkout_sessions/${sessionId}/outcome`, { outcome: 'paid', method: 'gcash' })).status).toBe(200);
  return sessionId;
}

/** The oldest clinic treatment booked as the spec's flow books it (plainTreatments: no resources, no deposit). */
export async function plainClinicTreatmentId(token: string): Promise<string> {
  const [treatments, requirements, deposits] = await Promise.all([
    api<Treatment[]>('/api/treatments?offering=clinic'),
    api<Requirement[]>('/api/requirements', { token }),
    api<DepositPolicyEntry[]>('/api/deposit-policies', { token }),
  ]);
  return plainTreatments(treatments.body, requirements.body, deposits.body)[0].id;
}
