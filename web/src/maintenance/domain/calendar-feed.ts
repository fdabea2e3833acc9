/** The feed's address to paste into a calendar app: the site's origin and the feed's path. */
export const feedUrl = (origin: string, path: string): string => `${origin}${path}`;

/** The same address as a webcal:// link, which opens the calendar app's subscribe dialog. */
export const webcalUrl = (origin: string, path: string): string => `${origin.replace(/^https?:\/\//, 'webcal://')}${path}`;
