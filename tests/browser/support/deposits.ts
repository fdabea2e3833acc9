// Shared by the deposit journeys: treatments of their own that ask a deposit (others' files
// leave them out, see clinicTreatments), and an appointment that has taken place.
import mongoose from 'mongoose';
import type { BookedAppointment, DepositPolicy, DepositPolicyEntry, PaymentSettings, Treatment } from '@bb/contracts';
import { requireEnv, waitFor } from '@bb/service-kit/testing';
import { adminApiToken, api, book, findOpenSlot, manilaDateInDays, unique } from '../maintenance-helpers';

/** A clinic treatment of 30 minutes at this price, once booking knows it (its deposit policies list it). */
export async function treatmentBookingKnows(token: string, price: string, label = 'Deposit Facial'): Promise<Treatment> {
  const created = await api<Treatment>('/api/treatments', {
    method: 'POST',
    token,
    body: { name: unique(label), description: 'Paid ahead.', duration: '30 minutes', price, defaultDuration: 30 },
  });
  expect(created.status).toBe(201);
  await waitFor(
    'booking to know the new treatment',
    async () => (await api<DepositPolicyEntry[]>('/api/deposit-policies', { token })).body.some((e) => e.itemId === created.body.id),
    30_000,
    100,
  );
  return created.body;
}

export async function setDepositPolicy(token: string, itemId: string, policy: DepositPolicy): Promise<DepositPolicyEntry> {
  const saved = await api<DepositPolicyEntry>(`/api/deposit-policies/${itemId}`, { method: 'PUT', token, body: policy });
  expect(saved.status).toBe(200);
  return saved.body;
}

/** A treatment that asks this fixed deposit (centavos) of every booking, once every booking process asks it. */
export async function depositTreatment(token: string, amount: number): Promise<Treatment> {
  const treatment = await treatmentBookingKnows(token, '900');
  await setDepositPolicy(token, treatment.id, { kind: 'fixed', amount });
  await untilEveryBookingProcessAsks(token, treatment.id);
  return treatment;
}

/**
 * A policy saved on one booking process reaches the others by its event a moment later, and the
 * gateway sends bookings to each in turn: probe bookings of one slot (each deleted at once, so
 * the slot is free again) until four in a row ask the deposit.
 */
async function untilEveryBookingProcessAsks(token: string, treatmentId: string): Promise<void> {
  const slot = await findOpenSlot('clinic', treatmentId, 700);
  let inARow = 0;
  await waitFor(
    'every booking process to ask the deposit',
    async () => {
      const probe = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatmentId] });
      expect((await api(`/api/appointments/${probe.id}`, { method: 'DELETE', token })).status).toBe(200);
      inARow = probe.payment ? inARow + 1 : 0;
      return inARow >= 4;
    },
    30_000,
    100,
  );
}

/** A visitor's booking of the treatment in a free slot some `daysAhead` days from now, with its manage token. */
export async function bookTreatment(treatmentId: string, daysAhead: number): Promise<BookedAppointment> {
  const slot = await findOpenSlot('clinic', treatmentId, daysAhead);
  return (await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatmentId] })) as BookedAppointment;
}

/** Waits until payments has the booking's deposit (it learns of it from booking's event, a moment after the answer). */
export async function payPageReady(manageToken: string): Promise<void> {
  await waitFor('the pay page', async () => (await api(`/api/payments/by-link/${manageToken}`)).status === 200);
}

/**
 * How the pay pages of these files are paid: every checkout method, and a GCash and a bank
 * account with long names and numbers (a phone must still fit them). The files set the same
 * settings and leave them: running side by side, neither undoes what the other needs.
 */
export const PAYMENT_SETTINGS: PaymentSettings = {
  paymongoMethods: ['gcash', 'paymaya', 'qrph', 'card'],
  reviewHoldMinutes: 120,
  transferAccounts: [
    { kind: 'gcash', bankName: '', accountName: 'Lumière Aesthetic Clinic and Photography Studio Inc.', accountNumber: '0917 555 0148' },
    {
      kind: 'bank',
      bankName: 'Bank of the Philippine Islands, Bonifacio High Street',
      accountName: 'Lumière Inc.',
      accountNumber: '1234-5678-9012-3456-7890-1234',
    },
  ],
};

export async function setPaymentSettings(): Promise<void> {
  const saved = await api('/api/payment-settings', { method: 'PUT', token: await adminApiToken(), body: PAYMENT_SETTINGS });
  expect(saved.status).toBe(200);
}

/** Deleted after the file, so no later file books a treatment that asks a deposit it does not expect. */
export async function removeTreatment(token: string, id: string): Promise<void> {
  expect((await api(`/api/treatments/${id}`, { method: 'DELETE', token })).status).toBe(200);
}

/**
 * Moves a booked appointment to yesterday at 10:00, as if it had taken place: booking takes no
 * booking in the past, so the test writes booking's own database (whichever the stack gave it:
 * the one holding the appointment). The places it took stay counted on its booked day, far ahead.
 */
export async function intoThePast(appointmentId: string): Promise<void> {
  const conn = await mongoose.createConnection(requireEnv('MONGO_URL')).asPromise();
  try {
    const date = manilaDateInDays(-1);
    const start = new Date(`${date}T10:00:00+08:00`);
    const moved = { preferredDate: date, preferredTime: '10:00', startTime: start, endTime: new Date(start.getTime() + 30 * 60_000) };
    const { databases } = await conn.db!.admin().listDatabases();
    for (const { name } of databases) {
      const appointments = conn.useDb(name, { useCache: true }).collection('appointments');
      const { matchedCount } = await appointments.updateOne({ _id: new mongoose.Types.ObjectId(appointmentId) }, { $set: moved });
      if (matchedCount === 1) return;
    }
    throw new Error(`no database holds appointment ${appointmentId}`);
  } finally {
    await conn.close();
  }
}
