import Holidays from 'date-holidays';
import { demoHolidayClosures, publicHolidays } from '../src/domain/holidays';

describe('public holidays of the Philippines', () => {
  it('lists 2027 as the library lists its public holidays, by date', () => {
    expect(publicHolidays(2027)).toEqual([
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-03-09', name: 'End of Ramadan (Eid al-Fitr)' },
      { date: '2027-03-25', name: 'Maundy Thursday' },
      { date: '2027-03-26', name: 'Good Friday' },
      { date: '2027-03-28', name: 'Easter Sunday' },
      { date: '2027-04-09', name: 'Day of Valor' },
      { date: '2027-05-01', name: 'Labour Day' },
      { date: '2027-05-16', name: 'Feast of the Sacrifice (Eid al-Adha)' },
      { date: '2027-06-12', name: 'Independence Day' },
      { date: '2027-08-30', name: "National Heroes' Day" },
      { date: '2027-11-30', name: 'Bonifacio Day' },
      { date: '2027-12-25', name: 'Christmas Day' },
      { date: '2027-12-30', name: 'Rizal Day' },
    ]);
  });

  it('leaves out what the library marks other than public, and keeps one holiday per date', () => {
    for (const year of [2026, 2027, 2030]) {
      const all = new Holidays('PH').getHolidays(year);
      const publicDates = new Set(all.filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
      const listed = publicHolidays(year);
      expect(listed.map((h) => h.date)).toEqual([...publicDates].sort());
      expect(all.some((h) => h.type !== 'public')).toBe(true);
    }
  });
});

describe("the demo's closures", () => {
  it('are the public holidays of this year and the next from today on: Bonifacio Day and Christmas included', () => {
    const closures = demoHolidayClosures('2026-11-26');
    expect(closures[0]).toEqual({ date: '2026-11-30', name: 'Bonifacio Day' });
    expect(closures).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect(closures).toContainEqual({ date: '2027-11-30', name: 'Bonifacio Day' });
    expect(closures.at(-1)).toEqual({ date: '2027-12-30', name: 'Rizal Day' });
    expect(closures).toEqual([...publicHolidays(2026), ...publicHolidays(2027)].filter((h) => h.date >= '2026-11-26'));
    // Today's holiday still counts; yesterday's does not.
    expect(demoHolidayClosures('2027-01-01')[0]).toEqual({ date: '2027-01-01', name: "New Year's Day" });
    expect(demoHolidayClosures('2027-01-02')[0].date > '2027-01-02').toBe(true);
  });
});
