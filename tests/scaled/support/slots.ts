import type { OfficeHours } from '@bb/contracts';
import { clockTime } from '@bb/service-kit';

export interface PlannedSlot {
  date: string;
  time: string;
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * `count` bookable times, an hour apart, on the open days from `firstDay` days ahead on: far
 * enough ahead that no other test books them, each day's last two hours left out so any
 * treatment fits.
 */
export function planSlots(hours: OfficeHours[], dateInDays: (days: number) => string, firstDay: number, count: number): PlannedSlot[] {
  if (!hours.some((h) => h.isActive)) throw new Error('the offering is closed every day');
  const slots: PlannedSlot[] = [];
  for (let day = firstDay; slots.length < count; day++) {
    const date = dateInDays(day);
    const open = hours.find((h) => h.isActive && h.dayOfWeek === new Date(`${date}T00:00:00Z`).getUTCDay());
    if (!open) continue;
    for (let t = minutes(open.startTime); t + 120 <= minutes(open.endTime) && slots.length < count; t += 60) slots.push({ date, time: clockTime(t) });
  }
  return slots;
}
