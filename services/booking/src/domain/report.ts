import { AGE_GROUPS, APPOINTMENT_STATUSES, GENDERS, REPORT_NOT_GIVEN, type AppointmentReport, type AppointmentStatus, type Attendance } from '@bb/contracts';
import { DAY_MS, minutesOfDay, weekdayOf } from '@bb/service-kit';
import { hoursOn, type PractitionerProfile } from './resources';

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
export function appointmentReport(from: string, to: string, appointments: ReportedAppointment[]): Omit<AppointmentReport, 'byPractitioner' | 'attendance'> {
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

/** An appointment as the per-practitioner figures count it. */
export interface PractitionerBooking {
  practitioner?: { id: string; name: string } | null;
  status: AppointmentStatus;
  /** Its booked length (buffer not included). */
  minutes: number;
}

export interface PractitionerFigures {
  id: string;
  name: string;
  /** Appointments not cancelled. */
  appointments: number;
  hoursBooked: number;
  /** Their working hours over the range (weekly hours, leave taken out). */
  hoursWorking: number;
  /** hoursBooked of hoursWorking, in percent, one decimal; 0 without working hours. */
  utilisation: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** An appointment as the attendance figures count it. */
export interface AttendedBooking {
  status: AppointmentStatus;
  attendance: Attendance | null;
  /** When it starts. */
  start: Date;
}

/**
 * Whether customers came, among the appointments not cancelled that have started by `now`
 * (staff cannot mark one before). The rate is of those marked only: an unmarked visit says
 * nothing either way, so counting it would make the rate depend on how diligent staff are.
 */
export function attendanceFigures(bookings: readonly AttendedBooking[], now: Date): AppointmentReport['attendance'] {
  const figures = { attended: 0, noShow: 0, unmarked: 0 };
  for (const b of bookings) {
    if (b.status === 'cancelled' || b.start.getTime() > now.getTime()) continue;
    if (b.attendance === 'attended') figures.attended += 1;
    else if (b.attendance === 'no_show') figures.noShow += 1;
    else figures.unmarked += 1;
  }
  const marked = figures.attended + figures.noShow;
  return { ...figures, noShowRate: marked > 0 ? oneDecimal((figures.noShow / marked) * 100) : null };
}

/**
 * Per practitioner over the dates `from`…`to` (Manila, both included): appointments not
 * cancelled, hours booked, hours working and utilisation, by name. Everyone configured is listed
 * (with zeros), and anyone booked who is no longer configured, by the name booked with.
 */
export function practitionerFigures(
  from: string,
  to: string,
  bookings: readonly PractitionerBooking[],
  profiles: readonly PractitionerProfile[],
): PractitionerFigures[] {
  const figures = new Map<string, { id: string; name: string; appointments: number; minutesBooked: number; minutesWorking: number }>();
  for (const p of profiles) figures.set(p.id, { id: p.id, name: p.name, appointments: 0, minutesBooked: 0, minutesWorking: workingMinutes(p, from, to) });
  for (const b of bookings) {
    if (!b.practitioner || b.status === 'cancelled') continue;
    const entry = figures.get(b.practitioner.id) ?? { id: b.practitioner.id, name: b.practitioner.name, appointments: 0, minutesBooked: 0, minutesWorking: 0 };
    entry.appointments += 1;
    entry.minutesBooked += b.minutes;
    figures.set(entry.id, entry);
  }
  return [...figures.values()]
    .map((f) => ({
      id: f.id,
      name: f.name,
      appointments: f.appointments,
      hoursBooked: oneDecimal(f.minutesBooked / 60),
      hoursWorking: oneDecimal(f.minutesWorking / 60),
      utilisation: f.minutesWorking > 0 ? oneDecimal((f.minutesBooked / f.minutesWorking) * 100) : 0,
    }))
    .sort((x, y) => x.name.localeCompare(y.name));
}

function workingMinutes(profile: PractitionerProfile, from: string, to: string): number {
  let minutes = 0;
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += DAY_MS) {
    const hours = hoursOn(profile, new Date(day).toISOString().slice(0, 10));
    const start = minutesOfDay(hours.startTime);
    const end = minutesOfDay(hours.endTime);
    if (hours.isActive && start !== null && end !== null && end > start) minutes += end - start;
  }
  return minutes;
}
