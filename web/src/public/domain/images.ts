import type { Side } from '@bb/contracts';

/** Two gradient stops and an accent per stand-in picture. */
const PALETTES: Record<Side, [string, string, string][]> = {
  clinic: [
    ['#fce7ef', '#f4a6c4', '#9d174d'],
    ['#fdf2f6', '#ebcfe5', '#831843'],
    ['#fff1e6', '#f9cfe0', '#be2d5c'],
    ['#f9cfe0', '#ec6f9c', '#6b1239'],
  ],
  studio: [
    ['#f5e7f2', '#d9a8d0', '#6d3165'],
    ['#fbf5fa', '#ebcfe5', '#582852'],
    ['#efe7f5', '#bf78b3', '#431f3f'],
    ['#f5e7f2', '#a05293', '#2d1430'],
  ],
};

/** A soft drop for the clinic, a lens aperture for the studio. */
const MOTIF: Record<Side, (accent: string) => string> = {
  clinic: (a) =>
    `<path d='M200 70c46 52 56 104 0 150-56-46-46-98 0-150z' fill='${a}' fill-opacity='.28'/><circle cx='200' cy='160' r='22' fill='#fff' fill-opacity='.5'/>`,
  studio: (a) =>
    `<circle cx='200' cy='150' r='70' fill='none' stroke='${a}' stroke-opacity='.35' stroke-width='14'/><circle cx='200' cy='150' r='30' fill='${a}' fill-opacity='.25'/>`,
};

function svg(side: Side, [from, to, accent]: [string, string, string], variant: number): string {
  const bubble = ['300 70', '90 230', '330 240', '70 60'][variant % 4];
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 300' preserveAspectRatio='xMidYMid slice'>` +
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${from}'/><stop offset='1' stop-color='${to}'/></linearGradient></defs>` +
    `<rect width='400' height='300' fill='url(#g)'/><circle cx='${bubble.split(' ')[0]}' cy='${bubble.split(' ')[1]}' r='90' fill='#fff' fill-opacity='.22'/>` +
    MOTIF[side](accent) +
    `</svg>`
  );
}

/** How many different stand-in pictures each side rotates through. */
export const FALLBACK_COUNT = 4;

/**
 * The picture shown when an item has no image (or its image fails to load): made here as an
 * SVG data URL so nothing is downloaded, and rotated by the item's position so a grid of
 * image-less items does not look like one tile repeated.
 */
export function fallbackImage(side: Side, index: number): string {
  const i = ((index % FALLBACK_COUNT) + FALLBACK_COUNT) % FALLBACK_COUNT;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(side, PALETTES[side][i], i))}`;
}
