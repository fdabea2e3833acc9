export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const MOBILE_BREAKPOINT = 768;

/** The cookie that remembers an expanded or collapsed sidebar for 7 days. */
export const sidebarCookie = (open: boolean) => `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;

/** Expanded unless the cookie says otherwise. */
export function readSidebarOpen(cookie: string): boolean {
  const entry = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

/** Ctrl+B, or Cmd+B on a Mac. */
export const isSidebarShortcut = (e: { key: string; ctrlKey: boolean; metaKey: boolean }) => e.key.toLowerCase() === 'b' && (e.ctrlKey || e.metaKey);
