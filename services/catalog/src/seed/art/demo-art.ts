import type { Artwork, Ellipse, Rgb } from './artwork';

/** Colour schemes of the demo pictures: soft blush and champagne for the clinic, violet for the studio. */
export interface Palette {
  from: Rgb;
  to: Rgb;
  accent: Rgb;
  deep: Rgb;
  light: Rgb;
}

export const PALETTES = {
  blush: { from: [250, 221, 226], to: [253, 239, 228], accent: [214, 125, 147], deep: [150, 82, 104], light: [255, 250, 248] },
  champagne: { from: [246, 229, 205], to: [253, 245, 235], accent: [205, 164, 112], deep: [140, 104, 70], light: [255, 252, 244] },
  sage: { from: [221, 237, 229], to: [246, 250, 246], accent: [122, 168, 146], deep: [70, 112, 96], light: [252, 255, 252] },
  lavender: { from: [234, 225, 247], to: [247, 242, 253], accent: [150, 118, 200], deep: [96, 70, 140], light: [255, 252, 255] },
  plum: { from: [64, 42, 86], to: [134, 88, 150], accent: [240, 196, 222], deep: [36, 22, 52], light: [255, 236, 246] },
  dusk: { from: [252, 206, 170], to: [132, 96, 160], accent: [255, 232, 180], deep: [60, 40, 84], light: [255, 246, 226] },
} as const satisfies Record<string, Palette>;

export const CARD = { width: 360, height: 240 } as const;
export const SQUARE = { width: 300, height: 300 } as const;

/** A repeatable sequence in [0, 1) from a text, so each picture differs yet renders the same every time. */
function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rnd: () => number, lo: number, hi: number) => lo + (hi - lo) * rnd();

/** A person as head and shoulders: `x` and `base` place the bottom edge, `size` scales (1 fills the height). */
function figure(x: number, base: number, size: number, color: Rgb): Ellipse[] {
  return [
    { cx: x, cy: base - size * 0.1, rx: size * 0.3, ry: size * 0.34, color, opacity: 0.92, softness: 0.04 },
    { cx: x, cy: base - size * 0.56, rx: size * 0.13, ry: size * 0.15, color, opacity: 0.92, softness: 0.06 },
  ];
}

/** Treatments and news: a soft light source, floating droplets and one fine ring. */
export function glowArt(p: Palette, seed: string): Artwork {
  const rnd = randomFrom(seed);
  const shapes: Ellipse[] = [
    { cx: between(rnd, 0.55, 0.8), cy: between(rnd, 0.3, 0.5), rx: between(rnd, 0.3, 0.4), color: p.light, opacity: 0.55, softness: 0.7 },
  ];
  for (let i = 0; i < 4; i++) {
    shapes.push({
      cx: between(rnd, 0.08, 0.92),
      cy: between(rnd, 0.12, 0.9),
      rx: between(rnd, 0.03, 0.1),
      color: i % 2 ? p.light : p.accent,
      opacity: between(rnd, 0.3, 0.6),
      softness: 0.15,
    });
  }
  shapes.push({
    cx: between(rnd, 0.25, 0.5),
    cy: between(rnd, 0.5, 0.7),
    rx: between(rnd, 0.18, 0.26),
    color: p.accent,
    opacity: 0.5,
    ring: 0.012,
    softness: 0.04,
  });
  return { ...CARD, from: p.from, to: p.to, angle: between(rnd, 20, 70), shapes };
}

/** Staff: a portrait silhouette against a soft backdrop. */
export function portraitArt(p: Palette, seed: string): Artwork {
  const rnd = randomFrom(seed);
  const x = between(rnd, 0.45, 0.55);
  return {
    ...SQUARE,
    from: p.from,
    to: p.to,
    angle: 90,
    shapes: [{ cx: between(rnd, 0.2, 0.8), cy: 0.25, rx: 0.35, color: p.light, opacity: 0.5, softness: 0.8 }, ...figure(x, 1.08, 1, p.deep)],
  };
}

export type SkinConcern = 'acne' | 'lines' | 'dull' | 'spots';

const SKIN: Rgb = [238, 204, 182];
const HAIR: Rgb = [70, 48, 44];

/** Blemishes or dark spots: `count` round marks scattered over the cheeks and chin. */
function cheekMarks(rnd: () => number, count: number, mark: { cyTo: number; rx: [number, number]; color: Rgb; opacity: number; softness: number }): Ellipse[] {
  const marks: Ellipse[] = [];
  for (let i = 0; i < count; i++) {
    marks.push({
      cx: between(rnd, 0.36, 0.64),
      cy: between(rnd, 0.55, mark.cyTo),
      rx: between(rnd, mark.rx[0], mark.rx[1]),
      color: mark.color,
      opacity: mark.opacity,
      softness: mark.softness,
    });
  }
  return marks;
}

/**
 * Results: an illustrated face. Before shows the concern (blemishes, fine lines, a grey cast,
 * dark spots); after is the same face clear, with a healthy glow.
 */
export function faceArt(p: Palette, concern: SkinConcern, after: boolean, seed: string): Artwork {
  const rnd = randomFrom(`${seed}:${concern}`);
  const shapes: Ellipse[] = [
    { cx: 0.5, cy: 0.46, rx: 0.34, ry: 0.38, color: HAIR, opacity: 0.95, softness: 0.05 },
    { cx: 0.5, cy: 0.52, rx: 0.25, ry: 0.32, color: SKIN, opacity: 1, softness: 0.03 },
    { cx: 0.5, cy: 1.12, rx: 0.5, ry: 0.3, color: p.accent, opacity: 0.9, softness: 0.03 },
    // Closed, relaxed eyes and lips: a face at rest, as in a treatment room.
    { cx: 0.41, cy: 0.5, rx: 0.045, ry: 0.008, color: HAIR, opacity: 0.8 },
    { cx: 0.59, cy: 0.5, rx: 0.045, ry: 0.008, color: HAIR, opacity: 0.8 },
    { cx: 0.5, cy: 0.7, rx: 0.06, ry: 0.018, color: [196, 110, 120], opacity: 0.85, softness: 0.2 },
  ];
  if (!after) {
    if (concern === 'acne') {
      shapes.push(...cheekMarks(rnd, 9, { cyTo: 0.78, rx: [0.008, 0.016], color: [200, 110, 100], opacity: 0.8, softness: 0.5 }));
    } else if (concern === 'lines') {
      for (const y of [0.32, 0.36, 0.4]) shapes.push({ cx: 0.5, cy: y, rx: 0.1, ry: 0.004, color: [190, 150, 132], opacity: 0.8 });
      for (const x of [0.41, 0.59]) shapes.push({ cx: x, cy: 0.64, rx: 0.006, ry: 0.05, color: [190, 150, 132], opacity: 0.7 });
    } else if (concern === 'spots') {
      shapes.push(...cheekMarks(rnd, 6, { cyTo: 0.7, rx: [0.015, 0.03], color: [176, 128, 100], opacity: 0.45, softness: 0.6 }));
    }
    // Tired, uneven skin reads greyer before the treatment.
    shapes.push({ cx: 0.5, cy: 0.52, rx: 0.25, ry: 0.32, color: [150, 140, 140], opacity: concern === 'dull' ? 0.3 : 0.12, softness: 0.03 });
  } else {
    shapes.push({ cx: 0.62, cy: 0.6, rx: 0.07, ry: 0.045, color: [246, 180, 182], opacity: 0.55, softness: 0.8 });
    shapes.push({ cx: 0.38, cy: 0.6, rx: 0.07, ry: 0.045, color: [246, 180, 182], opacity: 0.55, softness: 0.8 });
    shapes.push({ cx: 0.56, cy: 0.4, rx: 0.08, color: [255, 255, 255], opacity: 0.35, softness: 0.9 });
  }
  return { ...SQUARE, from: after ? p.to : p.from, to: after ? p.light : p.to, angle: 90, shapes };
}

/** Packages: an aperture of concentric rings in a soft glow. */
export function apertureArt(p: Palette, seed: string): Artwork {
  const rnd = randomFrom(seed);
  const cx = between(rnd, 0.35, 0.65);
  const shapes: Ellipse[] = [{ cx, cy: 0.5, rx: 0.3, color: p.light, opacity: 0.15, softness: 0.5 }];
  for (const [r, w] of [
    [0.38, 0.018],
    [0.3, 0.05],
    [0.2, 0.012],
  ])
    shapes.push({ cx, cy: 0.5, rx: r, color: p.accent, opacity: 0.7, ring: w, softness: 0.03 });
  shapes.push({ cx, cy: 0.5, rx: 0.08, color: p.deep, opacity: 0.8, softness: 0.1 });
  shapes.push({ cx: cx + 0.03, cy: 0.45, rx: 0.025, color: p.light, opacity: 0.8, softness: 0.3 });
  return { ...CARD, from: p.from, to: p.to, angle: 90, shapes };
}

export type Scene = 'sunset' | 'couple' | 'family' | 'maternity' | 'celebration' | 'solo';

/** Portfolio: small scenes of the sessions the studio shoots. */
export function sceneArt(p: Palette, scene: Scene, seed: string): Artwork {
  const rnd = randomFrom(`${seed}:${scene}`);
  const shapes: Ellipse[] = [];
  if (scene === 'sunset' || scene === 'couple' || scene === 'family') {
    shapes.push({ cx: between(rnd, 0.3, 0.7), cy: 0.62, rx: 0.2, color: p.accent, opacity: 0.85, softness: 0.3 });
    shapes.push({ cx: 0.25, cy: 1.2, rx: 0.9, ry: 0.5, color: p.deep, opacity: 0.55, softness: 0.02 });
    shapes.push({ cx: 0.85, cy: 1.25, rx: 0.8, ry: 0.5, color: p.deep, opacity: 0.75, softness: 0.02 });
  } else {
    for (let i = 0; i < 9; i++)
      shapes.push({
        cx: rnd(),
        cy: between(rnd, 0.05, 0.7),
        rx: between(rnd, 0.03, 0.09),
        color: i % 3 ? p.accent : p.light,
        opacity: between(rnd, 0.25, 0.55),
        softness: 0.35,
      });
  }
  if (scene === 'couple') shapes.push(...figure(0.44, 0.98, 0.55, p.deep), ...figure(0.56, 0.98, 0.6, p.deep));
  if (scene === 'family') shapes.push(...figure(0.36, 0.98, 0.6, p.deep), ...figure(0.5, 0.98, 0.4, p.deep), ...figure(0.64, 0.98, 0.62, p.deep));
  if (scene === 'maternity')
    shapes.push(...figure(0.5, 1.02, 0.85, p.deep), { cx: 0.57, cy: 0.72, rx: 0.12, ry: 0.14, color: p.deep, opacity: 0.92, softness: 0.04 });
  if (scene === 'celebration') shapes.push(...figure(0.4, 1.02, 0.7, p.deep), ...figure(0.6, 1.02, 0.75, p.deep));
  if (scene === 'solo') shapes.push(...figure(0.5, 1.04, 0.9, p.deep));
  return { ...CARD, from: p.from, to: p.to, angle: 90, shapes };
}
