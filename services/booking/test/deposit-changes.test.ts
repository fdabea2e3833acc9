import { DEPOSIT_MESSAGES, type Appointment, type ManagedAppointment } from '@bb/contracts';
import { adminToken, waitFor } from '@bb/service-kit/testing';
import { asAdmin, call, monday, TEST_NOW } from './support/booking';
import { settle } from './support/event-apps';
import { startDepositApp } from './support/deposits';

// A paid deposit when the appointment changes: given back or kept on a cancel, kept on a move;
// an unpaid booking that cannot move; and attendance, whose no-shows make the next booking pay.

const app = startDepositApp('deposit_changes');
const { book, pay, said, stored, until, heldBy, cancel, setClock } = app;
const as = (options: Parameters<typeof adminToken>[0]) => ({ authorization: `Bearer ${adminToken(options)}` });

/** A booking of the facial (20% deposit), paid and confirmed. */
async function paidBooking(over: Record<string, unknown>) {
  const made = await book(over);
  await pay(made.id);
  await until(made.id, 'confirmed', (doc) => doc.payment?.state === 'paid' && doc.outbox.length === 0);
  return made;
}

const released = async (id: string) => {
  await until(id, 'published', (doc) => doc.outbox.length === 0);
  await settle();
  return said(id, 'booking.deposit.released').map((e) => e.data);
};

/** Manila wall-clock time as an instant. */
const manila = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

beforeAll(async () => {
  expect((await app.setPolicy('facial', { kind: 'percent', percent: 20 })).status).toBe(200);
});

describe('cancelling an appointment with a deposit', () => {
  it('by the customer before the cut-off: refunded in full', async () => {
    const made = await paidBooking({ preferredDate: monday(1), preferredTime: '09:00' });
    expect((await cancel(made.token)).status).toBe(200);
    expect(await released(made.id)).toEqual([{ appointmentId: made.id, refund: 'full', reason: 'cancelled-by-customer' }]);
    expect((await stored(made.id))?.payment?.state).toBe('paid');
    expect(said(made.id, 'booking.appointment.cancelled')).toHaveLength(1);
    expect((await heldBy(made.id)).states).toEqual([]);
  });

  it('by the customer inside the cut-off: allowed until the start, and the deposit is kept', async () => {
    const made = await paidBooking({ preferredDate: monday(1), preferredTime: '11:00' });
    setClock(manila(monday(1), '08:00'));
    const res = await cancel(made.token);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(await released(made.id)).toEqual([{ appointmentId: made.id, refund: 'none', reason: 'cancelled-by-customer' }]);
    expect((await stored(made.id))?.payment?.state).toBe('kept');
    // Without a deposit the cut-off still closes online changes.
    setClock(null);
    const free = await book({ preferredDate: monday(1), preferredTime: '13:00', treatments: ['consult'] });
    setClock(manila(monday(1), '08:00'));
    expect((await cancel(free.token)).status).toBe(409);
  });

  it('by staff: refunded in full, inside the cut-off too; deleting does the same', async () => {
    const made = await paidBooking({ preferredDate: monday(2), preferredTime: '09:00' });
    setClock(manila(monday(2), '08:00'));
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    expect(await released(made.id)).toEqual([{ appointmentId: made.id, refund: 'full', reason: 'cancelled-by-staff' }]);

    setClock(null);
    const deleted = await paidBooking({ preferredDate: monday(2), preferredTime: '11:00' });
    expect((await call(app.booking.url, 'DELETE', `/api/appointments/${deleted.id}`, undefined, asAdmin)).status).toBe(200);
    // Its tombstone goes once its events are out.
    await waitFor('deleted and announced', async () => (await stored(deleted.id)) === null);
    await settle();
    expect(said(deleted.id, 'booking.deposit.released').map((e) => e.data)).toEqual([
      { appointmentId: deleted.id, refund: 'full', reason: 'cancelled-by-staff' },
    ]);
    expect((await heldBy(deleted.id)).states).toEqual([]);
  });

  it('still awaited: given up unpaid, its places back, and nobody told of a booking never confirmed', async () => {
    const made = await book({ preferredDate: monday(2), preferredTime: '13:00' });
    expect((await cancel(made.token)).status).toBe(200);
    expect(await released(made.id)).toEqual([{ appointmentId: made.id, refund: 'none', reason: 'hold-expired' }]);
    expect((await stored(made.id))?.payment?.state).toBe('expired');
    expect(said(made.id, 'booking.appointment.cancelled')).toEqual([]);
    expect((await heldBy(made.id)).states).toEqual([]);
    // Paid after all (the visitor was at the checkout as they cancelled): the money goes back.
    await pay(made.id);
    await until(made.id, 'paid', (doc) => doc.payment?.state === 'paid');
    expect(await released(made.id)).toEqual([
      { appointmentId: made.id, refund: 'none', reason: 'hold-expired' },
      { appointmentId: made.id, refund: 'full', reason: 'slot-lost' },
    ]);
    expect((await stored(made.id))?.status).toBe('cancelled');
    expect((await heldBy(made.id)).states).toEqual([]);
  });
});

describe('moving an appointment with a deposit', () => {
  it('keeps the payment on the new time', async () => {
    const made = await paidBooking({ preferredDate: monday(3), preferredTime: '09:00' });
    const moved = await call<ManagedAppointment>(app.booking.url, 'POST', `/api/manage/${made.token}/reschedule`, {
      preferredDate: monday(3),
      preferredTime: '13:00',
    });
    expect(moved.status).toBe(200);
    const doc = await stored(made.id);
    expect(doc?.payment).toMatchObject({ state: 'paid', amount: 70_000 });
    expect(await heldBy(made.id)).toEqual({ states: ['k'], blocks: ['2030-01-28T13:00', '2030-01-28T13:30'], agree: true });
  });

  it('refuses to move one still waiting for its deposit, and staff may only cancel it', async () => {
    const made = await book({ preferredDate: monday(3), preferredTime: '11:00' });
    const moved = await call(app.booking.url, 'POST', `/api/manage/${made.token}/reschedule`, { preferredDate: monday(3), preferredTime: '15:00' });
    expect([moved.status, moved.body.message]).toEqual([409, DEPOSIT_MESSAGES.awaiting]);
    const slots = await call(app.booking.url, 'GET', `/api/manage/${made.token}/available-slots?date=${monday(3)}`);
    expect(slots.status).toBe(409);
    const done = await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'done' }, asAdmin);
    expect([done.status, done.body.message]).toEqual([409, DEPOSIT_MESSAGES.awaiting]);
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    const reopened = await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'pending' }, asAdmin);
    expect([reopened.status, reopened.body.message]).toEqual([409, DEPOSIT_MESSAGES.notPaid]);
    expect((await stored(made.id))?.status).toBe('cancelled');
  });
});

describe('attendance', () => {
  const attendance = (id: string, value: unknown, headers: Record<string, string> = asAdmin) =>
    call<Appointment>(app.booking.url, 'PUT', `/api/appointments/${id}/attendance`, { attendance: value }, headers);

  it('is said once the appointment has started, beside its status, and audited', async () => {
    const made = await book({ preferredDate: monday(4), preferredTime: '09:00', treatments: ['consult'] });
    const early = await attendance(made.id, 'attended');
    expect([early.status, early.body.message]).toEqual([409, 'Attendance can be set once the appointment has started.']);
    setClock(manila(monday(4), '09:00'));
    const res = await attendance(made.id, 'attended', as({ role: 'receptionist', username: 'rita', subject: 'u-rita' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, status: 'pending', attendance: 'attended' });
    expect((await attendance(made.id, null)).body.attendance).toBeNull();
    const doc = await until(made.id, 'audited', (d) => d.outbox.length === 0);
    expect(doc.attendance).toBeNull();
    expect(doc.noShowKeys).toBeUndefined();
  });

  it('refuses bad input, a cancelled or unpaid appointment, and changes nothing', async () => {
    const made = await book({ preferredDate: monday(4), preferredTime: '11:00', treatments: ['consult'] });
    setClock(manila(monday(4), '12:00'));
    for (const body of [{ attendance: 'late' }, { attendance: ['no_show'] }, { attendance: { $ne: null } }, {}, { attendance: 'x'.repeat(5000) }]) {
      const res = await call(app.booking.url, 'PUT', `/api/appointments/${made.id}/attendance`, body, asAdmin);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await attendance('000000000000000000000000', 'attended')).status).toBe(404);
    expect((await attendance('nope', 'attended')).status).toBe(404);
    setClock(null);
    const unpaid = await book({ preferredDate: monday(4), preferredTime: '13:00' });
    setClock(manila(monday(4), '14:00'));
    expect((await attendance(unpaid.id, 'no_show')).status).toBe(409);
    expect((await stored(made.id))?.attendance).toBeUndefined();
  });

  it('a practitioner may say it of their own appointments only', async () => {
    const made = await book({ preferredDate: monday(4), preferredTime: '15:00', treatments: ['consult'] });
    setClock(manila(monday(4), '16:00'));
    const res = await attendance(made.id, 'attended', as({ role: 'practitioner', staffId: 'ana', username: 'ana' }));
    expect(res.status).toBe(403);
    expect((await stored(made.id))?.attendance).toBeUndefined();
  });

  it('two no-shows in a year: the contact’s next booking pays the no-show deposit, where it would pay none', async () => {
    const contact = { email: 'Lea.Santos+x@example.com', contact: '0917 555 1212', treatments: ['consult'] };
    const first = await book({ ...contact, preferredDate: monday(5), preferredTime: '09:00' });
    const second = await book({ ...contact, email: 'lea.santos@example.com', preferredDate: monday(5), preferredTime: '11:00' });
    expect((await app.setDepositSettings({ noShowRule: 2, noShowDeposit: 30_000 })).status).toBe(200);
    setClock(manila(monday(5), '12:00'));
    expect((await attendance(first.id, 'no_show')).status).toBe(200);
    // One no-show: under the rule.
    expect((await book({ ...contact, preferredDate: monday(7), preferredTime: '09:00' })).payment).toBeNull();
    expect((await attendance(second.id, 'no_show')).status).toBe(200);
    // Found by the phone number alone as well as by the mailbox.
    const next = await book({
      email: 'other@example.com',
      contact: '+63 917 555 1212',
      treatments: ['consult'],
      preferredDate: monday(7),
      preferredTime: '11:00',
    });
    expect(next.payment).toMatchObject({ state: 'awaiting', amount: 30_000, purpose: 'deposit' });
    // Someone else books as before.
    expect((await book({ treatments: ['consult'], preferredDate: monday(7), preferredTime: '13:00' })).payment).toBeNull();
    // An attendance said again the other way takes the no-show back.
    expect((await attendance(second.id, 'attended')).status).toBe(200);
    expect((await book({ ...contact, preferredDate: monday(7), preferredTime: '15:00' })).payment).toBeNull();
    expect((await app.setDepositSettings({ noShowRule: 0, noShowDeposit: 50_000 })).status).toBe(200);
  });
});

describe('the deposit routes', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/deposit-policies', undefined],
    ['PUT', '/api/deposit-policies/facial', { kind: 'none' }],
    ['GET', '/api/deposit-settings/clinic', undefined],
    ['PUT', '/api/deposit-settings/clinic', { holdMinutes: 20 }],
  ];

  it('are the owner’s and the manager’s', async () => {
    for (const [method, path, body] of routes) {
      expect((await call(app.booking.url, method, path, body)).status).toBe(401);
      for (const role of ['receptionist', 'practitioner'] as const) expect((await call(app.booking.url, method, path, body, as({ role }))).status).toBe(403);
    }
    expect((await call(app.booking.url, 'GET', '/api/deposit-policies', undefined, as({ role: 'manager' }))).status).toBe(200);
    const policies = await call<{ itemId: string; policy: unknown }[]>(app.booking.url, 'GET', '/api/deposit-policies', undefined, asAdmin);
    expect(policies.body.find((p) => p.itemId === 'facial')).toEqual({
      itemId: 'facial',
      kind: 'treatment',
      name: 'Hydra Facial',
      offeringType: 'clinic',
      priceCentavos: 350_000,
      policy: { kind: 'percent', percent: 20 },
    });
  });

  it('refuse a share of a price that is not one amount, unknown items and bad input, changing nothing', async () => {
    const noPrice = await app.setPolicy('consult', { kind: 'percent', percent: 50 });
    expect([noPrice.status, noPrice.body.message]).toEqual([400, DEPOSIT_MESSAGES.noPrice('Consultation')]);
    expect((await app.setPolicy('consult', { kind: 'full' })).status).toBe(400);
    expect((await app.setPolicy('unknown', { kind: 'full' })).status).toBe(404);
    for (const body of [{ kind: 'fixed' }, { kind: 'fixed', amount: '500' }, { kind: 'percent', percent: [50] }, { kind: { kind: 'full' } }, []]) {
      expect((await call(app.booking.url, 'PUT', '/api/deposit-policies/facial', body, asAdmin)).status).toBe(400);
    }
    for (const body of [{ holdMinutes: 0 }, { noShowRule: 5 }, { noShowDeposit: 10 }, {}, { holdMinutes: { $gt: 1 } }]) {
      expect((await call(app.booking.url, 'PUT', '/api/deposit-settings/clinic', body, asAdmin)).status).toBe(400);
    }
    expect((await call(app.booking.url, 'GET', '/api/deposit-settings/lounge', undefined, asAdmin)).status).toBe(400);
    const settings = await call(app.booking.url, 'GET', '/api/deposit-settings/clinic', undefined, asAdmin);
    expect(settings.body).toEqual({ offeringType: 'clinic', holdMinutes: 15, noShowRule: 0, noShowDeposit: 50_000 });
    const policies = await call<{ itemId: string; policy: unknown }[]>(app.booking.url, 'GET', '/api/deposit-policies', undefined, asAdmin);
    expect(policies.body.find((p) => p.itemId === 'consult')?.policy).toEqual({ kind: 'none' });
    expect(policies.body.find((p) => p.itemId === 'facial')?.policy).toEqual({ kind: 'percent', percent: 20 });
  });

  it('a fixed amount applies to the next booking; the hold setting to its expiry', async () => {
    expect((await app.setPolicy('consult', { kind: 'fixed', amount: 25_000 })).status).toBe(200);
    expect((await app.setDepositSettings({ holdMinutes: 30 })).status).toBe(200);
    const made = await book({ preferredDate: monday(8), preferredTime: '09:00', treatments: ['consult'] });
    expect(made.payment).toEqual({
      state: 'awaiting',
      amount: 25_000,
      purpose: 'deposit',
      holdExpiresAt: new Date(TEST_NOW.getTime() + 30 * 60_000).toISOString(),
      paymentId: null,
    });
    expect((await app.setPolicy('consult', { kind: 'none' })).status).toBe(200);
    expect((await app.setDepositSettings({ holdMinutes: 15 })).status).toBe(200);
  });
});
