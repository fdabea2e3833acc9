/** The spec's pause between the Session Expired notice and the login screen. */
export const SESSION_EXPIRED_REDIRECT_MS = 1_500;

/** What the login screen is told about the page that sent the admin there. */
export interface LoginState {
  from: string;
}

/** A console address as the router holds it, to come back to after signing in. */
export const pathOf = (location: { pathname: string; search: string; hash: string }): string => `${location.pathname}${location.search}${location.hash}`;

/**
 * Where a successful login goes: back to the console page that was asked for, or /admin (the
 * spec's target, which leads to /maintenance). Only console pages count: anything else read
 * from the history state is ignored.
 */
export function afterLogin(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined;
  if (typeof from !== 'string' || !/^\/(maintenance|admin)(?=$|[/?#])/.test(from) || /^\/admin\/login(?=$|[/?#])/.test(from)) return '/admin';
  return from;
}
