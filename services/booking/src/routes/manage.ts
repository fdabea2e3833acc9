import type { Express, Response } from 'express';
import { manageRoutes } from '@bb/contracts';
import { bind, ICS_CONTENT_TYPE } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { appointmentOfLink, calendarOfLink, cancelByCustomer, managedView, rescheduleByCustomer, slotsForMove } from '../store/manage-appointment';

const { view, cancel, reschedule, availableSlots, calendar } = manageRoutes;

/** What a manage link shows is the customer's own: no cache, shared or private, keeps it. */
const personal = (res: Response) => res.setHeader('Cache-Control', 'no-store');

export function mountManage(app: Express, deps: BookingDeps): void {
  bind(app, view, async ({ params, res }) => {
    personal(res);
    return managedView(deps, await appointmentOfLink(deps, params.token));
  });

  bind(app, cancel, ({ params, res, requestId }) => {
    personal(res);
    return cancelByCustomer(deps, params.token, requestId);
  });

  bind(app, reschedule, ({ params, body, res, requestId }) => {
    personal(res);
    return rescheduleByCustomer(deps, params.token, body, requestId);
  });

  bind(app, availableSlots, ({ params, query, res }) => {
    personal(res);
    return slotsForMove(deps, params.token, query);
  });

  bind(app, calendar, async ({ params, res }) => {
    const { reference, ics } = await calendarOfLink(deps, params.token);
    personal(res);
    res.setHeader('Content-Type', ICS_CONTENT_TYPE);
    res.setHeader('Content-Disposition', `attachment; filename="appointment-${reference}.ics"`);
    res.send(ics);
    return undefined;
  });
}
