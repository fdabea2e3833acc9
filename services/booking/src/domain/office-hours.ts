import { DEFAULT_OFFICE_HOURS, type OfficeHours, type Side } from '@bb/contracts';

export const defaultOfficeDay = (offeringType: Side, dayOfWeek: number): OfficeHours => ({
  offeringType,
  dayOfWeek,
  startTime: DEFAULT_OFFICE_HOURS.startTime,
  endTime: DEFAULT_OFFICE_HOURS.endTime,
  isActive: (DEFAULT_OFFICE_HOURS.openDays as readonly number[]).includes(dayOfWeek),
});

/** The seven weekdays, Sunday first: what staff saved, the defaults for days never saved. */
export function weekOfOfficeHours(offeringType: Side, saved: OfficeHours[]): OfficeHours[] {
  return Array.from({ length: 7 }, (_, day) => saved.find((h) => h.dayOfWeek === day) ?? defaultOfficeDay(offeringType, day));
}
