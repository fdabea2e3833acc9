import type { DateOverride, SlotsResponse } from '@bb/contracts';
import { testMongoUrl, uniqueName } from '@bb/service-kit/testing';
import { demoHolidayClosures } from '../src/domain/holidays';
import { asAdmin, call, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// Demo mode's first start closes both offerings on the public holidays of this year and the next.
// The business clock is TEST_NOW (2 January 2030): the holidays of 2030 and 2031 from that day on.

const overrides = async (url: string, offering: 'clinic' | 'studio') =>
  (await call<DateOverride[]>(url, 'GET', `/api/date-overrides/${offering}`, undefined, asAdmin)).body;
const expected = demoHolidayClosures('2030-01-02');

/** Booking processes on one database of their own, with one exchange: replicas of one service. */
function replicasOn(label: string, env: Record<string, string> = {}) {
  const mongoUrl = testMongoUrl(label);
  const shared = { BUS_EXCHANGE: uniqueName(`${label}_ex`), BUS_QUEUE_PREFIX: `${uniqueName(label)}.`, ...env };
  return { mongoUrl, start: () => startBooking(label, { mongoUrl, env: shared }) };
}

describe('demo mode at first start', () => {
  const { start } = replicasOn('demo_holidays', { APP_MODE: 'demo' });
  let running: BookingUnderTest[] = [];
  afterAll(async () => {
    await running[0]?.conn.dropDatabase();
    for (const booking of running) await booking.close();
  });

  it('closes both offerings on each public holiday once, when two replicas start at once', async () => {
    running = await Promise.all([start(), start()]);
    expect(expected.map((h) => h.date)).toEqual(expect.arrayContaining(['2030-11-30', '2030-12-25', '2031-11-30', '2031-12-25']));
    expect(expected.some((h) => h.date < '2030-01-02')).toBe(false);
    for (const offering of ['clinic', 'studio'] as const) {
      // Either replica answers the same, each from its own copy of the schedule.
      for (const booking of running) {
        expect(await overrides(booking.url, offering)).toEqual(
          expected.map((h) => ({ offeringType: offering, date: h.date, closed: true, startTime: null, endTime: null, note: h.name })),
        );
      }
    }
    expect(await running[0].models.DateOverride.countDocuments({})).toBe(expected.length * 2);
    // A weekday holiday answers closed with its name, as a staff closure would.
    const christmas = await call<SlotsResponse>(running[1].url, 'GET', '/api/available-slots?offeringType=clinic&date=2030-12-25');
    expect(christmas.body).toEqual({ slots: [], message: 'The clinic is closed on Wednesday, 25 December 2030 (Christmas Day).' });
    // Within the horizon: the holiday (a Monday) is closed, the day after it is open.
    expect((await call<SlotsResponse>(running[0].url, 'GET', '/api/available-slots?offeringType=studio&date=2030-02-04')).body.message).toBe(
      'The studio is closed on Monday, 4 February 2030 (End of Ramadan (Eid al-Fitr)).',
    );
    expect(
      (await call<SlotsResponse>(running[0].url, 'GET', '/api/available-slots?offeringType=studio&date=2030-02-05')).body.slots.some((s) => s.available),
    ).toBe(true);
  });

  it('does not bring back a closure staff removed when it starts again', async () => {
    expect((await call(running[0].url, 'DELETE', '/api/date-overrides/clinic/2030-12-30', undefined, asAdmin)).status).toBe(200);
    running.push(await start());
    expect((await overrides(running[2].url, 'clinic')).map((o) => o.date)).not.toContain('2030-12-30');
    expect(await running[2].models.DateOverride.countDocuments({})).toBe(expected.length * 2 - 1);
  });
});

describe('the demo import leaves alone', () => {
  it('a database where staff set date overrides already', async () => {
    const { mongoUrl, start } = replicasOn('demo_holidays_staff', { APP_MODE: 'demo' });
    const first = await startBooking('demo_holidays_staff', { mongoUrl });
    try {
      expect((await call(first.url, 'PUT', '/api/date-overrides/clinic/2030-02-14', { closed: true, note: 'Staff day out' }, asAdmin)).status).toBe(200);
      await first.close();
      const demo = await start();
      try {
        expect(await overrides(demo.url, 'clinic')).toEqual([
          { offeringType: 'clinic', date: '2030-02-14', closed: true, startTime: null, endTime: null, note: 'Staff day out' },
        ]);
        expect(await overrides(demo.url, 'studio')).toEqual([]);
      } finally {
        await demo.close();
      }
    } finally {
      await first.conn.dropDatabase().catch(() => undefined);
    }
  });

  it('a database outside demo mode', async () => {
    const production = await startBooking('demo_holidays_off', { now: () => TEST_NOW });
    try {
      expect(await production.models.DateOverride.countDocuments({})).toBe(0);
      expect(await production.models.SeedMarker.countDocuments({})).toBe(0);
    } finally {
      await production.close();
    }
  });
});
