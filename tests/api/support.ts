// Shared by the API tests: calls through the gateway, the demo admin's token, and mail
// addresses of the test file's own run.
import { randomUUID } from 'node:crypto';
import type { ApiError } from '@bb/contracts';
import { api as callApi, type ApiOptions, requireEnv } from '@bb/service-kit/testing';

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
