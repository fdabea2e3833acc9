import type { OfficeHours, OfficeHoursBulk, Side } from '@bb/contracts';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One row of the weekday editor. */
export interface DayHours {
  dayOfWeek: number;
  isActive: boolean;
  startTime: string;
  endTime: string;
}

const DEFAULT_START = '09:00';
const DEFAULT_END = '17:00';
const isWeekend = (day: number) => day === 0 || day === 6;

/** 09:00 to 17:00, open Monday to Friday, closed at weekends. */
export const defaultWeek = (): DayHours[] =>
  WEEKDAY_NAMES.map((_, dayOfWeek) => ({ dayOfWeek, isActive: !isWeekend(dayOfWeek), startTime: DEFAULT_START, endTime: DEFAULT_END }));

/** The server's rows over the defaults (a weekday never saved keeps its default); times cut to HH:mm for time inputs. */
export function weekFromServer(hours: readonly OfficeHours[]): DayHours[] {
  return defaultWeek().map((day) => {
    const saved = hours.find((h) => h.dayOfWeek === day.dayOfWeek);
    return saved ? { dayOfWeek: day.dayOfWeek, isActive: saved.isActive, startTime: saved.startTime.slice(0, 5), endTime: saved.endTime.slice(0, 5) } : day;
  });
}

const copyDay = (week: readonly DayHours[], from: number, to: readonly number[]) =>
  week.map((day) => (to.includes(day.dayOfWeek) ? { ...week[from], dayOfWeek: day.dayOfWeek } : day));

/** Monday's hours to every day Monday to Friday. */
export const applyToWeekdays = (week: readonly DayHours[]) => copyDay(week, 1, [1, 2, 3, 4, 5]);

/** Sunday's hours to Saturday and Sunday. */
export const applyToWeekends = (week: readonly DayHours[]) => copyDay(week, 0, [0, 6]);

export const bulkRequest = (week: readonly DayHours[], offeringType: Side): OfficeHoursBulk => ({
  offeringType,
  hours: week.map((day) => ({ ...day, offeringType })),
});
