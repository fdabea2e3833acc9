import {
  DEFAULT_BOOKING_POLICY,
  DEFAULT_MAX_RESCHEDULES,
  type Appointment,
  type AppointmentReport,
  type OfficeHours,
  type Settings,
  type SlotsRangeResponse,
  type SlotsResponse,
} from '@bb/contracts';
import { addBookable, asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

let booking: BookingUnderTest;
let clock: Date | null = null;

beforeAll(async () => {
  booking = await startBooking('schedule', { now: () => clock ?? TEST_NOW });
  await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
  await addBookable(booking.models, { id: 'consult', name: 'Consultation', defaultDuration: null });
  await addBookable(booking.models, { id: 'portrait', kind: 'package', name: 'Portrait Session', defaultDuration: 120, offeringType: 'studio' });
});
afterEach(() => {
  clock = null;
});
afterAll(() => booking.close());

const slots = (query: string) => call<SlotsResponse>(booking.url, 'GET', `/api/available-slots?${query}`);
const times = (res: { body: SlotsResponse }) => res.body.slots.map((s) => s.time);
const free = (res: { body: SlotsResponse }) => res.body.slots.filter((s) => s.available).map((s) => s.time);
const book = (over: Record<string, unknown>) => call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
const saveHours = (body: unknown, headers: Record<string, string> = asAdmin) =>
  call<OfficeHours[]>(booking.url, 'POST', '/api/office-hours/bulk', body, headers);

describe('office hours', () => {
  it('are 09:00–17:00 Monday to Friday and closed at weekends until staff change them', async () => {
    const res = await call<OfficeHours[]>(booking.url, 'GET', '/api/office-hours/studio');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body[0]).toEqual({ offeringType: 'studio', dayOfWeek: 0, startTime: '09:00', endTime: '17:00', isActive: false });
    expect(res.body.filter((d) => d.isActive).map((d) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
  });

  it('are saved in bulk by staff, HH:mm:ss read as HH:mm, and shape the slots', async () => {
    const res = await saveHours({
      offeringType: 'studio',
      hours: [
        { dayOfWeek: 6, startTime: '10:00:00', endTime: '12:00:00', isActive: true, offeringType: 'studio' },
        { dayOfWeek: 1, startTime: '', endTime: '', isActive: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body[6]).toEqual({ offeringType: 'studio', dayOfWeek: 6, startTime: '10:00', endTime: '12:00', isActive: true });
    expect(res.body[1]).toEqual({ offeringType: 'studio', dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isActive: false });
    const saturday = await slots('offeringType=studio&date=2030-01-12');
    expect(times(saturday)).toEqual(['10:00', '10:30', '11:00']);
    const monday = await slots('offeringType=studio&date=2030-01-07');
    expect(monday.body.message).toContain('closed');
    // The other side keeps its own hours.
    expect((await slots('offeringType=clinic&date=2030-01-12')).body.message).toContain('closed');
  });

  it('refuse an end before the start with 400, and a visitor with 401', async () => {
    const bad = await saveHours({ offeringType: 'clinic', hours: [{ dayOfWeek: 2, startTime: '17:00', endTime: '09:00', isActive: true }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('endTime must be after startTime');
    expect((await saveHours({ offeringType: 'clinic', hours: [{ dayOfWeek: 2, startTime: '09:00', endTime: '10:00', isActive: true }] }, {})).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/office-hours/both')).status).toBe(400);
  });
});

describe('settings', () => {
  it('start at one session per slot and take a whole number of at least 1', async () => {
    expect((await call(booking.url, 'GET', '/api/settings/clinic')).status).toBe(401);
    expect((await call<Settings>(booking.url, 'GET', '/api/settings/studio', undefined, asAdmin)).body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 1,
      changeCutoffHours: 24,
      maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
      ...DEFAULT_BOOKING_POLICY,
    });
    for (const maxSessionsPerSlot of [0, 1.5, '2', null]) {
      const res = await call(booking.url, 'PUT', '/api/settings/studio', { maxSessionsPerSlot }, asAdmin);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/maxSessionsPerSlot/);
    }
    expect((await call<Settings>(booking.url, 'PUT', '/api/settings/studio', { maxSessionsPerSlot: 3 }, asAdmin)).body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 3,
      changeCutoffHours: 24,
      maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
      ...DEFAULT_BOOKING_POLICY,
    });
    expect((await call<Settings>(booking.url, 'GET', '/api/settings/studio', undefined, asAdmin)).body.maxSessionsPerSlot).toBe(3);
    expect((await call<Settings>(booking.url, 'GET', '/api/settings/clinic', undefined, asAdmin)).body.maxSessionsPerSlot).toBe(1);
  });

  it('keep a change cut-off of 24 hours until staff set 0 to 720, each field saved alone or both together', async () => {
    const put = (body: unknown) => call<Settings>(booking.url, 'PUT', '/api/settings/studio', body, asAdmin);
    expect((await put({ changeCutoffHours: 0 })).body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 3,
      changeCutoffHours: 0,
      maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
      ...DEFAULT_BOOKING_POLICY,
    });
    expect((await put({ maxSessionsPerSlot: 2 })).body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 2,
      changeCutoffHours: 0,
      maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
      ...DEFAULT_BOOKING_POLICY,
    });
    expect((await put({ maxSessionsPerSlot: 3, changeCutoffHours: 48 })).body).toEqual({
      offeringType: 'studio',
      maxSessionsPerSlot: 3,
      changeCutoffHours: 48,
      maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
      ...DEFAULT_BOOKING_POLICY,
    });
    expect((await call<Settings>(booking.url, 'GET', '/api/settings/studio', undefined, asAdmin)).body.changeCutoffHours).toBe(48);
    for (const changeCutoffHours of [-1, 721, 1.5, '24']) {
      const res = await put({ changeCutoffHours });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/changeCutoffHours/);
    }
    expect((await put({})).status).toBe(400);
  });

  it('save the cut-off of an offering never saved before with one session per slot', async () => {
    await booking.models.Settings.deleteOne({ _id: 'clinic' });
    try {
      expect((await call<Settings>(booking.url, 'PUT', '/api/settings/clinic', { changeCutoffHours: 12 }, asAdmin)).body).toEqual({
        offeringType: 'clinic',
        maxSessionsPerSlot: 1,
        changeCutoffHours: 12,
        maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
        ...DEFAULT_BOOKING_POLICY,
      });
    } finally {
      await call(booking.url, 'PUT', '/api/settings/clinic', { changeCutoffHours: 24 }, asAdmin);
    }
  });
});

describe('available slots', () => {
  it('last as long as the chosen items together, 60 minutes for unknown ones', async () => {
    const q = (ids: string[]) => slots(`offeringType=clinic&date=${monday(0)}${ids.map((id) => `&treatmentId=${id}`).join('')}`);
    expect(times(await q(['facial', 'peel'])).at(-1)).toBe('15:30');
    expect(times(await q(['consult'])).at(-1)).toBe('16:00');
    expect(times(await q(['no-such-item'])).at(-1)).toBe('16:00');
    expect(times(await q([])).at(-1)).toBe('16:00');
    expect(times(await q(['facial', 'consult'])).at(-1)).toBe('15:00');
  });

  it('turn unavailable when the blocks they cover are at capacity, and free again on cancel', async () => {
    const day = monday(1);
    const booked = await book({ preferredDate: day, preferredTime: '10:00', treatments: ['facial', 'peel'] });
    expect(booked.status).toBe(201);
    const res = await slots(`offeringType=clinic&date=${day}&treatmentId=facial`);
    expect(res.body.slots.filter((s) => !s.available).map((s) => s.time)).toEqual(['09:30', '10:00', '10:30', '11:00']);
    await call(booking.url, 'PATCH', `/api/appointments/${booked.body.id}`, { status: 'cancelled' }, asAdmin);
    expect(free(await slots(`offeringType=clinic&date=${day}&treatmentId=facial`))).toContain('10:00');
  });

  it('count the capacity of the offering', async () => {
    const day = monday(2);
    await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 2 }, asAdmin);
    try {
      expect((await book({ preferredDate: day, preferredTime: '13:00' })).status).toBe(201);
      expect(free(await slots(`offeringType=clinic&date=${day}`))).toContain('13:00');
      expect((await book({ preferredDate: day, preferredTime: '13:00' })).status).toBe(201);
      expect(free(await slots(`offeringType=clinic&date=${day}`))).not.toContain('13:00');
      expect((await book({ preferredDate: day, preferredTime: '13:00' })).status).toBe(409);
    } finally {
      await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 1 }, asAdmin);
    }
  });

  it('are past before now in Manila time, and need the minimum notice after it', async () => {
    clock = new Date(`${monday(3)}T04:10:00Z`); // 12:10 in Manila: two hours' notice makes 14:10 the earliest start
    const res = await slots(`offeringType=clinic&date=${monday(3)}`);
    expect(free(res)[0]).toBe('14:30');
    expect(res.body.slots.find((s) => s.time === '09:00')?.available).toBe(false);
  });

  it('answer a bad query with 400', async () => {
    for (const query of ['offeringType=clinic', 'offeringType=clinic&date=2030-13-01', 'offeringType=both&date=2030-01-07', `date=${monday(0)}`]) {
      const res = await slots(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});

describe('available slots for a range', () => {
  const range = (query: string) => call<SlotsRangeResponse>(booking.url, 'GET', `/api/available-slots?${query}`);

  it('answer every day from `from` to `to` exactly as the single date answers it', async () => {
    // Across a booked day, a closure, weekends and the end of the horizon (2 April 2030).
    expect((await book({ preferredDate: '2030-03-26', preferredTime: '13:00', treatments: ['facial', 'peel'] })).status).toBe(201);
    expect((await call(booking.url, 'PUT', '/api/date-overrides/clinic/2030-03-27', { closed: true, note: 'Training' }, asAdmin)).status).toBe(200);
    expect(
      (await call(booking.url, 'PUT', '/api/date-overrides/clinic/2030-03-30', { closed: false, startTime: '10:00', endTime: '12:00' }, asAdmin)).status,
    ).toBe(200);
    try {
      const res = await range('offeringType=clinic&from=2030-03-24&to=2030-04-04&treatmentId=facial');
      expect(res.status).toBe(200);
      expect(res.body.days.map((d) => d.date)).toEqual(Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2030, 2, 24 + i)).toISOString().slice(0, 10)));
      for (const { date, closed, ...day } of res.body.days) {
        const single = await slots(`offeringType=clinic&date=${date}&treatmentId=facial`);
        expect(day).toEqual(single.body);
        expect(closed).toBe(single.body.message?.includes('closed') === true);
      }
      const byDate = new Map(res.body.days.map((d) => [d.date, d]));
      expect(byDate.get('2030-03-24')?.closed).toBe(true);
      expect(byDate.get('2030-03-27')?.message).toContain('Training');
      expect(byDate.get('2030-03-30')?.slots.map((s) => s.time)).toEqual(['10:00', '10:30', '11:00']);
      expect(byDate.get('2030-03-26')?.slots.find((s) => s.time === '13:00')).toEqual({ time: '13:00', available: false, full: true, reason: 'full' });
      expect(byDate.get('2030-04-03')?.message).toMatch(/90 days ahead/);
      expect(byDate.get('2030-04-02')?.message).toBeUndefined();
    } finally {
      await call(booking.url, 'DELETE', '/api/date-overrides/clinic/2030-03-27', undefined, asAdmin);
      await call(booking.url, 'DELETE', '/api/date-overrides/clinic/2030-03-30', undefined, asAdmin);
    }
  });

  it('take up to 42 days and refuse a bad range with 400', async () => {
    expect((await range('offeringType=studio&from=2030-01-01&to=2030-02-11')).body.days).toHaveLength(42);
    const cases: [string, RegExp][] = [
      ['offeringType=clinic&from=2030-01-01&to=2030-02-12', /at most 42 days/],
      ['offeringType=clinic&from=2030-01-10&to=2030-01-09', /to must not be before from/],
      ['offeringType=clinic&date=2030-01-07&from=2030-01-07&to=2030-01-08', /not both/],
      ['offeringType=clinic&from=2030-01-07', /from and to go together/],
      ['offeringType=clinic&to=2030-01-07', /from and to go together/],
      ['offeringType=clinic&from=2030-02-30&to=2030-03-01', /date/],
    ];
    for (const [query, message] of cases) {
      const res = await range(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});

describe('appointment report', () => {
  it('counts the appointments of a date range for staff', async () => {
    const from = monday(10);
    const tuesday = '2030-03-19';
    const answers = [
      await book({ preferredDate: from, preferredTime: '09:00', age: 25, gender: 'male', treatments: ['facial'] }),
      await book({ preferredDate: from, preferredTime: '14:00', age: 61, treatments: ['facial', 'peel'] }),
      await book({ preferredDate: monday(11), preferredTime: '09:00', treatments: ['peel'] }),
      await book({ preferredDate: tuesday, preferredTime: '10:00', offeringType: 'studio', treatments: ['portrait'] }),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const res = await call<AppointmentReport>(booking.url, 'GET', `/api/reports/appointments?from=${from}&to=${from}&offering=clinic`, undefined, asAdmin);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.byItem).toEqual([
      { id: 'facial', name: 'Hydra Facial', count: 2 },
      { id: 'peel', name: 'Chemical Peel', count: 1 },
    ]);
    expect(res.body.byAgeGroup.find((g) => g.group === '50+')?.count).toBe(1);
    expect(res.body.byHour.find((h) => h.hour === 14)?.count).toBe(1);
    const both = await call<AppointmentReport>(booking.url, 'GET', `/api/reports/appointments?from=${from}&to=${monday(11)}`, undefined, asAdmin);
    expect(both.body.total).toBe(4);
  });

  it('refuses visitors and a range that ends before it starts', async () => {
    expect((await call(booking.url, 'GET', '/api/reports/appointments?from=2030-01-01&to=2030-01-31')).status).toBe(401);
    const res = await call(booking.url, 'GET', '/api/reports/appointments?from=2030-02-01&to=2030-01-01', undefined, asAdmin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('from must not be after to');
  });
});
