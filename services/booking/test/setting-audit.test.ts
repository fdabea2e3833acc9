import type { Room } from '@bb/contracts';
import { adminToken, listenOn, waitFor, type Listener } from '@bb/service-kit/testing';
import { applyStaffChange } from '../src/events/practitioners';
import { addBookable, bookingRequest, call, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// Every schedule and resource write of staff is one audit entry: who, from where, what.

let booking: BookingUnderTest;
let clock: Date | null = null;
let audit: Listener<'audit.recorded'>;
const manager = { authorization: `Bearer ${adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' })}`, 'x-client-address': '203.0.113.9' };
const who = { actor: { id: 'u-mia', username: 'mia', role: 'manager' }, address: '203.0.113.9', at: expect.any(String) };

beforeAll(async () => {
  booking = await startBooking('setting_audit', { now: () => clock ?? TEST_NOW });
  audit = await listenOn(booking.exchange, ['audit.recorded'], 'auth');
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 60 });
  await applyStaffChange(booking.models.Practitioner, { id: 'ana', name: 'Ana', imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
});
afterAll(async () => {
  await audit.close();
  await booking.close();
});

/** Makes the change and answers the one audit entry it caused (and that it caused only one). */
async function auditedBy(change: () => Promise<{ status: number }>) {
  const before = audit.received.length;
  expect((await change()).status).toBeLessThan(300);
  await waitFor('the audit entry', () => audit.received.length > before);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(audit.received.length).toBe(before + 1);
  const [entry] = audit.received.slice(before);
  expect(entry.source).toBe('booking');
  return entry.data;
}

describe('the audit entries of schedule and resource writes', () => {
  it('office hours: the days that changed, before and after', async () => {
    const data = await auditedBy(() =>
      call(
        booking.url,
        'POST',
        '/api/office-hours/bulk',
        { offeringType: 'studio', hours: [{ dayOfWeek: 6, startTime: '10:00', endTime: '12:00', isActive: true }] },
        manager,
      ),
    );
    expect(data).toEqual({ action: 'setting-changed', subject: 'office hours studio', before: 'Saturday closed', after: 'Saturday 10:00–12:00', ...who });
  });

  it('date overrides: one, several at once, and a removal, never the note', async () => {
    expect(
      await auditedBy(() =>
        call(
          booking.url,
          'PUT',
          '/api/date-overrides/clinic/2030-02-14',
          { closed: false, startTime: '10:00', endTime: '15:00', note: 'Ana’s birthday' },
          manager,
        ),
      ),
    ).toEqual({ action: 'setting-changed', subject: 'date override clinic 2030-02-14', after: '10:00–15:00', ...who });
    const bulk = { overrides: ['2030-03-01', '2030-02-28'].map((date) => ({ date, closed: true, note: 'x' })) };
    expect(await auditedBy(() => call(booking.url, 'POST', '/api/date-overrides/clinic/bulk', bulk, manager))).toEqual({
      action: 'setting-changed',
      subject: 'date overrides clinic, 2 dates (2030-02-28 to 2030-03-01)',
      after: 'closed',
      ...who,
    });
    expect(await auditedBy(() => call(booking.url, 'DELETE', '/api/date-overrides/clinic/2030-02-14', undefined, manager))).toEqual({
      action: 'setting-changed',
      subject: 'date override clinic 2030-02-14',
      after: 'removed',
      ...who,
    });
    expect(JSON.stringify(audit.received)).not.toContain('birthday');
  });

  it('rooms, requirements and practitioners', async () => {
    let room: Room | undefined;
    expect(
      await auditedBy(async () => {
        const res = await call<Room>(booking.url, 'POST', '/api/rooms', { offeringType: 'clinic', name: 'Laser', kind: 'equipment', count: 1 }, manager);
        room = res.body;
        return res;
      }),
    ).toEqual({ action: 'setting-changed', subject: 'room Laser (clinic)', after: 'created, count 1', ...who });
    expect(await auditedBy(() => call(booking.url, 'PUT', `/api/rooms/${room!.id}`, { count: 2 }, manager))).toEqual({
      action: 'setting-changed',
      subject: 'room Laser (clinic)',
      after: 'changed count',
      ...who,
    });
    expect(await auditedBy(() => call(booking.url, 'PUT', '/api/requirements/peel', { practitioner: true, rooms: [] }, manager))).toEqual({
      action: 'setting-changed',
      subject: 'requirement peel',
      after: 'changed practitioner, rooms',
      ...who,
    });
    expect(await auditedBy(() => call(booking.url, 'PUT', '/api/practitioners/ana', { bookable: true }, manager))).toEqual({
      action: 'setting-changed',
      subject: 'practitioner ana',
      after: 'changed bookable',
      ...who,
    });
    expect(await auditedBy(() => call(booking.url, 'DELETE', `/api/rooms/${room!.id}`, undefined, manager))).toEqual({
      action: 'setting-changed',
      subject: 'room Laser (clinic)',
      after: 'removed',
      ...who,
    });
  });

  it('deposit policies and settings: the policy or the values before and after', async () => {
    await addBookable(booking.models, { id: 'glow', name: 'Glow Peel', defaultDuration: 30, priceCentavos: 150_000 });
    expect(await auditedBy(() => call(booking.url, 'PUT', '/api/deposit-policies/glow', { kind: 'percent', percent: 30 }, manager))).toEqual({
      action: 'setting-changed',
      subject: 'deposit Glow Peel',
      before: 'policy none',
      after: 'policy percent 30',
      ...who,
    });
    expect(await auditedBy(() => call(booking.url, 'PUT', '/api/deposit-settings/clinic', { holdMinutes: 20, noShowRule: 1 }, manager))).toEqual({
      action: 'setting-changed',
      subject: 'deposit settings clinic',
      before: 'holdMinutes 15, noShowRule 0',
      after: 'holdMinutes 20, noShowRule 1',
      ...who,
    });
  });

  it('attendance: what it was and what it is now, naming the appointment by id and time only', async () => {
    await addBookable(booking.models, { id: 'tint', name: 'Brow Tint', defaultDuration: 30 });
    const made = await call<{ id: string }>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: '2030-01-07', treatments: ['tint'] }));
    expect(made.status).toBe(201);
    clock = new Date('2030-01-07T09:30:00+08:00');
    expect(await auditedBy(() => call(booking.url, 'PUT', `/api/appointments/${made.body.id}/attendance`, { attendance: 'no_show' }, manager))).toEqual({
      action: 'attendance-set',
      subject: `appointment ${made.body.id} (2030-01-07 09:00)`,
      before: 'not said',
      after: 'no_show',
      ...who,
    });
    clock = null;
  });

  it('records nothing for a write refused', async () => {
    const before = audit.received.length;
    expect((await call(booking.url, 'PUT', '/api/rooms/nothing-here', { count: 2 }, manager)).status).toBe(404);
    expect((await call(booking.url, 'DELETE', '/api/date-overrides/clinic/2030-05-05', undefined, manager)).status).toBe(404);
    expect((await call(booking.url, 'POST', '/api/office-hours/bulk', { offeringType: 'clinic', hours: [] }, manager)).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(audit.received.length).toBe(before);
    expect(await booking.models.AuditNote.countDocuments()).toBe(0);
  });
});
