import type { Appointment, AppointmentReport, CalendarFeed, SlotsResponse } from '@bb/contracts';
import { adminToken, readCalendar, silentLogger, waitFor } from '@bb/service-kit/testing';
import { keepPaidPlaces } from '../src/store/ledger-pending';
import { ScheduleCopy } from '../src/store/schedule-copy';
import { asAdmin, call, monday, TEST_NOW } from './support/booking';
import { settle } from './support/event-apps';
import { FACIAL_PRICE, PAYMENT_FACTS, startDepositApp } from './support/deposits';

/** A transfer receipt as payments announces it. */
const RECEIPT = { ...PAYMENT_FACTS, referenceNumber: '1234 567 890', kind: 'gcash' } as const;

// A booking whose treatment asks for a deposit: held while the visitor pays, confirmed (and only
// then announced as created) once payments says it was paid, whatever order and how often that
// is heard; and what becomes of it when the payment comes late.

const app = startDepositApp('deposit_booking');
const { book, pay, said, stored, until, heldBy, later, publish } = app;
const HOLD_MINUTES = 15;
const holdEnd = new Date(TEST_NOW.getTime() + HOLD_MINUTES * 60_000).toISOString();

const slotAt = async (date: string, time: string) =>
  (await call<SlotsResponse>(app.booking.url, 'GET', `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=facial`)).body.slots.find(
    (s) => s.time === time,
  );

beforeAll(async () => {
  expect((await app.setPolicy('facial', { kind: 'percent', percent: 20 })).status).toBe(200);
});

describe('booking a treatment that asks for a deposit', () => {
  it('answers what the pay page needs, holds the slot, and announces the deposit, not the booking', async () => {
    const made = await book({ preferredDate: monday(1), preferredTime: '09:00', email: 'mia@example.com', firstName: 'Mia', lastName: 'Cruz' });
    expect(made.payment).toEqual({ state: 'awaiting', amount: FACIAL_PRICE / 5, purpose: 'deposit', holdExpiresAt: holdEnd, paymentId: null });
    expect(made.manageToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await heldBy(made.id)).toEqual({ states: ['p'], blocks: ['2030-01-14T09:00', '2030-01-14T09:30'], agree: true });
    expect(await slotAt(monday(1), '09:00')).toMatchObject({ available: false, reason: 'full' });
    expect((await app.tryBook({ preferredDate: monday(1), preferredTime: '09:00' })).status).toBe(409);

    await until(made.id, 'its outbox published', (doc) => doc.outbox.length === 0);
    await settle();
    expect(said(made.id, 'booking.deposit.requested').map((e) => e.data)).toEqual([
      {
        appointmentId: made.id,
        offeringType: 'clinic',
        amount: 70_000,
        currency: 'PHP',
        purpose: 'deposit',
        customerName: 'Mia Cruz',
        customerEmail: 'mia@example.com',
        customerPhone: made.contact,
        description: `Hydra Facial on ${monday(1)} at 09:00`,
        startTime: '2030-01-14T01:00:00.000Z',
        holdExpiresAt: holdEnd,
      },
    ]);
    expect(said(made.id, 'booking.appointment.created')).toEqual([]);
  });

  it('frees the slot by itself once the hold has passed, and reads as expired (a read writes nothing)', async () => {
    const made = await book({ preferredDate: monday(1), preferredTime: '11:00' });
    later(HOLD_MINUTES);
    expect(await slotAt(monday(1), '11:00')).toEqual({ time: '11:00', available: true });
    const listed = (await call<Appointment[]>(app.booking.url, 'GET', '/api/appointments', undefined, asAdmin)).body.find((a) => a.id === made.id);
    expect(listed?.payment?.state).toBe('expired');
    expect((await stored(made.id))?.payment?.state).toBe('awaiting');
    // Another visitor takes the time: the lapsed hold is cleared by their claim.
    const other = await book({ preferredDate: monday(1), preferredTime: '11:00', treatments: ['consult'] });
    expect(other.payment).toBeNull();
    expect((await heldBy(made.id)).states).toEqual([]);
  });

  it('is confirmed once paid: places kept, created published once, however often the payment is heard', async () => {
    const made = await book({ preferredDate: monday(2), preferredTime: '09:00' });
    const paymentId = await pay(made.id);
    await pay(made.id, paymentId);
    const confirmed = await until(made.id, 'paid', (doc) => doc.payment?.state === 'paid' && doc.outbox.length === 0);
    expect(confirmed.payment?.paymentId).toBe(paymentId);
    await settle();
    const created = said(made.id, 'booking.appointment.created');
    expect(created).toHaveLength(1);
    expect(created[0].data).toMatchObject({ appointmentId: made.id, revision: 1, status: 'pending', preferredDate: monday(2) });
    expect(await heldBy(made.id)).toEqual({ states: ['k'], blocks: ['2030-01-21T09:00', '2030-01-21T09:30'], agree: true });
    // Long after the hold, the places are still its own.
    later(24 * 60);
    expect(await slotAt(monday(2), '09:00')).toMatchObject({ available: false });
    const listed = (await call<Appointment[]>(app.booking.url, 'GET', '/api/appointments?payment=paid', undefined, asAdmin)).body;
    expect(listed.map((a) => a.id)).toContain(made.id);
  });

  it('is confirmed once when a process stopped between keeping the places and storing the payment', async () => {
    const made = await book({ preferredDate: monday(2), preferredTime: '15:00' });
    const appointment = await stored(made.id);
    // What a process that stopped half-way leaves: the places kept, the appointment still awaiting.
    const schedule = new ScheduleCopy(app.booking.models, silentLogger());
    expect(await keepPaidPlaces({ models: app.booking.models, schedule }, appointment!, TEST_NOW)).toBe('kept');
    expect((await heldBy(made.id)).states).toEqual(['k']);
    expect((await stored(made.id))?.payment?.state).toBe('awaiting');
    // The payment is heard again (it was never acknowledged): the places are found kept, the rest is done once.
    await pay(made.id, 'pay_again');
    await pay(made.id, 'pay_again');
    await until(made.id, 'paid', (doc) => doc.payment?.state === 'paid' && doc.outbox.length === 0);
    await settle();
    expect(said(made.id, 'booking.appointment.created')).toHaveLength(1);
    expect(await heldBy(made.id)).toEqual({ states: ['k'], blocks: ['2030-01-21T15:00', '2030-01-21T15:30'], agree: true });
  });

  it('paid after its hold passed, with the time still free: confirmed (its entry still there, or claimed again)', async () => {
    const lapsed = await book({ preferredDate: monday(2), preferredTime: '11:00' });
    later(HOLD_MINUTES + 5);
    await pay(lapsed.id);
    await until(lapsed.id, 'paid', (doc) => doc.payment?.state === 'paid');
    expect((await heldBy(lapsed.id)).states).toEqual(['k']);

    // Its entry cleared by a visitor's hold that was then let go: the payment claims the places again.
    app.setClock(null);
    const cleared = await book({ preferredDate: monday(2), preferredTime: '13:00' });
    later(HOLD_MINUTES + 5);
    const hold = await call<{ holdId: string }>(app.booking.url, 'POST', '/api/slot-holds', {
      offeringType: 'clinic',
      preferredDate: monday(2),
      preferredTime: '13:00',
      treatments: ['facial'],
    });
    expect(hold.status).toBe(201);
    expect((await heldBy(cleared.id)).states).toEqual([]);
    expect((await call(app.booking.url, 'DELETE', `/api/slot-holds/${hold.body.holdId}`)).status).toBeLessThan(300);
    await pay(cleared.id);
    await until(cleared.id, 'paid', (doc) => doc.payment?.state === 'paid' && doc.status === 'pending');
    expect(await heldBy(cleared.id)).toEqual({ states: ['k'], blocks: ['2030-01-21T13:00', '2030-01-21T13:30'], agree: true });
    await until(cleared.id, 'created out', (doc) => doc.outbox.length === 0);
    await settle();
    expect(said(cleared.id, 'booking.appointment.created')).toHaveLength(1);
  });

  it('paid after its hold passed, with the time taken meanwhile: cancelled, and the deposit released to be refunded', async () => {
    const late = await book({ preferredDate: monday(3), preferredTime: '09:00' });
    later(HOLD_MINUTES + 1);
    const taker = await book({ preferredDate: monday(3), preferredTime: '09:00', treatments: ['consult'] });
    await pay(late.id);
    const lost = await until(late.id, 'cancelled', (doc) => doc.status === 'cancelled' && doc.outbox.length === 0);
    expect(lost.payment?.state).toBe('paid');
    expect(lost.blocks).toEqual([]);
    await settle();
    expect(said(late.id, 'booking.deposit.released').map((e) => e.data)).toEqual([{ appointmentId: late.id, refund: 'full', reason: 'slot-lost' }]);
    expect(said(late.id, 'booking.appointment.created')).toEqual([]);
    expect(said(late.id, 'booking.appointment.cancelled')).toEqual([]);
    expect((await heldBy(taker.id)).states).toEqual(['k']);
    expect(await heldBy(late.id)).toEqual({ states: [], blocks: [], agree: true });
  });

  it('holds the places longer while a transfer receipt is reviewed, never shorter', async () => {
    const made = await book({ preferredDate: monday(3), preferredTime: '13:00' });
    const reviewUntil = new Date(TEST_NOW.getTime() + 120 * 60_000).toISOString();
    await publish('payments.receipt.submitted', { ...RECEIPT, paymentId: 'pay_r', appointmentId: made.id, holdExpiresAt: reviewUntil });
    await until(made.id, 'extended', (doc) => doc.payment?.holdExpiresAt.toISOString() === reviewUntil && doc.outbox.length === 0);
    await publish('payments.receipt.submitted', { ...RECEIPT, paymentId: 'pay_r', appointmentId: made.id, holdExpiresAt: holdEnd });
    await settle();
    expect((await stored(made.id))?.payment?.holdExpiresAt.toISOString()).toBe(reviewUntil);
    expect(said(made.id, 'booking.deposit.hold-extended').map((e) => e.data)).toEqual([{ appointmentId: made.id, holdExpiresAt: reviewUntil }]);
    later(HOLD_MINUTES + 30);
    expect(await slotAt(monday(3), '13:00')).toMatchObject({ available: false });
    expect((await app.tryBook({ preferredDate: monday(3), preferredTime: '13:00', treatments: ['consult'] })).status).toBe(409);
    later(121);
    expect(await slotAt(monday(3), '13:00')).toEqual({ time: '13:00', available: true });
  });

  it('does not bring back a hold that has passed for a receipt', async () => {
    const made = await book({ preferredDate: monday(4), preferredTime: '09:00' });
    later(HOLD_MINUTES + 1);
    await publish('payments.receipt.submitted', {
      ...RECEIPT,
      paymentId: 'pay_s',
      appointmentId: made.id,
      holdExpiresAt: new Date(TEST_NOW.getTime() + 200 * 60_000).toISOString(),
    });
    await settle();
    expect((await stored(made.id))?.payment?.holdExpiresAt.toISOString()).toBe(holdEnd);
    expect(await slotAt(monday(4), '09:00')).toEqual({ time: '09:00', available: true });
  });

  it('records a payment that lapsed (its places back at once) and a refund', async () => {
    const lapsed = await book({ preferredDate: monday(4), preferredTime: '11:00' });
    await publish('payments.payment.expired', { ...PAYMENT_FACTS, paymentId: 'pay_x', appointmentId: lapsed.id, reason: 'hold-expired' });
    await until(lapsed.id, 'expired', (doc) => doc.payment?.state === 'expired');
    // Two writes, in this order: the appointment reads expired, then its places go back.
    await waitFor('its places back', async () => (await heldBy(lapsed.id)).states.length === 0);
    expect(await slotAt(monday(4), '11:00')).toEqual({ time: '11:00', available: true });

    const paid = await book({ preferredDate: monday(4), preferredTime: '13:00' });
    await pay(paid.id, 'pay_y');
    await until(paid.id, 'paid', (doc) => doc.payment?.state === 'paid');
    await publish('payments.payment.refunded', {
      ...PAYMENT_FACTS,
      paymentId: 'pay_y',
      appointmentId: paid.id,
      amount: 70_000,
      currency: 'PHP',
      method: 'paymongo',
      reason: 'by-staff',
      by: 'owner',
      refundedAt: TEST_NOW.toISOString(),
    });
    const refunded = await until(paid.id, 'refunded', (doc) => doc.payment?.state === 'refunded');
    // Refunded by staff without a cancel: the appointment stands.
    expect(refunded.status).toBe('pending');
    expect((await heldBy(paid.id)).states).toEqual(['k']);
  });

  it('ignores payments for appointments booking does not have, or booked without a deposit', async () => {
    const free = await book({ preferredDate: monday(5), preferredTime: '09:00', treatments: ['consult'] });
    expect(free.payment).toBeNull();
    await pay(free.id);
    await pay('000000000000000000000000');
    await pay('not-an-id');
    await settle();
    expect((await stored(free.id))?.payment).toBeUndefined();
    expect(await app.booking.bus.queueDepth('booking.payment-paid')).toBe(0);
  });

  it('asks no deposit of a booking staff make for a caller', async () => {
    const receptionist = { authorization: `Bearer ${adminToken({ role: 'receptionist' })}` };
    const made = await book({ preferredDate: monday(5), preferredTime: '11:00' }, receptionist);
    expect(made.payment).toBeNull();
    expect((await heldBy(made.id)).states).toEqual(['k']);
    await until(made.id, 'published', (doc) => doc.outbox.length === 0);
    await settle();
    expect(said(made.id, 'booking.appointment.created')).toHaveLength(1);
  });

  it('lists appointments by the state of their deposit', async () => {
    const awaiting = await book({ preferredDate: monday(6), preferredTime: '09:00' });
    const list = async (payment: string) =>
      (await call<Appointment[]>(app.booking.url, 'GET', `/api/appointments?payment=${payment}`, undefined, asAdmin)).body.map((a) => a.id);
    expect(await list('awaiting')).toContain(awaiting.id);
    expect(await list('none')).not.toContain(awaiting.id);
    later(HOLD_MINUTES);
    expect(await list('awaiting')).not.toContain(awaiting.id);
    expect(await list('expired')).toContain(awaiting.id);
    const bad = await call(app.booking.url, 'GET', '/api/appointments?payment=lost', undefined, asAdmin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/payment must be none or one of/);
  });

  it('leaves a booking never confirmed out of the calendar feed and reports, and out of the per-contact cap once it lapsed', async () => {
    expect((await call(app.booking.url, 'PUT', '/api/settings/clinic', { maxUpcomingPerContact: 1 }, asAdmin)).status).toBe(200);
    const xena = { email: 'xena@example.com', contact: '0917 777 0001' };
    const waiting = await book({ ...xena, preferredDate: monday(8), preferredTime: '09:00' });
    const confirmed = await book({ email: 'yna@example.com', contact: '0917 777 0002', preferredDate: monday(8), preferredTime: '11:00' });
    await pay(confirmed.id);
    await until(confirmed.id, 'paid', (doc) => doc.payment?.state === 'paid');

    const { path } = (await call<CalendarFeed>(app.booking.url, 'GET', '/api/calendar-feeds/clinic', undefined, asAdmin)).body;
    const feed = readCalendar(await (await fetch(`${app.booking.url}${path}`)).text());
    const uids = feed.events.map((e) => e.uid).join(' ');
    expect(uids).toContain(confirmed.id);
    expect(uids).not.toContain(waiting.id);
    const report = await call<AppointmentReport>(app.booking.url, 'GET', `/api/reports/appointments?from=${monday(8)}&to=${monday(8)}`, undefined, asAdmin);
    expect(report.body.total).toBe(1);

    // While its hold stands it counts for the cap; once lapsed unpaid it holds nothing.
    const again = { ...xena, preferredDate: monday(8), preferredTime: '13:00', treatments: ['consult'] };
    expect((await app.tryBook(again)).status).toBe(400);
    later(HOLD_MINUTES);
    expect((await app.tryBook(again)).status).toBe(201);
    expect((await call(app.booking.url, 'PUT', '/api/settings/clinic', { maxUpcomingPerContact: 0 }, asAdmin)).status).toBe(200);
  });
});
