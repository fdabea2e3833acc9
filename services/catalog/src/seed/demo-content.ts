import type { NewsCreate, PackageCreate, PortfolioCreate, ResultCreate, StaffCreate, TreatmentCreate } from '@bb/contracts';
import type { Artwork } from './art/artwork';
import { PALETTES, apertureArt, faceArt, glowArt, portraitArt, sceneArt, type Scene, type SkinConcern } from './art/demo-art';
import rows from './demo-content.json';

/** One demo item: a stable slug (its id derives from it), its fields, and the pictures to draw for it. */
export interface DemoItem<F, I extends string> {
  slug: string;
  fields: Omit<F, I>;
  art: Record<I, Artwork>;
}

export interface DemoResult extends DemoItem<ResultCreate, 'beforeImageUrl' | 'afterImageUrl'> {
  /** Slug of the treatment that produced it. */
  treatment: string;
}

export interface DemoContent {
  treatments: DemoItem<TreatmentCreate, 'imageUrl'>[];
  results: DemoResult[];
  news: DemoItem<NewsCreate, 'imageUrl'>[];
  staff: DemoItem<StaffCreate, 'imageUrl'>[];
  packages: DemoItem<PackageCreate, 'imageUrl'>[];
  portfolio: DemoItem<PortfolioCreate, 'imageUrl'>[];
}

type PaletteName = keyof typeof PALETTES;

/** How an item's picture is drawn: which kind, in which colours, from which seed (the slug when left out). */
type ArtSpec = { palette: PaletteName; seed?: string } & ({ draw: 'glow' | 'portrait' | 'aperture' } | { draw: 'scene'; scene: Scene });

/** An item as demo-content.json holds it: its fields, and its picture as a spec to draw. */
interface Row<F> {
  slug: string;
  fields: F;
  art: ArtSpec;
}

interface DemoRows {
  treatments: Row<Omit<TreatmentCreate, 'imageUrl'>>[];
  /** Before and after: the same face, with the concern and without. */
  results: (Omit<Row<Omit<ResultCreate, 'beforeImageUrl' | 'afterImageUrl'>>, 'art'> & {
    treatment: string;
    art: { palette: PaletteName; concern: SkinConcern; seed: string };
  })[];
  /** Dated this many days before now, so the demo always looks current. */
  news: (Row<Omit<NewsCreate, 'imageUrl' | 'publishedAt'>> & { publishedDaysAgo: number })[];
  staff: Row<Omit<StaffCreate, 'imageUrl'>>[];
  packages: Row<Omit<PackageCreate, 'imageUrl'>>[];
  portfolio: Row<Omit<PortfolioCreate, 'imageUrl'>>[];
}

// The texts are data; their types are checked here and their values against the create schemas by the catalog's domain test.
const DEMO_ROWS = rows as DemoRows;

function draw(spec: ArtSpec, slug: string): Artwork {
  const palette = PALETTES[spec.palette];
  const seed = spec.seed ?? slug;
  if (spec.draw === 'scene') return sceneArt(palette, spec.scene, seed);
  return { glow: glowArt, portrait: portraitArt, aperture: apertureArt }[spec.draw](palette, seed);
}

const withImage = <F>({ slug, fields, art }: Row<F>) => ({ slug, fields, art: { imageUrl: draw(art, slug) } });

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * The demo business: an aesthetic clinic and a photography studio in Bonifacio Global City,
 * Manila (its texts in demo-content.json). Lists are in the order the pages show them; news
 * dates count back from `now` so the demo always looks current. The first article names the
 * demo's office hours, booking's defaults: Monday to Friday, 9 AM to 5 PM.
 */
export function demoContent(now: Date): DemoContent {
  return {
    treatments: DEMO_ROWS.treatments.map(withImage),
    results: DEMO_ROWS.results.map(({ slug, treatment, fields, art: { palette, concern, seed } }) => ({
      slug,
      treatment,
      fields,
      art: { beforeImageUrl: faceArt(PALETTES[palette], concern, false, seed), afterImageUrl: faceArt(PALETTES[palette], concern, true, seed) },
    })),
    news: DEMO_ROWS.news.map(({ publishedDaysAgo, ...row }) => {
      const item = withImage(row);
      return { ...item, fields: { ...item.fields, publishedAt: daysBefore(now, publishedDaysAgo) } };
    }),
    staff: DEMO_ROWS.staff.map(withImage),
    packages: DEMO_ROWS.packages.map(withImage),
    portfolio: DEMO_ROWS.portfolio.map(withImage),
  };
}
