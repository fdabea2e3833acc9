import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { auditBy, bind, settingChanges, WEEKDAY_NAMES } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { saveOfficeHours } from '../store/schedule-writes';
import { noteSettingChange } from '../store/setting-audit';

const { officeHours, saveOfficeHours: officeHoursBulk } = scheduleRoutes;

/** A week as the audit trail shows it: `Monday 09:00–18:00`, `Sunday closed`. */
const weekText = (days: readonly { dayOfWeek: number; isActive: boolean; startTime?: string | null; endTime?: string | null }[]) =>
  Object.fromEntries(days.map((day) => [WEEKDAY_NAMES[day.dayOfWeek], day.isActive ? `${day.startTime ?? ''}–${day.endTime ?? ''}` : 'closed']));

export function mountOfficeHours(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, officeHours, ({ params }) => schedule.week(params.offering));

  bind(app, officeHoursBulk, async (input) => {
    const { body } = input;
    const before = weekText(schedule.week(body.offeringType));
    await saveOfficeHours(models, body.offeringType, body.hours);
    await noteSettingChange(deps, auditBy(input), { subject: `office hours ${body.offeringType}`, ...settingChanges(before, weekText(body.hours)) });
    await schedule.scheduleSaved(bus, body.offeringType);
    return schedule.week(body.offeringType);
  });
}
