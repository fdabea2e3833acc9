import { sideSchema } from '@bb/contracts';
import { completeSeed, isDuplicateKey, manilaDate, startSeed, type EventBus, type Logger, type SeedStart } from '@bb/service-kit';
import { demoHolidayClosures } from '../domain/holidays';
import type { BookingModels } from '../models';
import { dateOverrideId } from '../models/date-override';
import type { ScheduleCopy } from '../store/schedule-copy';

export const DEMO_HOLIDAYS_MARKER_ID = 'demo-holidays';

export interface DemoHolidaysDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  bus: EventBus;
  logger: Logger;
  now: Date;
}

/**
 * Demo mode's first start closes both offerings on the Philippine public holidays of this year
 * and the next, as staff would with the console's import, so the demo does not take bookings on
 * Bonifacio Day or Christmas. Only on a database without date overrides (or carrying this
 * seed's marker), and once: a closure staff remove later stays removed. Replicas starting at
 * once write the same documents (one per offering and date, by `_id`, inserted only where
 * missing), so the outcome is the same however many run it.
 */
export async function importDemoHolidays({ models, schedule, bus, logger, now }: DemoHolidaysDeps): Promise<SeedStart> {
  const start = await startSeed(models.SeedMarker, DEMO_HOLIDAYS_MARKER_ID, async () => (await models.DateOverride.exists({})) !== null, now);
  if (start === 'not-a-demo-database') logger.info('date overrides exist already: public holidays not imported for the demo');
  if (start !== 'seed') return start;
  const closures = demoHolidayClosures(manilaDate(now));
  for (const offering of sideSchema.options) {
    for (const { date, name } of closures) {
      // One write per date (FerretDB: no bulk writes); a date staff set meanwhile keeps theirs.
      await models.DateOverride.updateOne(
        { _id: dateOverrideId(offering, date) },
        { $setOnInsert: { offeringType: offering, date, closed: true, note: name.slice(0, 120) } },
        { upsert: true },
      ).catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
    }
    await schedule.scheduleSaved(bus, offering);
  }
  await completeSeed(models.SeedMarker, DEMO_HOLIDAYS_MARKER_ID, now);
  logger.info({ closures: closures.length }, 'public holidays of this year and the next imported as closures for the demo');
  return 'seed';
}
