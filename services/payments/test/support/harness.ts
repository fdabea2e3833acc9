// The payments service as main.ts wires it, on a database, bucket, exchange and queues of its
// own, talking to a PayMongo double of its own whose webhook points at it. Booking's side is a
// publisher on the same exchange; what payments announces is heard by a listener.
import { randomBytes } from 'node:crypto';
import type { EventData, Envelope, EventType, PaymentLinkView, PaymentSettings, StaffRole } from '@bb/contracts';
import { EventBus, manageLinkToken } from '@bb/service-kit';
import {
  adminToken,
  api,
  dropBucket,
  listenOn,
  silentLogger,
  startHarness,
  storageEnv,
  testAmqpUrl,
  testStorageOptions,
  TEST_MANAGE_LINK_SECRET,
  waitFor,
  type Harness,
  type Listener,
} from '@bb/service-kit/testing';
import { paymentsEnvShape, type PaymentsConfig } from '../../src/config';
import { createModels, type PaymentModels } from '../../src/models';
import { wire } from '../../src/wire';
import { startPaymongoDouble, type PaymongoDouble } from './paymongo-double';

export const PAYMENT_EVENTS = [
  'payments.payment.paid',
  'payments.payment.failed',
  'payments.payment.refunded',
  'payments.receipt.submitted',
  'payments.receipt.rejected',
  'payments.payment.expired',
  'audit.recorded',
] as const;
type Heard = (typeof PAYMENT_EVENTS)[number];

export interface PaymentsHarness {
  url: string;
  svc: Harness<PaymentsConfig>;
  models: PaymentModels;
  paymongo: PaymongoDouble;
  /** Booking's side of the bus. */
  booking: EventBus;
  heard: Listener<Heard>;
  close: () => Promise<void>;
}

/** Starts payments against a PayMongo double of its own; `env` adds to or overrides the test defaults. */
export async function startPayments(label: string, env: Record<string, string> = {}, now?: () => Date): Promise<PaymentsHarness> {
  const paymongo = await startPaymongoDouble();
  // The webhook's secret is needed to start; its address is known once the service listens.
  const webhook = await paymongo.registerWebhook('http://127.0.0.1:9/not-yet');
  const storage = testStorageOptions(label);
  const svc = await startHarness('payments', paymentsEnvShape, wire, {
    label,
    now,
    env: {
      ...paymongo.env,
      // A retired secret first, as while one is rotated: deliveries signed with the current one pass.
      PAYMONGO_WEBHOOK_SECRET: `whsk_RetiredSecretOfAnOldHook1,${webhook.secretKey}`,
      PUBLIC_URL: 'https://booking.example.com',
      RECONCILE_INTERVAL_MS: '3600000',
      ...storageEnv(storage),
      ...env,
    },
  }).catch(async (err: unknown) => {
    await paymongo.close();
    throw err;
  });
  await paymongo.moveWebhook(webhook.id, `${svc.url}/api/payments/webhooks/paymongo`);
  const exchange = svc.ctx.config.BUS_EXCHANGE;
  const booking = new EventBus({ url: testAmqpUrl(), exchange, source: 'booking', logger: silentLogger() });
  await booking.start();
  const heard = await listenOn(exchange, [...PAYMENT_EVENTS], 'booking');
  return {
    url: svc.url,
    svc,
    models: createModels(svc.ctx.conn),
    paymongo,
    booking,
    heard,
    close: async () => {
      await heard.close();
      await booking.close();
      await svc.close();
      await paymongo.close();
      await dropBucket(storage);
    },
  };
}

export const staffToken = (role: StaffRole = 'owner', username = `${role}-1`) => adminToken({ role, username, subject: `${role}-id` });

export const newAppointmentId = () => randomBytes(12).toString('hex');
export const tokenOf = (appointmentId: string) => manageLinkToken(TEST_MANAGE_LINK_SECRET, appointmentId);

/** Booking's request for a deposit, as booking publishes it; `holdMinutes` from now. */
export function depositRequest(appointmentId: string, overrides: Partial<EventData<'booking.deposit.requested'>> = {}, holdMinutes = 15) {
  return {
    appointmentId,
    offeringType: 'clinic',
    amount: 50_000,
    currency: 'PHP',
    purpose: 'deposit',
    customerName: 'Mia Cruz',
    customerEmail: 'mia.cruz@example.com',
    customerPhone: '0917 555 1234',
    description: 'Deposit: Hydrafacial',
    startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    holdExpiresAt: new Date(Date.now() + holdMinutes * 60_000).toISOString(),
    ...overrides,
  } satisfies EventData<'booking.deposit.requested'>;
}

/** Booking asks for a deposit; resolves once the pay page shows it. */
export async function requestDeposit(h: PaymentsHarness, overrides: Partial<EventData<'booking.deposit.requested'>> = {}, holdMinutes = 15) {
  const appointmentId = newAppointmentId();
  const token = tokenOf(appointmentId);
  await h.booking.publish('booking.deposit.requested', depositRequest(appointmentId, overrides, holdMinutes));
  await waitFor('the payment to be requested', async () => (await api(h.url, `/api/payments/by-link/${token}`)).status === 200);
  return { appointmentId, token };
}

export const saveSettings = (h: PaymentsHarness, settings: PaymentSettings) =>
  api<PaymentSettings>(h.url, '/api/payment-settings', { method: 'PUT', body: settings, token: staffToken('manager') });

export const viewOf = async (h: PaymentsHarness, token: string) => (await api<PaymentLinkView>(h.url, `/api/payments/by-link/${token}`)).body;

/** What payments announced about one appointment, of one type. */
export const heardOf = <T extends Heard>(h: PaymentsHarness, type: T, appointmentId: string): Envelope<EventData<T>>[] =>
  h.heard.received.filter((e): e is Envelope<EventData<T>> => e.type === type && (e.data as { appointmentId?: string }).appointmentId === appointmentId);

/** Waits until the payment of an appointment has `status`. */
export const statusBecomes = (h: PaymentsHarness, appointmentId: string, status: string, timeoutMs = 15_000) =>
  waitFor(`payment of ${appointmentId} to be ${status}`, async () => (await h.models.Payment.findOne({ appointmentId }).lean())?.status === status, timeoutMs);

export type { EventType };
