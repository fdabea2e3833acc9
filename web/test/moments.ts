/** Moments for tests, built from one "now" chosen when the test file runs, never a fixed date. */
export const now = new Date();

/** The instant this many minutes from `now` (before it when negative), as the API writes it. */
export const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
