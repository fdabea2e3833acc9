import { anonymous, resources, UNKNOWN_ID, without, type Item, type Problem } from './support/content-cases';
import { catalogForFile } from './support/harness';

const { api } = catalogForFile('content-rules');

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
