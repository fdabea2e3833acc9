// The newsletter form, the staff list and the unsubscribe link through the gateway.
import { randomUUID } from 'node:crypto';
import type { ApiError, Subscriber } from '@bb/contracts';
import { adminToken, api as callApi, requireEnv, type ApiOptions } from '@bb/service-kit/testing';

const gateway = () => requireEnv('GATEWAY_URL');
const staff = () => adminToken({ secret: requireEnv('JWT_SECRET') });

async function api<T = ApiError>(path: string, options: ApiOptions = {}) {
  const { status, body } = await callApi<T>(gateway(), path, options);
  return { status, body };
}
const find = async (email: string) =>
  (await api<Subscriber[]>('/api/email-subscribers', { token: staff() })).body.filter((s) => s.email.toLowerCase() === email.toLowerCase());

describe('email subscribers through the gateway', () => {
  it('subscribes from the newsletter form once per address, whatever its capitals', async () => {
    const email = `news-${randomUUID()}@example.com`;
    const body = { email, source: 'newsletter', offeringType: 'both', consentMarketing: true };
    expect((await api('/api/email-subscribers', { method: 'POST', body })).status).toBe(201);
    expect((await api('/api/email-subscribers', { method: 'POST', body: { ...body, email: email.toUpperCase() } })).status).toBe(201);
    const found = await find(email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ source: 'newsletter', subscribed: true, consentMarketing: true, offeringType: 'both' });
  });

  it("answers a bad address with the form's message", async () => {
    const res = await api('/api/email-subscribers', { method: 'POST', body: { email: 'nope', source: 'newsletter' } });
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ message: 'Please enter a valid email address.' }) });
  });

  it('keeps the list for staff, and the unsubscribe link it gives works on the public site: its page asks, its button unsubscribes', async () => {
    expect((await api('/api/email-subscribers')).status).toBe(401);
    const email = `link-${randomUUID()}@example.com`;
    await api('/api/email-subscribers', { method: 'POST', body: { email } });
    const [subscriber] = await find(email);
    expect(subscriber.unsubscribeUrl.startsWith(`${gateway()}/api/email-subscribers/unsubscribe?token=`)).toBe(true);
    const page = await fetch(subscriber.unsubscribeUrl, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect((await find(email))[0].subscribed).toBe(true);
    const res = await fetch(subscriber.unsubscribeUrl, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You have been unsubscribed');
    expect((await find(email))[0].subscribed).toBe(false);
  });

  it('deletes a subscriber for staff', async () => {
    const email = `gone-${randomUUID()}@example.com`;
    await api('/api/email-subscribers', { method: 'POST', body: { email } });
    const [subscriber] = await find(email);
    expect((await api(`/api/email-subscribers/${subscriber.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api(`/api/email-subscribers/${subscriber.id}`, { method: 'DELETE', token: staff() })).status).toBe(200);
    expect(await find(email)).toEqual([]);
  });
});
