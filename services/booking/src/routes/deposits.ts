import type { Express } from 'express';
import { depositRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { depositSettingsOf, listDepositPolicies, saveDepositPolicy, saveDepositSettings } from '../store/deposits';

const { policies, savePolicy, settings, saveSettings } = depositRoutes;

export function mountDeposits(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, policies, () => listDepositPolicies(models));

  // Every replica reads its copy again before the next booking it takes (booking.schedule.changed).
  bind(app, savePolicy, async (input) => {
    const { saved, offering } = await saveDepositPolicy(deps, input.params.itemId, input.body, auditBy(input));
    await schedule.scheduleSaved(bus, offering);
    return saved;
  });

  bind(app, settings, ({ params }) => depositSettingsOf(schedule, params.offering));

  bind(app, saveSettings, async (input) => {
    const { offering } = input.params;
    await saveDepositSettings(deps, offering, input.body, auditBy(input));
    await schedule.scheduleSaved(bus, offering);
    return depositSettingsOf(schedule, offering);
  });
}
