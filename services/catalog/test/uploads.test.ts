import { MAX_UPLOAD_BYTES, UPLOAD_KEY_PATTERN } from '@bb/contracts';
import { encodePng } from '../src/domain/png';
import { startCatalog, token, type Catalog } from './support/harness';

/** A real 16x16 JPEG (a pink-to-violet gradient drawn in a browser canvas). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABQAH/8QAFxABAAMAAAAAAAAAAAAAAAAABAAhMf/EABQBAQAAAAAAAAAAAAAAAAAAAAX/xAAWEQADAAAAAAAAAAAAAAAAAAAAAgP/2gAMAwEAAhEDEQA/ANUYrbgbFbcmK24ExW3E4xE2Y//Z',
  'base64',
);
const PNG = encodePng(
  4,
  2,
  Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => (i * 37) % 256),
);
const PNG_SIGNATURE = PNG.subarray(0, 8);

let catalog: Catalog;
beforeAll(async () => {
  catalog = await startCatalog('uploads');
});
afterAll(() => catalog.close());

interface Answer {
  status: number;
  body: { url?: string; message?: string };
}

async function upload(data: Uint8Array, { name = 'photo.png', type = 'image/png', field = 'image', auth = true } = {}): Promise<Answer> {
  const form = new FormData();
  form.append(field, new Blob([data], { type }), name);
  const res = await fetch(`${catalog.url}/api/upload`, { method: 'POST', body: form, headers: auth ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe('image upload', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
  ])('stores a %s and serves it back byte for byte, with its type and a year of caching', async (_label, data, contentType, extension) => {
    const sent = await upload(data, { name: `picture.${extension}`, type: contentType });
    expect(sent.status).toBe(201);
    expect(sent.body.url).toMatch(/^\/api\/uploads\//);
    const key = sent.body.url!.slice('/api/uploads/'.length);
    expect(key).toMatch(UPLOAD_KEY_PATTERN);
    expect(key.endsWith(`.${extension}`)).toBe(true);

    const res = await fetch(`${catalog.url}${sent.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(contentType);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetch(`${catalog.url}${sent.body.url}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('reads the type from the content: the name and declared type do not count', async () => {
    const pngNamedJpg = await upload(PNG, { name: 'holiday.jpg', type: 'image/jpeg' });
    expect(pngNamedJpg.status).toBe(201);
    expect(pngNamedJpg.body.url).toMatch(/\.png$/);
    const res = await fetch(`${catalog.url}${pngNamedJpg.body.url}`);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a text file named .png with 415', async () => {
    const res = await upload(Buffer.from('just some notes, not a picture'), { name: 'notes.png', type: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JPG or PNG/);
  });

  it('refuses a GIF and an empty file with 415', async () => {
    expect((await upload(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), { name: 'a.gif', type: 'image/gif' })).status).toBe(415);
    expect((await upload(Buffer.alloc(0))).status).toBe(415);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413', async () => {
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES);
    PNG_SIGNATURE.copy(atLimit);
    expect((await upload(atLimit)).status).toBe(201);
    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    PNG_SIGNATURE.copy(over);
    const res = await upload(over);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Image must be less than 5MB');
  });

  it('refuses a request without a file with 400', async () => {
    const form = new FormData();
    form.append('caption', 'no picture here');
    const res = await fetch(`${catalog.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer['body']).message).toMatch(/No image received/);
    const json = await fetch(`${catalog.url}/api/upload`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('refuses a file in another field with 400 naming the "image" field', async () => {
    const res = await upload(PNG, { field: 'file' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/"image"/);
  });

  it('refuses a cut-off multipart body with 400', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const res = await fetch(`${catalog.url}/api/upload`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses an upload without a token with 401', async () => {
    const res = await upload(PNG, { auth: false });
    expect(res.status).toBe(401);
  });

  it('answers 404 for an unknown or malformed image key', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef.png', 'nothing-here.png', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await fetch(`${catalog.url}/api/uploads/${key}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBeNull();
      expect(((await res.json()) as Answer['body']).message).toBe('Image not found');
    }
  });
});
