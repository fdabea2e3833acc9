import { ApiError } from '../../shared/api/request';
import type { FieldErrors } from '../../shared/forms/field-errors';

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

export const REQUIRED_MESSAGE = 'This field is required';
const DURATION_MESSAGE = 'Enter whole minutes, at least 1';

/** 'This field is required' on each required field left blank. */
export const requiredProblems = <K extends string>(values: Readonly<Record<K, string>>, required: readonly K[]): FieldErrors<K> =>
  Object.fromEntries(blankFields(values, required).map((key) => [key, REQUIRED_MESSAGE])) as FieldErrors<K>;

/** Staff: name, position and bio required (spec). */
export const staffProblems = (form: Readonly<Record<'name' | 'position' | 'bio', string>>) => requiredProblems(form, ['name', 'position', 'bio']);

/** Portfolio: title, category and image required. */
export const portfolioProblems = (form: Readonly<Record<'title' | 'category' | 'imageUrl', string>>) =>
  requiredProblems(form, ['title', 'category', 'imageUrl']);

/** News: title, excerpt, content and published date required. */
export const newsProblems = (form: Readonly<Record<'title' | 'excerpt' | 'content' | 'publishedAt', string>>) =>
  requiredProblems(form, ['title', 'excerpt', 'content', 'publishedAt']);

/** Result: a description. */
export const resultProblems = (form: Readonly<Record<'description', string>>) => requiredProblems(form, ['description']);

type TreatmentFields = 'name' | 'description' | 'duration' | 'price' | 'defaultDuration';
/** Treatment: name, description, duration and price required; a booking duration, when given, whole minutes. */
export function treatmentProblems(form: Readonly<Record<TreatmentFields, string>>): FieldErrors<TreatmentFields> {
  const found: FieldErrors<TreatmentFields> = requiredProblems(form, ['name', 'description', 'duration', 'price']);
  if (parseBookingDuration(form.defaultDuration) === undefined) found.defaultDuration = DURATION_MESSAGE;
  return found;
}

type PackageFields = TreatmentFields;
/** Package: as a treatment, and the price a number of pesos. */
export function packageProblems(form: Readonly<Record<PackageFields, string>>): FieldErrors<PackageFields> {
  const found = treatmentProblems(form);
  if (!found.price && parsePrice(form.price) === null) found.price = 'Price must be a number';
  return found;
}

/** Login: both fields. */
export const loginProblems = ({ username, password }: { username: string; password: string }): FieldErrors<'username' | 'password'> => ({
  ...(username.trim() ? {} : { username: 'Username is required' }),
  ...(password ? {} : { password: 'Password is required' }),
});

/** A validation detail of a 400: the field's API name (with any list index after a dot) and the words for it. */
export interface FieldDetail {
  path: string;
  message: string;
}

/** The server's validation details of failed requests (none for other failures). */
export function serverDetails(failures: readonly unknown[]): FieldDetail[] {
  return failures
    .flatMap((error) => {
      const body = error instanceof ApiError ? (error.body as { details?: unknown } | null) : null;
      return Array.isArray(body?.details) ? (body.details as { path?: unknown; message?: unknown }[]) : [];
    })
    .filter((d): d is { path: unknown; message: string } => typeof d.message === 'string')
    .map((d) => ({ path: String(d.path), message: d.message }));
}
