import { adminToken } from '@bb/service-kit/testing';
import { client, startCatalog, type Catalog } from './support/harness';

interface Item {
  id: string;
  offeringType: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}
interface Problem {
  message: string;
  details?: { path: string; message: string }[];
}

let catalog: Catalog;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  catalog = await startCatalog('content');
  api = client(catalog.url);
});
afterAll(() => catalog.close());

const anonymous = { anonymous: true };
const UNKNOWN_ID = '0123456789abcdef01234567';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface ResourceCase {
  name: string;
  path: string;
  /** A valid body (without offeringType) whose fields come back as sent. */
  valid: Record<string, unknown>;
  change: Record<string, unknown>;
  required: string[];
  defaultOffering: string;
}

const resources: ResourceCase[] = [
  {
    name: 'treatments',
    path: '/api/treatments',
    valid: {
      name: 'Hydra Facial',
      description: 'Deep cleanse and hydration',
      duration: '60 minutes',
      price: '₱3,500',
      defaultDuration: 60,
      whatToExpect: ['Cleanse', 'Extract', 'Hydrate'],
      imageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.png',
    },
    change: { price: '₱4,000', defaultDuration: 90 },
    required: ['name', 'description', 'duration', 'price'],
    defaultOffering: 'clinic',
  },
  {
    name: 'results',
    path: '/api/results',
    valid: {
      description: 'Clearer skin after four sessions',
      category: 'Acne Treatment',
      beforeImageUrl: 'https://example.com/before.jpg',
      afterImageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.jpg',
    },
    change: { description: 'Clearer skin after six sessions', category: 'Facials' },
    required: ['description'],
    defaultOffering: 'clinic',
  },
  {
    name: 'news',
    path: '/api/news',
    valid: {
      title: 'Open on Saturdays',
      excerpt: 'Now open weekends',
      content: 'From this month\nwe open on Saturdays.',
      publishedAt: '2026-01-15T02:00:00.000Z',
      category: 'Clinic News',
    },
    change: { title: 'Open on Saturdays and Sundays', publishedAt: '2026-02-01T01:00:00.000Z' },
    required: ['title', 'excerpt', 'content'],
    defaultOffering: 'both',
  },
  {
    name: 'staff',
    path: '/api/staff',
    valid: {
      name: 'Dr. Isabel Reyes',
      position: 'Dermatologist',
      bio: 'Fifteen years of practice',
      displayOrder: 2,
      imageUrl: 'https://example.com/isabel.png',
    },
    change: { position: 'Medical Director', displayOrder: 1 },
    required: ['name', 'position', 'bio'],
    defaultOffering: 'both',
  },
  {
    name: 'packages',
    path: '/api/packages',
    valid: {
      name: 'Solo Portrait',
      description: 'Headshots and branding',
      duration: '1 hour',
      price: 3500,
      features: ['15 edited photos', 'Online gallery'],
      defaultDuration: 60,
    },
    change: { price: 4200.5, features: ['20 edited photos'] },
    required: ['name', 'description', 'duration', 'price'],
    defaultOffering: 'studio',
  },
  {
    name: 'portfolio',
    path: '/api/portfolio',
    valid: {
      title: 'Golden Hour',
      description: 'Intramuros at sunset',
      category: 'Pre-Wedding',
      imageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.png',
    },
    change: { title: 'Golden Hour in Intramuros', description: '' },
    required: ['title', 'category', 'imageUrl'],
    defaultOffering: 'studio',
  },
];

const without = (body: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

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
    const res = await fetch(`${catalog.url}${r.path}/${existing}`, { method: 'DELETE', headers: { authorization: `Bearer ${forged}` } });
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
    const again = await fetch(`${catalog.url}${r.path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const created = (await api.post<Item>(r.path, r.valid)).body;
    const changed = await fetch(`${catalog.url}${r.path}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const item = await api.get<Item>(`${r.path}/${created.id}`, anonymous);
    const itemAgain = await fetch(`${catalog.url}${r.path}/${created.id}`, { headers: { 'if-none-match': item.headers.get('etag')! } });
    expect(itemAgain.status).toBe(304);
  });

  it('makes staff revalidate every read, so the console sees its own edits', async () => {
    const res = await api.get<Item[]>(r.path);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });
});

describe('treatments', () => {
  it('takes a booking duration of at least 1 whole minute, or none', async () => {
    const base = resources[0].valid;
    for (const [value, message] of [
      [0, /at least 1 minute/],
      [1.5, /whole number/],
      ['60', /whole number/],
      [-30, /at least 1 minute/],
    ] as const) {
      const res = await api.post<Problem>('/api/treatments', { ...base, defaultDuration: value });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.message).toContain('defaultDuration');
    }
    expect((await api.post<Item>('/api/treatments', { ...base, defaultDuration: 1 })).body.defaultDuration).toBe(1);
    expect((await api.post<Item>('/api/treatments', without(base, 'defaultDuration'))).body.defaultDuration).toBeNull();
    const created = (await api.post<Item>('/api/treatments', base)).body;
    expect((await api.put<Item>(`/api/treatments/${created.id}`, { defaultDuration: null })).body.defaultDuration).toBeNull();
  });

  it('keeps what-to-expect items in order, trimmed, without blanks, and wants a list', async () => {
    const created = await api.post<Item>('/api/treatments', { ...resources[0].valid, whatToExpect: ['  Consultation ', '', 'Cleanse, tone and mask', '  '] });
    expect(created.body.whatToExpect).toEqual(['Consultation', 'Cleanse, tone and mask']);
    const notAList = await api.post<Problem>('/api/treatments', { ...resources[0].valid, whatToExpect: 'Consultation' });
    expect(notAList.status).toBe(400);
    expect(notAList.body.message).toMatch(/whatToExpect must be a list/);
  });

  it('keeps a price given as a number as text', async () => {
    expect((await api.post<Item>('/api/treatments', { ...resources[0].valid, price: 2500 })).body.price).toBe('2500');
  });
});

describe('packages', () => {
  const base = resources[4].valid;

  it('wants a numeric price, and reads a peso amount typed with sign and commas', async () => {
    for (const price of ['abc', '', null, -1]) {
      const res = await api.post<Problem>('/api/packages', { ...base, price });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('price');
    }
    expect((await api.post<Item>('/api/packages', { ...base, price: '₱1,500' })).body.price).toBe(1500);
  });

  it('splits features typed with commas, trimming them and dropping blanks', async () => {
    const created = await api.post<Item>('/api/packages', { ...base, features: ' 15 photos, ,Online gallery ,' });
    expect(created.body.features).toEqual(['15 photos', 'Online gallery']);
  });

  it('takes a booking duration of at least 1 whole minute, or none', async () => {
    expect((await api.post<Problem>('/api/packages', { ...base, defaultDuration: 0 })).status).toBe(400);
    expect((await api.post<Problem>('/api/packages', { ...base, defaultDuration: 90.5 })).status).toBe(400);
    expect((await api.post<Item>('/api/packages', without(base, 'defaultDuration'))).body.defaultDuration).toBeNull();
  });
});

describe('staff', () => {
  const base = resources[3].valid;

  it('lists staff by displayOrder, lower first, then by name', async () => {
    const add = async (name: string, displayOrder?: number) =>
      (await api.post<Item>('/api/staff', { ...base, name, displayOrder, offeringType: 'studio' })).body.id;
    const bea = await add('Bea Navarro', 2);
    const zed = await add('Zed Ramos', 1);
    const amy = await add('amy Lim', 1);
    const carl = await add('Carl Cruz');
    const listed = (await api.get<Item[]>('/api/staff?offering=studio', anonymous)).body.map((s) => s.id).filter((id) => [bea, zed, amy, carl].includes(id));
    expect(listed).toEqual([carl, amy, zed, bea]);
  });

  it('wants an integer displayOrder and falls back to 0', async () => {
    for (const displayOrder of ['first', 1.5]) {
      const res = await api.post<Problem>('/api/staff', { ...base, displayOrder });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('displayOrder must be an integer');
    }
    for (const displayOrder of ['', null, undefined]) {
      expect((await api.post<Item>('/api/staff', { ...base, displayOrder })).body.displayOrder).toBe(0);
    }
  });
});

describe('news', () => {
  const base = resources[2].valid;

  it('lists news by publishedAt, newest first', async () => {
    const add = async (publishedAt: string) => (await api.post<Item>('/api/news', { ...base, publishedAt, offeringType: 'studio' })).body.id;
    const older = await add('2025-01-01');
    const newest = await add('2026-03-01');
    const middle = await add('2025-06-01');
    const listed = (await api.get<Item[]>('/api/news?offering=studio', anonymous)).body.map((n) => n.id).filter((id) => [older, newest, middle].includes(id));
    expect(listed).toEqual([newest, middle, older]);
  });

  it('publishes an article created without a date at once', async () => {
    const before = Date.now();
    const created = await api.post<Item>('/api/news', without(base, 'publishedAt'));
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.publishedAt as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes a calendar date as midnight in Manila', async () => {
    expect((await api.post<Item>('/api/news', { ...base, publishedAt: '2026-02-14' })).body.publishedAt).toBe('2026-02-13T16:00:00.000Z');
  });

  it('refuses a blank or unreadable published date with 400', async () => {
    expect((await api.post<Problem>('/api/news', { ...base, publishedAt: ' ' })).body.message).toBe('publishedAt is required');
    const unreadable = await api.post<Problem>('/api/news', { ...base, publishedAt: 'someday' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toMatch(/publishedAt must be a date/);
  });
});

describe('results', () => {
  const base = resources[1].valid;

  it('names the treatment a result belongs to, and follows its renaming and deletion', async () => {
    const treatment = (await api.post<Item>('/api/treatments', resources[0].valid)).body;
    const result = await api.post<Item>('/api/results', { ...base, treatmentId: treatment.id });
    expect(result.body).toMatchObject({ treatmentId: treatment.id, treatmentName: 'Hydra Facial' });
    const inList = async () => (await api.get<Item[]>('/api/results', anonymous)).body.find((x) => x.id === result.body.id);
    expect((await inList())?.treatmentName).toBe('Hydra Facial');
    await api.put(`/api/treatments/${treatment.id}`, { name: 'Hydra Glow Facial' });
    expect((await inList())?.treatmentName).toBe('Hydra Glow Facial');
    await api.del(`/api/treatments/${treatment.id}`);
    expect((await inList())?.treatmentName).toBeNull();
    expect((await api.get<Item>(`/api/results/${result.body.id}`, anonymous)).body.treatmentName).toBeNull();
  });

  it('refuses a treatmentId that matches no treatment', async () => {
    for (const treatmentId of [UNKNOWN_ID, 'nonsense']) {
      const res = await api.post<Problem>('/api/results', { ...base, treatmentId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('treatmentId does not match any treatment');
    }
    const created = await api.post<Item>('/api/results', { ...base, treatmentId: '' });
    expect(created.body.treatmentId).toBeNull();
  });

  it('accepts only the gallery categories', async () => {
    const res = await api.post<Problem>('/api/results', { ...base, category: 'Haircut' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/category must be one of Facials, Anti-Aging, Skin Rejuvenation, Acne Treatment/);
  });
});

describe('portfolio', () => {
  it('refuses an image URL that is neither an upload nor http(s)', async () => {
    const res = await api.post<Problem>('/api/portfolio', { ...resources[5].valid, imageUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/imageUrl/);
  });
});

describe('any catalog call', () => {
  it('refuses an unknown offering filter with 400 naming it', async () => {
    const res = await api.get<Problem>('/api/treatments?offering=spa', anonymous);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^offering/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${catalog.url}/api/staff`, {
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
