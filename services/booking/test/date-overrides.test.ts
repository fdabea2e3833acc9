import type { DateOverride, Holiday, SlotsRangeResponse, SlotsResponse } from '@bb/contracts';
import { testMongoUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import { publicHolidays } from '../src/domain/holidays';
import { addBookable, asAdmin, bookingRequest, call, startBooking, type BookingUnderTest } from './support/booking';

// Dates of January 2030, within the horizon of the test clock (2 January 2030).
const THURSDAY = '2030-01-10';
const FRIDAY = '2030-01-11';
const SATURDAY = '2030-01-12';
const MONDAY = '2030-01-14';
const TUESDAY = '2030-01-15';

let booking: BookingUnderTest;
let replica: BookingUnderTest;

beforeAll(async () => {
  const mongoUrl = testMongoUrl('overrides');
  const env = { BUS_EXCHANGE: uniqueName('overrides_ex') };
  booking = await startBooking('overrides', { mongoUrl, env });
  replica = await startBooking('overrides', { mongoUrl, env });
  await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
});
afterAll(async () => {
  await booking.conn.dropDatabase();
  await replica.close();
  await booking.close();
});

const slots = (date: string, offering = 'clinic', url = booking.url) =>
  call<SlotsResponse>(url, 'GET', `/api/available-slots?offeringType=${offering}&date=${date}&treatmentId=facial`);
const times = (res: { body: SlotsResponse }) => res.body.slots.map((s) => s.time);
const save = (date: string, body: unknown, offering = 'clinic', headers: Record<string, string> = asAdmin) =>
  call<DateOverride>(booking.url, 'PUT', `/api/date-overrides/${offering}/${date}`, body, headers);
const saveMany = (overrides: unknown[], offering = 'clinic') =>
  call<DateOverride[]>(booking.url, 'POST', `/api/date-overrides/${offering}/bulk`, { overrides }, asAdmin);
const remove = (date: string, offering = 'clinic') => call(booking.url, 'DELETE', `/api/date-overrides/${offering}/${date}`, undefined, asAdmin);
const list = (offering = 'clinic') => call<DateOverride[]>(booking.url, 'GET', `/api/date-overrides/${offering}`, undefined, asAdmin);
const WEEKDAY_TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];

describe('date overrides', () => {
  it('close exactly their date: the days around it and the other offering keep their hours', async () => {
    const saved = await save(FRIDAY, { closed: true, startTime: '09:00', endTime: '17:00', note: 'Staff training' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ offeringType: 'clinic', date: FRIDAY, closed: true, startTime: null, endTime: null, note: 'Staff training' });
    const closed = await slots(FRIDAY);
    expect(closed.body).toEqual({ slots: [], message: 'The clinic is closed on Friday, 11 January 2030 (Staff training).' });
    expect(closed.body.message).toContain('closed');
    expect(times(await slots(THURSDAY))).toEqual(WEEKDAY_TIMES);
    expect(times(await slots(MONDAY))).toEqual(WEEKDAY_TIMES);
    expect(times(await slots(FRIDAY, 'studio'))).toEqual(WEEKDAY_TIMES);
    const refused = await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: FRIDAY, preferredTime: '10:00' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('closed');
    const range = await call<SlotsRangeResponse>(booking.url, 'GET', `/api/available-slots?offeringType=clinic&from=${THURSDAY}&to=${SATURDAY}`);
    expect(range.body.days.map((d) => [d.date, d.closed])).toEqual([
      [THURSDAY, false],
      [FRIDAY, true],
      [SATURDAY, true],
    ]);
  });

  it('give a date hours of its own: a Saturday opened 10:00–14:00, a weekday 12:00–20:00', async () => {
    expect((await save(SATURDAY, { closed: false, startTime: '10:00', endTime: '14:00', note: '' })).status).toBe(200);
    expect((await save(TUESDAY, { closed: false, startTime: '12:00:00', endTime: '20:00', note: 'Late opening' })).body).toEqual({
      offeringType: 'clinic',
      date: TUESDAY,
      closed: false,
      startTime: '12:00',
      endTime: '20:00',
      note: 'Late opening',
    });
    expect(times(await slots(SATURDAY))).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
    const tuesday = times(await slots(TUESDAY));
    expect([tuesday[0], tuesday.at(-1), tuesday.length]).toEqual(['12:00', '19:00', 15]);
    expect((await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: TUESDAY, preferredTime: '18:30' }))).status).toBe(201);
    expect((await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: TUESDAY, preferredTime: '09:00' }))).status).toBe(400);
  });

  it('are listed by date, and removing one gives the date back its weekday hours', async () => {
    expect((await list()).body.map((o) => o.date)).toEqual([FRIDAY, SATURDAY, TUESDAY]);
    expect((await list('studio')).body).toEqual([]);
    expect((await remove(SATURDAY)).status).toBe(200);
    expect((await slots(SATURDAY)).body).toEqual({ slots: [], message: 'The clinic is closed on Saturdays.' });
    expect((await remove(FRIDAY)).status).toBe(200);
    expect(times(await slots(FRIDAY))).toEqual(WEEKDAY_TIMES);
    expect((await remove(FRIDAY)).status).toBe(404);
    expect((await list()).body.map((o) => o.date)).toEqual([TUESDAY]);
  });

  it('are saved in bulk, each replacing what its date had', async () => {
    const res = await saveMany([
      { date: '2030-02-01', closed: true, note: 'Chinese New Year' },
      { date: TUESDAY, closed: true, note: 'Holiday' },
      { date: '2030-01-31', closed: false, startTime: '13:00', endTime: '15:00', note: '' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((o) => [o.date, o.closed, o.note])).toEqual([
      [TUESDAY, true, 'Holiday'],
      ['2030-01-31', false, ''],
      ['2030-02-01', true, 'Chinese New Year'],
    ]);
    expect((await slots(TUESDAY)).body.message).toBe('The clinic is closed on Tuesday, 15 January 2030 (Holiday).');
    expect(times(await slots('2030-01-31'))).toEqual(['13:00', '13:30', '14:00']);
    expect((await list()).body).toHaveLength(3);
  });

  it('refuse bad input with 400 and change nothing', async () => {
    const before = (await list()).body;
    const cases: [Promise<{ status: number; body: { message?: string } }>, RegExp][] = [
      [save('2030-02-30', { closed: true }), /date/],
      [save('30-01-2030', { closed: true }), /date/],
      [save(MONDAY, { closed: false, startTime: '17:00', endTime: '09:00' }), /endTime must be after startTime/],
      [save(MONDAY, { closed: false }), /an open date needs startTime and endTime/],
      [save(MONDAY, { closed: 'yes' }), /closed/],
      [save(MONDAY, { closed: true }, 'both'), /./],
      [
        saveMany([
          { date: MONDAY, closed: true },
          { date: MONDAY, closed: false, startTime: '10:00', endTime: '11:00' },
        ]),
        /each date may appear once/,
      ],
      [saveMany(Array.from({ length: 367 }, (_, i) => ({ date: new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10), closed: true }))), /at most 366/],
      [saveMany([]), /at least one/],
      [call(booking.url, 'GET', '/api/holidays/1999', undefined, asAdmin), /year/],
    ];
    for (const [answer, message] of cases) {
      const res = await answer;
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await list()).body).toEqual(before);
  });

  it('are for staff only: 401 without a token', async () => {
    expect((await save(MONDAY, { closed: true }, 'clinic', {})).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/date-overrides/clinic')).status).toBe(401);
    expect((await call(booking.url, 'POST', '/api/date-overrides/clinic/bulk', { overrides: [{ date: MONDAY, closed: true }] })).status).toBe(401);
    expect((await call(booking.url, 'DELETE', `/api/date-overrides/clinic/${TUESDAY}`)).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/holidays/2027')).status).toBe(401);
    expect(times(await slots(MONDAY))).toEqual(WEEKDAY_TIMES);
  });

  it('import the public holidays of 2027 as the library lists them', async () => {
    const res = await call<Holiday[]>(booking.url, 'GET', '/api/holidays/2027', undefined, asAdmin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(publicHolidays(2027));
    expect(res.body).toHaveLength(13);
    expect(res.body[0]).toEqual({ date: '2027-01-01', name: "New Year's Day" });
  });

  it('reach another replica within a second, through the schedule event', async () => {
    const date = '2030-01-17';
    expect(times(await slots(date, 'clinic', replica.url))).toEqual(WEEKDAY_TIMES);
    expect((await save(date, { closed: true, note: 'Inventory' })).status).toBe(200);
    await waitFor('the replica sees the closure', async () => (await slots(date, 'clinic', replica.url)).body.slots.length === 0, 1000);
    expect((await slots(date, 'clinic', replica.url)).body.message).toContain('Inventory');
  });
});
