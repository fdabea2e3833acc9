import { randomUUID } from 'node:crypto';
import type { Package, Result, StaffMember, Treatment, UploadResponse } from '@bb/contracts';
import { adminToken, json, requireEnv } from '@bb/service-kit/testing';

// The catalog as a visitor and as staff see it: through the gateway, on the demo stack.
const gateway = requireEnv('GATEWAY_URL');
const token = adminToken({ secret: requireEnv('JWT_SECRET'), subject: 'system-test', role: 'manager', expiresIn: 600 });
const staff = { authorization: `Bearer ${token}` };
/** A 2x2 PNG in the clinic's and studio's colours. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR42mP8cuz8l3c/WQ5cYL519TsARkIJo5jcSRgAAAAASUVORK5CYII=', 'base64');

const get = async <T>(path: string) => {
  const res = await fetch(`${gateway}${path}`);
  expect(res.status).toBe(200);
  return json<T>(res);
};

describe('catalog through the gateway', () => {
  it('shows visitors the demo clinic and studio', async () => {
    const treatments = await get<Treatment[]>('/api/treatments?offering=clinic');
    expect(treatments.length).toBeGreaterThanOrEqual(6);
    expect(treatments.every((t) => t.offeringType === 'clinic' || t.offeringType === 'both')).toBe(true);
    const results = await get<Result[]>('/api/results?offering=clinic');
    expect(results.length).toBeGreaterThanOrEqual(6);
    expect(results.some((r) => r.treatmentName)).toBe(true);
    const team = await get<StaffMember[]>('/api/staff?offering=studio');
    expect(team.filter((s) => s.offeringType === 'studio').length).toBeGreaterThanOrEqual(4);
    const packages = await get<Package[]>('/api/packages?offering=studio');
    expect(packages.length).toBeGreaterThanOrEqual(4);

    // Other test files add treatments (some without an image) while this one runs.
    const seeded = treatments.find((t) => t.imageUrl.startsWith('/api/uploads/'));
    expect(seeded).toBeDefined();
    const picture = await fetch(`${gateway}${seeded!.imageUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps ETag revalidation working through the proxy', async () => {
    const first = await fetch(`${gateway}/api/news`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetch(`${gateway}/api/news`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('lets staff add a treatment with a token, and refuses it without one', async () => {
    const body = JSON.stringify({
      name: `Gateway Peel ${randomUUID().slice(0, 8)}`,
      description: 'A gentle peel',
      duration: '30 minutes',
      price: '₱1,200',
      defaultDuration: 30,
    });
    const refused = await fetch(`${gateway}/api/treatments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(refused.status).toBe(401);
    const created = await fetch(`${gateway}/api/treatments`, { method: 'POST', headers: { 'content-type': 'application/json', ...staff }, body });
    expect(created.status).toBe(201);
    const treatment = await json<Treatment>(created);
    const listed = await fetch(`${gateway}/api/treatments?offering=clinic`, { headers: staff });
    expect((await json<Treatment[]>(listed)).map((t) => t.id)).toContain(treatment.id);
    expect((await fetch(`${gateway}/api/treatments/${treatment.id}`, { method: 'DELETE', headers: staff })).status).toBe(200);
  });

  it('uploads an image and serves the same bytes back', async () => {
    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'tiny.png');
    const res = await fetch(`${gateway}/api/upload`, { method: 'POST', body: form, headers: staff });
    expect(res.status).toBe(201);
    const { url } = await json<UploadResponse>(res);
    const back = await fetch(`${gateway}${url}`);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
