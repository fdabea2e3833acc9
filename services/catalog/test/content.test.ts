import { adminToken } from '@bb/service-kit/testing';
import { anonymous, ISO_INSTANT, resources, UNKNOWN_ID, without, type Item, type Problem } from './support/content-cases';
import { catalogForFile } from './support/harness';

const app = catalogForFile('content');
const { api } = app;

describe.each(resources)('$name', (r) => {
  const ids = async (query: string) => (await api.get<Item[]>(`${r.path}${query}`, anonymous)).body.map((item) => item.id);

  it('creates, reads, lists with the offering filter, updates, deletes, then answers 404', async () => {
    const created = await api.post<Item>(r.path, { ...r.valid, offeringType: 'clinic' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...r.valid, offeringType: 'clinic' });
    expect(created.body.id).toMatch(/^[a-f0-9]{24}$/);
    expect(created.body.createdAt).toMatch(ISO_INSTANT);
    const id = created.body.id;

    const read = await api.get<Item>(`${r.path}/${id}`, anonymous);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const studio = (await api.post<Item>(r.path, { ...r.valid, offeringType: 'studio' })).body.id;
    const both = (await api.post<Item>(r.path, { ...r.valid, offeringType: 'both' })).body.id;
    const clinicSide = await ids('?offering=clinic');
    expect(clinicSide).toEqual(expect.arrayContaining([id, both]));
    expect(clinicSide).not.toContain(studio);
    const studioSide = await ids('?offering=studio');
    expect(studioSide).toEqual(expect.arrayContaining([studio, both]));
    expect(studioSide).not.toContain(id);
    expect(await ids('?offering=both')).toEqual(expect.arrayContaining([both]));
    expect(await ids('?offering=both')).not.toContain(id);
    expect(await ids('')).toEqual(expect.arrayContaining([id, studio, both]));

    const updated = await api.put<Item>(`${r.path}/${id}`, r.change);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ...r.valid, ...r.change, id, offeringType: 'clinic', createdAt: created.body.createdAt });
    expect((await api.get<Item>(`${r.path}/${id}`, anonymous)).body).toEqual(updated.body);
    expect((await api.get<Item[]>(`${r.path}?offering=clinic`, anonymous)).body.find((item) => item.id === id)).toEqual(updated.body);

    const removed = await api.del<Problem>(`${r.path}/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toMatch(/deleted/);
    const gone = await api.get<Problem>(`${r.path}/${id}`, anonymous);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/not found/);
    expect(await ids('')).not.toContain(id);
    expect((await api.put(`${r.path}/${id}`, r.change)).status).toBe(404);
    expect((await api.del(`${r.path}/${id}`)).status).toBe(404);
  });

  it(`tags a new item "${r.defaultOffering}" when no offering is given`, async () => {
    const created = await api.post<Item>(r.path, r.valid);
    expect(created.status).toBe(201);
    expect(created.body.offeringType).toBe(r.defaultOffering);
  });

  it.each(r.required)('refuses a missing or blank %s with 400 naming it', async (field) => {
    for (const body of [without(r.valid, field), { ...r.valid, [field]: '' }, { ...r.valid, [field]: '   ' }]) {
      const res = await api.post<Problem>(r.path, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const existing = (await api.post<Item>(r.path, r.valid)).body.id;
    const blanked = await api.put<Problem>(`${r.path}/${existing}`, { [field]: ' ' });
    expect(blanked.status).toBe(400);
    expect(blanked.body.message).toContain(field);
  });

  it('refuses to create, update or delete without a valid token (401)', async () => {
    const existing = (await api.post<Item>(r.path, r.valid)).body.id;
    expect((await api.post(r.path, r.valid, anonymous)).status).toBe(401);
    expect((await api.put(`${r.path}/${existing}`, r.change, anonymous)).status).toBe(401);
    expect((await api.del(`${r.path}/${existing}`, anonymous)).status).toBe(401);
    const forged = adminToken({ secret: 'some-other-secret-0123456789' });
    const res = await fetch(`${app.url}${r.path}/${existing}`, { method: 'DELETE', headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    expect((await api.get(`${r.path}/${existing}`, anonymous)).status).toBe(200);
  });

  it('answers 404 to an unknown id and to a malformed one', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', '123456789012', "1' OR '1'='1"]) {
      const path = `${r.path}/${encodeURIComponent(id)}`;
      const read = await api.get<Problem>(path, anonymous);
      expect(read.status).toBe(404);
      expect(read.body.message).toMatch(/not found/);
      expect((await api.put(path, r.change)).status).toBe(404);
      expect((await api.del(path)).status).toBe(404);
    }
  });

  it('sends an ETag and answers 304 until the list changes', async () => {
    const first = await api.get<Item[]>(r.path, anonymous);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    expect(first.headers.get('vary')).toMatch(/Authorization/);
    const again = await fetch(`${app.url}${r.path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const created = (await api.post<Item>(r.path, r.valid)).body;
    const changed = await fetch(`${app.url}${r.path}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const item = await api.get<Item>(`${r.path}/${created.id}`, anonymous);
    const itemAgain = await fetch(`${app.url}${r.path}/${created.id}`, { headers: { 'if-none-match': item.headers.get('etag')! } });
    expect(itemAgain.status).toBe(304);
  });

  it('makes staff revalidate every read, so the console sees its own edits', async () => {
    const res = await api.get<Item[]>(r.path);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });
});

describe('any catalog call', () => {
  it('refuses an unknown offering filter with 400 naming it', async () => {
    const res = await api.get<Problem>('/api/treatments?offering=spa', anonymous);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^offering/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${app.url}/api/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken()}` },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).message).toMatch(/JSON/);
  });

  it('refuses a body that is not an object with 400', async () => {
    const res = await api.post<Problem>('/api/staff', ['Dr. Reyes']);
    expect(res.status).toBe(400);
  });
});
