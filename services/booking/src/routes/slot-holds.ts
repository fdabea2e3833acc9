import type { Express } from 'express';
import { slotHoldRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { holdSlot, releaseSlotHold } from '../store/slot-holds';

const { create, release } = slotHoldRoutes;

export function mountSlotHolds(app: Express, deps: BookingDeps): void {
  bind(app, create, ({ body }) => holdSlot(deps, body));

  bind(app, release, async ({ params, res }) => {
    await releaseSlotHold(deps, params.holdId);
    res.status(204).end();
    return undefined;
  });
}
