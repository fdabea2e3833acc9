import type { Express } from 'express';
import { reportRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { PaymentsDeps } from '../deps';

const { deposits } = reportRoutes;

export function mountReports(app: Express, { payments }: PaymentsDeps): void {
  bind(app, deposits, ({ query }) => {
    const offering = query.offering && query.offering !== 'both' ? query.offering : undefined;
    return payments.report(query.from, query.to, offering);
  });
}
