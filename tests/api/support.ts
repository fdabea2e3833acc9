// Shared by the API tests: calls through the gateway, the demo admin's token, and mail
// addresses of the test file's own run.
import { randomUUID } from 'node:crypto';
import type { ApiError, EventData } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { api as callApi, type ApiOptions, requireEnv, silentLogger } from '@bb/service-kit/testing';

export const gateway = () => requireEnv('GATEWAY_URL');

/** A call through the gateway; T is what a success answers, and an error answers ApiError. */
export const api = <T = ApiError>(path: string, options: ApiOptions = {}) => callApi<T>(gateway(), path, options);

/** The demo admin's token, signed in through the gateway. */
export const adminLogin = async (): Promise<string> =>
  (await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } })).body.token;

/** `<prefix>-<run>-<label>@example.com`, the run being this file's own. */
export function runAddress(prefix: string): (label: string) => string {
  const run = randomUUID().slice(0, 8);
  return (label) => `${prefix}-${run}-${label}@example.com`;
}

/**
 * A clinic treatment known to booking only, announced on the bus as the catalog announces one
 * (version 1, not deleted); answers the bus, for the test to close.
 */
export async function announceTreatment(
  treatment: Pick<EventData<'catalog.bookable.changed'>, 'id' | 'name' | 'defaultDuration' | 'priceCentavos'>,
): Promise<EventBus> {
  const catalog = new EventBus({ url: requireEnv('AMQP_URL'), exchange: 'bb.events', source: 'catalog', logger: silentLogger() });
  await catalog.start();
  await catalog.publish('catalog.bookable.changed', { kind: 'treatment', offeringType: 'clinic', deleted: false, version: 1, ...treatment });
  return catalog;
}
