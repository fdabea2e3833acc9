import { AGE_GROUPS, APPOINTMENT_STATUSES, GENDERS, REPORT_NOT_GIVEN, type AppointmentReport, type AppointmentStatus } from '@bb/contracts';
import { minutesOfDay, weekdayOf } from '@bb/service-kit';

export interface ReportedAppointment {
  /** Manila date and time the customer booked. */
  preferredDate: string;
  preferredTime: string;
  status: AppointmentStatus;
  age: number | null;
  gender: string | null;
  items: { id: string; name: string }[];
}

export function ageGroup(age: number | null): string {
  if (age === null) return REPORT_NOT_GIVEN;
  if (age < 20) return AGE_GROUPS[0];
  if (age >= 50) return AGE_GROUPS[4];
  return AGE_GROUPS[Math.floor(age / 10) - 1];
}

const tally = <K>(keys: readonly K[]) => new Map<K, number>(keys.map((k) => [k, 0]));
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Statistics of the appointments of a date range. Every group is listed, with zeros, so a
 * chart has all its bars; blank ages and genders count as "Not given" so each list adds up
 * to the total. Items are counted once per appointment that includes them, busiest first.
 */
export function appointmentReport(from: string, to: string, appointments: ReportedAppointment[]): AppointmentReport {
  const byStatus = { pending: 0, done: 0, cancelled: 0 } satisfies Record<(typeof APPOINTMENT_STATUSES)[number], number>;
  const items = new Map<string, { id: string; name: string; count: number }>();
  const ages = tally<string>([...AGE_GROUPS, REPORT_NOT_GIVEN]);
  const genders = tally<string>([...GENDERS, REPORT_NOT_GIVEN]);
  const weekdays = tally([0, 1, 2, 3, 4, 5, 6]);
  const hours = tally(Array.from({ length: 24 }, (_, h) => h));

  for (const a of appointments) {
    byStatus[a.status] += 1;
    for (const item of a.items) {
      const entry = items.get(item.id) ?? { id: item.id, name: item.name, count: 0 };
      entry.count += 1;
      items.set(item.id, entry);
    }
    bump(ages, ageGroup(a.age));
    bump(genders, a.gender ?? REPORT_NOT_GIVEN);
    bump(weekdays, weekdayOf(a.preferredDate));
    const minutes = minutesOfDay(a.preferredTime);
    if (minutes !== null) bump(hours, Math.floor(minutes / 60));
  }

  return {
    from,
    to,
    total: appointments.length,
    byStatus,
    byItem: [...items.values()].sort((x, y) => y.count - x.count || x.name.localeCompare(y.name)),
    byAgeGroup: [...ages].map(([group, count]) => ({ group, count })),
    byGender: [...genders].map(([gender, count]) => ({ gender, count })),
    byWeekday: [...weekdays].map(([dayOfWeek, count]) => ({ dayOfWeek, count })),
    byHour: [...hours].map(([hour, count]) => ({ hour, count })),
  };
}
