/** The spec's pause between the Session Expired notice and the login screen. */
export const SESSION_EXPIRED_REDIRECT_MS = 1_500;

/** The Security page: two-factor enrolment, and the only page of an account that must enrol first. */
export const SECURITY_PATH = '/maintenance/security';

/** What the login screen is told about the page that sent the admin there. */
export interface LoginState {
  from?: string;
  /** A line to show above the form (a password just set from an invitation). */
  notice?: string;
}

/** The notice the login screen was sent with, if any (only a string counts). */
export function loginNotice(state: unknown): string | undefined {
  const notice = typeof state === 'object' && state !== null && 'notice' in state ? (state as { notice: unknown }).notice : undefined;
  return typeof notice === 'string' && notice !== '' ? notice : undefined;
}

/** Where a sign-in leads: an account that must set up two-factor sign-in goes to that first. */
export const landingAfterSignIn = (user: { mustEnrol: boolean }, target: string): string => (user.mustEnrol ? SECURITY_PATH : target);

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
