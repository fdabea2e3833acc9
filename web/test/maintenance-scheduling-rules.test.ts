import type { DateOverride } from '@bb/contracts';
import { noticeLabel, noticeOptions, policyChanges, policyDraft } from '../src/maintenance/domain/booking-policy';
import { feedUrl, webcalUrl } from '../src/maintenance/domain/calendar-feed';
import {
  appointmentsLeftOut,
  closureLabel,
  closuresByDate,
  holidayChoices,
  holidayClosures,
  holidayYears,
  monthGrid,
  overrideBody,
  overrideDraft,
  overrideHours,
  shiftMonth,
  sortedOverrides,
} from '../src/maintenance/domain/date-overrides';
import { bookableIndex } from '../src/maintenance/domain/bookables';
import { appointment } from './maintenance-fixtures';

const override = (over: Partial<DateOverride> = {}): DateOverride => ({
  offeringType: 'clinic',
  date: '2026-12-25',
  closed: true,
  startTime: null,
  endTime: null,
  note: '',
  ...over,
});

describe('a date with other hours', () => {
  it('reads Closed, or its own hours in 12-hour form', () => {
    expect(overrideHours(override())).toBe('Closed');
    expect(overrideHours(override({ closed: false, startTime: '10:00', endTime: '13:30' }))).toBe('10:00 AM – 1:30 PM');
  });

  it('is listed by date', () => {
    expect(sortedOverrides([override({ date: '2027-01-01' }), override({ date: '2026-12-24' })]).map((o) => o.date)).toEqual(['2026-12-24', '2027-01-01']);
  });

  it('starts a new date closed with the usual hours ready, and an existing one as saved', () => {
    expect(overrideDraft('2026-12-26')).toEqual({ date: '2026-12-26', closed: true, startTime: '09:00', endTime: '17:00', note: '' });
    expect(overrideDraft('2026-12-26', override({ closed: false, startTime: '12:00', endTime: '20:00', note: 'Late opening' }))).toEqual({
      date: '2026-12-26',
      closed: false,
      startTime: '12:00',
      endTime: '20:00',
      note: 'Late opening',
    });
  });

  it('sends no hours for a closed date, and the hours and trimmed note for an open one', () => {
    expect(overrideBody({ date: '2026-12-26', closed: true, startTime: '09:00', endTime: '17:00', note: ' Training ' })).toEqual({
      closed: true,
      note: 'Training',
    });
    expect(overrideBody({ date: '2026-12-26', closed: false, startTime: '12:00', endTime: '20:00', note: '' })).toEqual({
      closed: false,
      startTime: '12:00',
      endTime: '20:00',
      note: '',
    });
  });
});

describe('appointments an override leaves without hours', () => {
  const index = bookableIndex([{ id: 'long', name: 'Long', defaultDuration: 120 }]);
  const list = [
    appointment({ id: 'morning', preferredDate: '2026-12-26', preferredTime: '09:00', treatments: ['x'] }),
    appointment({ id: 'late', preferredDate: '2026-12-26', preferredTime: '3:00 PM', treatments: ['long'] }),
    appointment({ id: 'cancelled', preferredDate: '2026-12-26', preferredTime: '09:00', status: 'cancelled' }),
    appointment({ id: 'other-day', preferredDate: '2026-12-27', preferredTime: '09:00' }),
    appointment({ id: 'studio', preferredDate: '2026-12-26', preferredTime: '09:00', offeringType: 'studio' }),
    appointment({ id: 'both', preferredDate: '2026-12-26', preferredTime: '11:00', offeringType: 'both' }),
  ];
  const ids = (draft: Parameters<typeof appointmentsLeftOut>[2]) => appointmentsLeftOut(list, 'clinic', draft, index).map((a) => a.id);

  it('are every non-cancelled one of the offering (or of both) on a date that closes', () => {
    expect(ids({ date: '2026-12-26', closed: true, startTime: '09:00', endTime: '17:00', note: '' })).toEqual(['morning', 'late', 'both']);
  });

  it('are those starting before the new opening or ending after the new closing, by their length', () => {
    // 10:00–16:00: the 9:00 one starts too early; the 3:00 PM one lasts 120 minutes, past 16:00.
    expect(ids({ date: '2026-12-26', closed: false, startTime: '10:00', endTime: '16:00', note: '' })).toEqual(['morning', 'late']);
    expect(ids({ date: '2026-12-26', closed: false, startTime: '09:00', endTime: '17:00', note: '' })).toEqual([]);
  });
});

describe('the month calendar of overrides', () => {
  it('moves by month across years', () => {
    expect(shiftMonth('2026-12-25', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-10', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-03-31', 0)).toBe('2026-03-01');
  });

  it('lays the month out in Sunday-first weeks, padded, with each override on its date', () => {
    // December 2026 starts on a Tuesday and has 31 days: 2 pads + 31 days + 2 pads = 5 weeks.
    const weeks = monthGrid('2026-12-10', [override({ date: '2026-12-25', note: 'Christmas Day' }), override({ date: '2027-01-01' })]);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0].slice(0, 2)).toEqual([null, null]);
    expect(weeks[0][2]).toEqual({ date: '2026-12-01', day: 1, override: undefined });
    const cells = weeks.flat().filter((c) => c !== null);
    expect(cells).toHaveLength(31);
    expect(cells.filter((c) => c?.override).map((c) => c?.date)).toEqual(['2026-12-25']);
  });
});

describe('importing public holidays', () => {
  const holidays = [
    { date: '2027-01-01', name: "New Year's Day" },
    { date: '2027-04-09', name: 'Day of Valor' },
  ];
  const existing = override({ date: '2027-04-09', closed: false, startTime: '10:00', endTime: '12:00', note: 'Short day' });

  it('marks the holidays whose date already has an override', () => {
    expect(holidayChoices(holidays, [existing])).toEqual([
      { date: '2027-01-01', name: "New Year's Day", existing: undefined },
      { date: '2027-04-09', name: 'Day of Valor', existing },
    ]);
  });

  it('saves the ticked holidays as closures named after the holiday, once per date', () => {
    const choices = holidayChoices([...holidays, { date: '2027-01-01', name: 'Duplicate' }], []);
    expect(holidayClosures(choices, new Set(['2027-01-01', '2027-04-09']))).toEqual({
      overrides: [
        { date: '2027-01-01', closed: true, note: "New Year's Day" },
        { date: '2027-04-09', closed: true, note: 'Day of Valor' },
      ],
    });
    expect(holidayClosures(choices, new Set(['2027-04-09']))?.overrides).toHaveLength(1);
    expect(holidayClosures(choices, new Set())).toBeNull();
  });

  it('offers this year and the next', () => {
    expect(holidayYears('2026-07-01')).toEqual([2026, 2027]);
  });
});

describe('closures on the console calendar', () => {
  it('are the closed dates of each offering, by date; dates with their own hours are not closures', () => {
    const map = closuresByDate({
      clinic: [override({ date: '2026-12-25', note: 'Christmas Day' }), override({ date: '2026-12-26', closed: false, startTime: '10:00', endTime: '12:00' })],
      studio: [override({ offeringType: 'studio', date: '2026-12-25' })],
    });
    expect(map.get('2026-12-25')).toEqual([
      { side: 'clinic', note: 'Christmas Day' },
      { side: 'studio', note: '' },
    ]);
    expect(map.has('2026-12-26')).toBe(false);
    expect(closureLabel('Christmas Day')).toBe('Closed — Christmas Day');
    expect(closureLabel('')).toBe('Closed');
  });
});

describe('the booking policy card', () => {
  const stored = { minimumNoticeMinutes: 120, horizonDays: 90, bufferMinutes: 0, maxUpcomingPerContact: 0 };

  it('starts from the stored policy, or the defaults before it loads', () => {
    expect(policyDraft(stored)).toEqual({ minimumNoticeMinutes: 120, horizonDays: '90', bufferMinutes: 0, maxUpcomingPerContact: '0' });
    expect(policyDraft(undefined)).toEqual(policyDraft(stored));
  });

  it('sends only what changed, as numbers, and nothing for a field being typed', () => {
    expect(policyChanges(policyDraft(stored), stored)).toBeNull();
    expect(policyChanges({ ...policyDraft(stored), horizonDays: '30', bufferMinutes: 60 }, stored)).toEqual({ horizonDays: 30, bufferMinutes: 60 });
    expect(policyChanges({ ...policyDraft(stored), horizonDays: '' }, stored)).toBeNull();
    expect(policyChanges({ ...policyDraft(stored), maxUpcomingPerContact: '5' }, stored)).toEqual({ maxUpcomingPerContact: 5 });
    // Out of range goes as typed: the server's message says what is allowed.
    expect(policyChanges({ ...policyDraft(stored), horizonDays: '999' }, stored)).toEqual({ horizonDays: 999 });
  });

  it('words the notice choices, keeping a stored value that is not one of them', () => {
    expect(noticeOptions(120).map(noticeLabel)).toEqual(['None', '1 hour', '2 hours', '4 hours', '12 hours', '24 hours', '48 hours']);
    expect(noticeOptions(90)).toEqual([0, 60, 90, 120, 240, 720, 1440, 2880]);
    expect(noticeLabel(90)).toBe('90 minutes');
  });
});

describe('the calendar feed address', () => {
  it('is the path on the site origin, and the same as a webcal link', () => {
    const path = '/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz012_-9.ics';
    expect(feedUrl('https://lumiere.ph', path)).toBe(`https://lumiere.ph${path}`);
    expect(webcalUrl('https://lumiere.ph', path)).toBe(`webcal://lumiere.ph${path}`);
    expect(webcalUrl('http://localhost:5000', path)).toBe(`webcal://localhost:5000${path}`);
  });
});
