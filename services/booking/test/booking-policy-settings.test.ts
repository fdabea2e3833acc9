import { DEFAULT_BOOKING_POLICY, POLICY_MESSAGES, type Settings } from '@bb/contracts';
import { manilaInstant } from '@bb/service-kit';
import { adminToken, listenOn, waitFor } from '@bb/service-kit/testing';
import { asAdmin, call, ledgerHolders } from './support/booking';
import { AFTER_LAST_DAY, startPolicyApp, TODAY } from './support/policy-app';

const app = startPolicyApp('policy-settings');
const { setClock, book, studio, settle, slotAt, patch, reschedule } = app;

describe('buffer after each appointment', () => {
  const date = '2030-01-21';
  beforeAll(() => settle('clinic', { bufferMinutes: 30 }));
  afterAll(() => settle('clinic', { bufferMinutes: 0 }));

  it('never lets two appointments touch at capacity 1, after or before, and keeps the real end', async () => {
    const middle = await book({ preferredDate: date, preferredTime: '11:00' });
    expect(middle.status).toBe(201);
    expect(middle.body.endTime).toBe(manilaInstant(date, 12 * 60).toISOString());
    expect((await ledgerHolders(app.booking.models)).held.get(`a${middle.body.id}`)?.length).toBe(3);
    // After: 12:00 starts inside its buffer; 12:30 is the first.
    expect(await slotAt(date, '12:00')).toEqual({ time: '12:00', available: false, full: true, reason: 'full' });
    expect((await book({ preferredDate: date, preferredTime: '12:00' })).status).toBe(409);
    expect((await book({ preferredDate: date, preferredTime: '12:30' })).status).toBe(201);
    // Before: 10:00–11:00 would end with its own buffer inside 11:00; 09:30–10:30 plus 30 minutes ends at 11:00.
    expect((await book({ preferredDate: date, preferredTime: '10:00' })).status).toBe(409);
    expect((await book({ preferredDate: date, preferredTime: '09:30' })).status).toBe(201);
  });

  it('is claimed by a move through the manage link and by staff re-opening, and not by notice or horizon for staff', async () => {
    const made = await book({ preferredDate: '2030-01-22', preferredTime: '09:00' });
    expect((await reschedule(made.body.manageToken as string, '2030-01-22', '14:00')).status).toBe(200);
    expect((await ledgerHolders(app.booking.models)).held.get(`a${made.body.id}`)?.length ?? 0).toBe(3);
    expect((await book({ preferredDate: '2030-01-22', preferredTime: '15:00' })).status).toBe(409);
    expect((await patch(made.body.id, { status: 'cancelled' })).status).toBe(200);
    expect((await ledgerHolders(app.booking.models)).held.get(`a${made.body.id}`)?.length ?? 0).toBe(0);
    // Staff re-open it when its time is inside the notice: staff decide, the buffer is still capacity.
    setClock(manilaInstant('2030-01-22', 13 * 60));
    expect((await patch(made.body.id, { status: 'pending' })).status).toBe(200);
    expect((await ledgerHolders(app.booking.models)).held.get(`a${made.body.id}`)?.length ?? 0).toBe(3);
  });
});

describe('a move through the manage link', () => {
  it('obeys the notice and the horizon, but not the cap', async () => {
    await settle('studio', { maxUpcomingPerContact: 1 });
    try {
      const made = await studio({ preferredDate: '2030-01-29', preferredTime: '10:00', email: 'mover@example.com', contact: '0918 123 0000' });
      const token = made.body.manageToken as string;
      const soon = await reschedule(token, TODAY, '10:30');
      expect([soon.status, soon.body.message]).toEqual([400, POLICY_MESSAGES.notice(120)]);
      const far = await reschedule(token, AFTER_LAST_DAY, '10:00');
      expect([far.status, far.body.message]).toEqual([400, POLICY_MESSAGES.horizon(90)]);
      expect((await reschedule(token, '2030-01-30', '10:00')).status).toBe(200);
    } finally {
      await settle('studio', { maxUpcomingPerContact: DEFAULT_BOOKING_POLICY.maxUpcomingPerContact });
    }
  });
});

describe('policy settings', () => {
  it('save any of the fields, keep the others, and answer all of them', async () => {
    const res = await settle('studio', { minimumNoticeMinutes: 0, horizonDays: 30, bufferMinutes: 60, maxUpcomingPerContact: 3 });
    expect(res.body).toMatchObject({ offeringType: 'studio', minimumNoticeMinutes: 0, horizonDays: 30, bufferMinutes: 60, maxUpcomingPerContact: 3 });
    expect((await settle('studio', { horizonDays: 45 })).body).toMatchObject({
      minimumNoticeMinutes: 0,
      horizonDays: 45,
      bufferMinutes: 60,
      maxUpcomingPerContact: 3,
    });
    expect((await call<Settings>(app.booking.url, 'GET', '/api/settings/studio', undefined, asAdmin)).body).toMatchObject({
      horizonDays: 45,
      bufferMinutes: 60,
    });
    await settle('studio', { ...DEFAULT_BOOKING_POLICY });
  });

  it('records each save in the audit trail: who, from where, and what changed, before and after', async () => {
    await settle('studio', { horizonDays: 30, bufferMinutes: 0 });
    const audit = await listenOn(app.booking.exchange, ['audit.recorded'], 'auth');
    const manager = adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' });
    const res = await call(
      app.booking.url,
      'PUT',
      '/api/settings/studio',
      { horizonDays: 45, bufferMinutes: 0 },
      { authorization: `Bearer ${manager}`, 'x-client-address': '203.0.113.9' },
    );
    expect(res.status).toBe(200);
    await waitFor('the audit entry', () => audit.received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(audit.received).toHaveLength(1);
    expect(audit.received[0].source).toBe('booking');
    expect(audit.received[0].data).toEqual({
      action: 'setting-changed',
      actor: { id: 'u-mia', username: 'mia', role: 'manager' },
      subject: 'settings studio',
      before: 'horizonDays 30',
      after: 'horizonDays 45',
      address: '203.0.113.9',
      at: expect.any(String),
    });
    await audit.close();
    await settle('studio', { ...DEFAULT_BOOKING_POLICY });
  });

  it('start from the defaults when first saved', async () => {
    await app.booking.models.Settings.deleteOne({ _id: 'studio' });
    const res = await settle('studio', { bufferMinutes: 30 });
    expect(res.body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 1,
      changeCutoffHours: 24,
      maxReschedulesPerBooking: 3,
      ...DEFAULT_BOOKING_POLICY,
      bufferMinutes: 30,
    });
    expect(
      await app.booking.models.Settings.findById('studio', { outbox: 0, outboxPending: 0, outboxLockedUntil: 0, outboxAttempts: 0, deletedAt: 0 }).lean(),
    ).toEqual({
      _id: 'studio',
      maxSessionsPerSlot: 1,
      changeCutoffHours: 24,
      maxReschedulesPerBooking: 3,
      ...DEFAULT_BOOKING_POLICY,
      bufferMinutes: 30,
    });
    // No cap unless staff set one: the specification has none.
    expect(DEFAULT_BOOKING_POLICY.maxUpcomingPerContact).toBe(0);
    await settle('studio', { bufferMinutes: 0 });
  });

  it('refuse values out of range with 400 naming the field, and change nothing', async () => {
    const before = (await call<Settings>(app.booking.url, 'GET', '/api/settings/clinic', undefined, asAdmin)).body;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ minimumNoticeMinutes: -1 }, /minimumNoticeMinutes/],
      [{ minimumNoticeMinutes: 10081 }, /minimumNoticeMinutes/],
      [{ minimumNoticeMinutes: 1.5 }, /minimumNoticeMinutes/],
      [{ horizonDays: 0 }, /horizonDays/],
      [{ horizonDays: '90' }, /horizonDays/],
      [{ bufferMinutes: 15 }, /bufferMinutes must be 0, 30 or 60/],
      [{ maxUpcomingPerContact: -1 }, /maxUpcomingPerContact/],
      [{ maxUpcomingPerContact: 101 }, /maxUpcomingPerContact/],
      [{ maxUpcomingPerContact: 2, bufferMinutes: 45 }, /bufferMinutes/],
      [{ maxReschedulesPerBooking: -1 }, /maxReschedulesPerBooking/],
      [{ maxReschedulesPerBooking: 21 }, /maxReschedulesPerBooking/],
      [{ maxReschedulesPerBooking: 1.5 }, /maxReschedulesPerBooking/],
    ];
    for (const [body, message] of cases) {
      const res = await settle('clinic', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await call<Settings>(app.booking.url, 'GET', '/api/settings/clinic', undefined, asAdmin)).body).toEqual(before);
  });
});
