import { formatInTimeZone } from 'date-fns-tz';
import { TIME_ZONE } from '@bb/contracts';

/** ₱ with thousands separators; a price worded as text ("from 1,200 per session") is kept as typed. */
export function formatPeso(price: number | string): string {
  if (typeof price === 'number') return `₱${price.toLocaleString('en-PH', { maximumFractionDigits: 2 })}`;
  const trimmed = price.trim();
  const numeric = trimmed.replace(/[₱,\s]/g, '');
  if (/^\d+(\.\d+)?$/.test(numeric)) return formatPeso(Number(numeric));
  return trimmed;
}

/** An amount of integer centavos (₱1 = 100) in pesos: "₱1,500", or "₱1,500.50" when it has centavos. */
export function formatCentavos(centavos: number): string {
  const whole = centavos % 100 === 0;
  return `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** "Xh Ym" at 60 minutes or more, otherwise "Ym". */
export function formatDuration(minutes: number): string {
  if (minutes >= 60) return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
  return `${minutes}m`;
}

/** A result's title: the first 50 characters of its description, with an ellipsis when cut. */
export function resultTitle(description: string): string {
  return description.length > 50 ? `${description.slice(0, 50)}...` : description;
}

/** News dates read "MMMM d, yyyy" in Manila time. */
export function formatNewsDate(iso: string): string {
  return formatInTimeZone(new Date(iso), TIME_ZONE, 'MMMM d, yyyy');
}

/** "14:30" → "2:30 PM". */
export function to12Hour(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Today's date (yyyy-MM-dd) in Manila, whatever the browser's time zone. */
export function manilaToday(now: Date = new Date()): string {
  return formatInTimeZone(now, TIME_ZONE, 'yyyy-MM-dd');
}

/** The time of day (HH:mm) in Manila, whatever the browser's time zone. */
export function manilaClock(now: Date = new Date()): string {
  return formatInTimeZone(now, TIME_ZONE, 'HH:mm');
}

/** A moment soon, in Manila time: "2:15 PM" today, "Mar 12, 2:15 PM" another day (how long a time is held for a payment). */
export function manilaMomentText(iso: string, now: Date = new Date()): string {
  const moment = new Date(iso);
  return formatInTimeZone(moment, TIME_ZONE, manilaToday(moment) === manilaToday(now) ? 'h:mm a' : 'MMM d, h:mm a');
}

/** Adds days to a yyyy-MM-dd calendar date (no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Day of week (0 Sunday) of a yyyy-MM-dd calendar date. */
export const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The Sunday that starts the week of a date. */
export const weekStartSunday = (date: string) => addDays(date, -dayOfWeek(date));

/** The Monday that starts the week of a date (the console's calendar). */
export const weekStartMonday = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

/** A count with its noun: "1 appointment", "2 appointments" (the plural given when it is not the noun plus s). */
export const counted = (count: number, noun: string, plural = `${noun}s`): string => `${count} ${count === 1 ? noun : plural}`;
