import type { Side } from '@bb/contracts';

/** Sections of the clinic page that the shared nav and footer reach through /landing#…. */
const CLINIC_SECTIONS = new Set(['treatments', 'about-us', 'results', 'staff', 'news', 'contact']);

/**
 * The split landing screen has no sections of its own, yet the spec's shared nav, footer and
 * detail pages link to /landing#treatments, /landing#booking…: send those visitors to the
 * section they asked for (booking on the side they are on, the rest on the clinic page). The
 * query goes along: `?item=…` preselects what a detail page's book button was for.
 */
export function landingForward(hash: string, offering: Side, search = ''): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (id === 'booking') return `/${offering}${search}#booking`;
  return CLINIC_SECTIONS.has(id) ? `/clinic#${id}` : null;
}

/** The query parameter that carries the item a book button was for. */
export const BOOK_ITEM_PARAM = 'item';

/** A detail page's book button: the booking section (spec: /landing#booking) with that item ticked. */
export const bookItemHref = (itemId: string): string => `/landing?${new URLSearchParams({ [BOOK_ITEM_PARAM]: itemId }).toString()}#booking`;

/** A book button on the page that holds the booking form (a package card): the same page, that item asked for, at the form. */
export const bookHereTarget = (itemId: string): { search: string; hash: string } => ({
  search: `?${new URLSearchParams({ [BOOK_ITEM_PARAM]: itemId }).toString()}`,
  hash: '#booking',
});

/**
 * The history state of such a button's navigation: a request to tick the item even when the
 * address already asks for it (the visitor unticked it, then pressed the button again). A
 * plain in-page jump (the nav's Book Now) carries none and changes nothing.
 */
export const BOOK_REQUEST_STATE = { bookRequest: true } as const;
export const isBookRequest = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { bookRequest?: unknown }).bookRequest === true;
