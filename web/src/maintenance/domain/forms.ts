/** Features typed as "a, b, , c": split on commas, trimmed, blanks dropped. */
export const splitFeatures = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const joinFeatures = (features: readonly string[]) => features.join(', ');

/** Booking duration in whole minutes (at least 1), or null when left blank; undefined when invalid. */
export function parseBookingDuration(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const minutes = Number(trimmed);
  return Number.isInteger(minutes) && minutes >= 1 ? minutes : undefined;
}

/** Display order is an integer; anything else counts as 0 (the default). */
export function parseDisplayOrder(text: string): number {
  const n = Number(text.trim());
  return Number.isInteger(n) ? n : 0;
}

/** A package price in pesos, tolerating "₱1,500"; null when not a non-negative number. */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/[₱,\s]/g, '');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The keys of required fields left blank. */
export const blankFields = <K extends string>(values: Readonly<Record<K, string>>, required: readonly K[]): K[] =>
  required.filter((key) => values[key].trim() === '');
