import { encodePng } from '../../domain/png';

export type Rgb = readonly [number, number, number];

/**
 * A soft-edged ellipse or ring. Centre in fractions of the width and height; radii and ring
 * thickness in fractions of the height, so a circle stays round on any canvas.
 */
export interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  /** Defaults to rx: a circle. */
  ry?: number;
  color: Rgb;
  opacity: number;
  /** Width of the blurred edge as a fraction of the smaller radius; 0 is a crisp edge. */
  softness?: number;
  /** Draws only a band this thick inside the edge. */
  ring?: number;
}

/** A picture: a linear two-colour gradient under ellipses painted in order. */
export interface Artwork {
  width: number;
  height: number;
  from: Rgb;
  to: Rgb;
  /** Direction of the gradient in degrees: 0 runs left to right, 90 top to bottom. */
  angle: number;
  shapes: Ellipse[];
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * Coverage of a pixel centre by an ellipse: 1 inside, 0 outside, a ramp across the edge.
 * (Hot loop: `** 0.5` rather than Math.sqrt, whose global lookup is costly where globals are
 * wrapped, as under jest.)
 */
function coverage(dx: number, dy: number, rx: number, ry: number, feather: number): number {
  const d = ((dx / rx) ** 2 + (dy / ry) ** 2) ** 0.5;
  return clamp01(((1 - d) * (rx < ry ? rx : ry)) / feather + 0.5);
}

/** Paints an artwork into 8-bit RGB pixels. */
export function renderArtwork(art: Artwork): Uint8Array {
  const { width: w, height: h } = art;
  const px = new Float32Array(w * h * 3);
  const rad = (art.angle * Math.PI) / 180;
  const ux = Math.cos(rad);
  const uy = Math.sin(rad);
  // Project the corners to scale the gradient to exactly 0..1 across the canvas.
  const proj = [0, ux, uy, ux + uy];
  const lo = Math.min(...proj);
  const span = Math.max(...proj) - lo || 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = ((x / w) * ux + (y / h) * uy - lo) / span;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = art.from[c] + (art.to[c] - art.from[c]) * t;
    }
  }
  for (const s of art.shapes) {
    const cx = s.cx * w;
    const cy = s.cy * h;
    const rx = s.rx * h;
    const ry = (s.ry ?? s.rx) * h;
    const feather = Math.max(1, (s.softness ?? 0) * Math.min(rx, ry));
    const inner = s.ring ? s.ring * h : 0;
    const x0 = Math.max(0, Math.floor(cx - rx - feather));
    const x1 = Math.min(w - 1, Math.ceil(cx + rx + feather));
    const y0 = Math.max(0, Math.floor(cy - ry - feather));
    const y1 = Math.min(h - 1, Math.ceil(cy + ry + feather));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        let a = coverage(dx, dy, rx, ry, feather);
        if (inner > 0 && a > 0) a *= 1 - coverage(dx, dy, Math.max(1, rx - inner), Math.max(1, ry - inner), feather);
        a *= s.opacity;
        if (a <= 0) continue;
        const i = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) px[i + c] += (s.color[c] - px[i + c]) * a;
      }
    }
  }
  const out = new Uint8Array(px.length);
  // Values stay within 0..255, so adding a half and truncating rounds.
  for (let i = 0; i < px.length; i++) out[i] = px[i] + 0.5;
  return out;
}

export const artworkPng = (art: Artwork): Buffer => encodePng(art.width, art.height, renderArtwork(art));
