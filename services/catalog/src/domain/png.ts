import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_RGB = 2;
const BYTES_PER_PIXEL = 3;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

// Hot loops avoid Math.*: a global lookup per byte is costly where globals are wrapped (jest).
const abs = (v: number) => (v < 0 ? -v : v);

/**
 * Writes the row filtered with filter type `f` (PNG spec section 9.2) into `out` and returns
 * the sum of the absolute values of the signed bytes: the usual measure of which filter
 * will deflate best.
 */
function filterRow(f: number, row: Uint8Array, prev: Uint8Array | null, out: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < row.length; i++) {
    const x = row[i];
    const a = i >= BYTES_PER_PIXEL ? row[i - BYTES_PER_PIXEL] : 0;
    const b = prev ? prev[i] : 0;
    let predictor = 0;
    if (f === 1) predictor = a;
    else if (f === 2) predictor = b;
    else if (f === 3) predictor = (a + b) >> 1;
    else if (f === 4) {
      const c = prev && i >= BYTES_PER_PIXEL ? prev[i - BYTES_PER_PIXEL] : 0;
      const pa = abs(b - c);
      const pb = abs(a - c);
      const pc = abs(a + b - 2 * c);
      predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    const v = (x - predictor) & 0xff;
    out[i] = v;
    sum += v < 128 ? v : 256 - v;
  }
  return sum;
}

/**
 * Encodes 8-bit RGB pixels (row by row, 3 bytes a pixel) as a PNG. Each row takes the filter
 * with the smallest sum of absolute differences, the usual heuristic: smooth artwork then
 * deflates to a few kilobytes.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError('PNG size must be positive integers');
  const stride = width * BYTES_PER_PIXEL;
  if (rgb.length !== stride * height) throw new RangeError(`expected ${stride * height} bytes of RGB, got ${rgb.length}`);
  const raw = Buffer.alloc((stride + 1) * height);
  const candidates = Array.from({ length: 5 }, () => new Uint8Array(stride));
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rgb.subarray((y - 1) * stride, y * stride) : null;
    let best = 0;
    let bestScore = Infinity;
    for (let f = 0; f < 5; f++) {
      const score = filterRow(f, row, prev, candidates[f]);
      if (score < bestScore) {
        bestScore = score;
        best = f;
      }
    }
    raw[y * (stride + 1)] = best;
    raw.set(candidates[best], y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = COLOR_TYPE_RGB;
  // compression, filter method and interlace stay 0: deflate, adaptive, none.
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
