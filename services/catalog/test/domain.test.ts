import { inflateSync, crc32 } from 'node:zlib';
import { RESULT_CATEGORIES, UPLOAD_KEY_PATTERN } from '@bb/contracts';
import { DEMO_SCHEMAS } from '../src/seed/demo-schemas';
import { artworkPng, renderArtwork, type Artwork } from '../src/seed/art/artwork';
import { demoContent } from '../src/seed/demo-content';
import { isObjectIdText } from '../src/domain/ids';
import { sniffImageType } from '@bb/service-kit';
import { contentImageKey, imageTypeOfKey, randomImageKey } from '../src/domain/images';
import { offeringFilter } from '../src/domain/offering';
import { byDisplayOrderThenName } from '../src/domain/ordering';
import { encodePng } from '../src/domain/png';

/** A minimal PNG reader for the encoder's own output: chunks, CRCs and unfiltered RGB rows. */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0].data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  expect([...ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(chunks[1].data);
  const stride = width * 3;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= 3 ? pixels[y * stride + i - 3] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= 3 ? pixels[(y - 1) * stride + i - 3] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('image type sniffing', () => {
  const png = encodePng(1, 1, Uint8Array.from([255, 0, 0]));

  it('recognises a PNG and a JPEG by their first bytes', () => {
    expect(sniffImageType(png)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
  });

  it('refuses text, GIF, WebP, a cut-off signature and nothing at all', () => {
    for (const data of [
      Buffer.from('hello.png'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\0\0\0\0WEBP'),
      png.subarray(0, 7),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageType(data)).toBeNull();
    }
  });
});

describe('image keys', () => {
  it('gives uploads random keys in the served pattern', () => {
    const type = { contentType: 'image/png', extension: 'png' } as const;
    const keys = new Set(Array.from({ length: 50 }, () => randomImageKey(type)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UPLOAD_KEY_PATTERN);
  });

  it('gives generated images a key from their content', () => {
    const jpg = { contentType: 'image/jpeg', extension: 'jpg' } as const;
    expect(contentImageKey(Buffer.from('a'), jpg)).toBe(contentImageKey(Buffer.from('a'), jpg));
    expect(contentImageKey(Buffer.from('a'), jpg)).not.toBe(contentImageKey(Buffer.from('b'), jpg));
    expect(contentImageKey(Buffer.from('a'), jpg)).toMatch(UPLOAD_KEY_PATTERN);
  });

  it('reads the type back from a key and refuses any other name', () => {
    expect(imageTypeOfKey('0123456789abcdef0123456789abcdef.jpg')?.contentType).toBe('image/jpeg');
    expect(imageTypeOfKey('0123456789abcdef0123456789abcdef.png')?.contentType).toBe('image/png');
    for (const key of ['0123456789abcdef0123456789abcdef.gif', '../secret.png', '0123456789ABCDEF0123456789ABCDEF.png', 'x.png'])
      expect(imageTypeOfKey(key)).toBeNull();
  });
});

describe('PNG encoding', () => {
  it('writes a valid PNG whose pixels decode back exactly', () => {
    const width = 7;
    const height = 5;
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 97 + (i % 5) * 13) & 0xff);
    const decoded = decodePng(encodePng(width, height, rgb));
    expect(decoded.width).toBe(width);
    expect(decoded.height).toBe(height);
    expect([...decoded.pixels]).toEqual([...rgb]);
  });

  it('refuses pixel data that does not match the size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(RangeError);
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError);
  });
});

describe('generated artwork', () => {
  const art: Artwork = {
    width: 40,
    height: 20,
    from: [0, 0, 0],
    to: [200, 100, 50],
    angle: 0,
    shapes: [{ cx: 0.5, cy: 0.5, rx: 0.25, color: [10, 250, 10], opacity: 1 }],
  };

  it('paints the gradient across the canvas and shapes over it', () => {
    const px = renderArtwork(art);
    const at = (x: number, y: number) => [...px.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3)];
    expect(at(0, 0)).toEqual([0, 0, 0]);
    expect(at(39, 0)[0]).toBeGreaterThan(190);
    expect(at(20, 10)).toEqual([10, 250, 10]);
  });

  it('renders the same picture every time, and encodes exactly what it painted', () => {
    expect(artworkPng(art).equals(artworkPng(art))).toBe(true);
    const picture = demoContent(new Date()).portfolio[0].art.imageUrl;
    expect([...decodePng(artworkPng(picture)).pixels]).toEqual([...renderArtwork(picture)]);
  });
});

describe('demo content', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const content = demoContent(now);
  const url = '/api/uploads/0123456789abcdef0123456789abcdef.png';

  it('has what the issue asks for', () => {
    expect(content.treatments.length).toBeGreaterThanOrEqual(6);
    expect(content.results.length).toBeGreaterThanOrEqual(6);
    expect(content.news.length).toBeGreaterThanOrEqual(4);
    expect(content.staff.filter((s) => s.fields.offeringType === 'clinic').length).toBeGreaterThanOrEqual(4);
    expect(content.staff.filter((s) => s.fields.offeringType === 'studio').length).toBeGreaterThanOrEqual(4);
    expect(content.packages.length).toBeGreaterThanOrEqual(4);
    expect(content.portfolio.length).toBeGreaterThanOrEqual(8);
    expect(new Set(content.results.map((r) => r.fields.category))).toEqual(new Set(RESULT_CATEGORIES));
  });

  it('passes the same validation as the console', () => {
    for (const t of content.treatments) {
      const parsed = DEMO_SCHEMAS.treatments.parse({ ...t.fields, imageUrl: url });
      expect(parsed.whatToExpect?.length).toBeGreaterThan(0);
      expect(parsed.defaultDuration).toBeGreaterThanOrEqual(1);
    }
    for (const r of content.results) DEMO_SCHEMAS.results.parse({ ...r.fields, beforeImageUrl: url, afterImageUrl: url });
    for (const n of content.news) DEMO_SCHEMAS.news.parse({ ...n.fields, imageUrl: url });
    for (const s of content.staff) DEMO_SCHEMAS.staff.parse({ ...s.fields, imageUrl: url });
    for (const p of content.packages) DEMO_SCHEMAS.packages.parse({ ...p.fields, imageUrl: url });
    for (const p of content.portfolio) DEMO_SCHEMAS.portfolio.parse({ ...p.fields, imageUrl: url });
  });

  it('ties every result to a demo treatment and gives every item a unique slug', () => {
    const treatmentSlugs = new Set(content.treatments.map((t) => t.slug));
    for (const r of content.results) expect(treatmentSlugs.has(r.treatment)).toBe(true);
    for (const list of Object.values(content)) expect(new Set(list.map((i: { slug: string }) => i.slug)).size).toBe(list.length);
  });

  it('dates the news before now, newest first', () => {
    const dates = content.news.map((n) => Date.parse(n.fields.publishedAt!));
    expect(dates.every((d) => d < now.getTime())).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('offering filter', () => {
  it('shows the asked side and items tagged both; both alone shows only those; none shows all', () => {
    expect(offeringFilter('clinic')).toEqual({ offeringType: { $in: ['clinic', 'both'] } });
    expect(offeringFilter('studio')).toEqual({ offeringType: { $in: ['studio', 'both'] } });
    expect(offeringFilter('both')).toEqual({ offeringType: { $in: ['both'] } });
    expect(offeringFilter(undefined)).toEqual({});
  });
});

describe('staff order', () => {
  it('sorts by displayOrder, then by name regardless of case and accents', () => {
    const people = [
      { name: 'Zed', displayOrder: 1 },
      { name: 'Élise', displayOrder: 1 },
      { name: 'amy', displayOrder: 1 },
      { name: 'Bea', displayOrder: 0 },
      { name: 'Carl', displayOrder: -1 },
    ];
    expect([...people].sort(byDisplayOrderThenName).map((p) => p.name)).toEqual(['Carl', 'Bea', 'amy', 'Élise', 'Zed']);
  });
});

describe('ids', () => {
  it('takes only 24 hex digits as one of our ids', () => {
    expect(isObjectIdText('0123456789abcdefABCDEF01')).toBe(true);
    for (const id of ['123456789012', '0123456789abcdef0123456', '0123456789abcdef012345678', 'zzzzzzzzzzzzzzzzzzzzzzzz', ''])
      expect(isObjectIdText(id)).toBe(false);
  });
});
