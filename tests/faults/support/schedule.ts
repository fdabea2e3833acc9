import { SLOT_MINUTES } from '@bb/contracts';

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar date in Manila, `daysAhead` days from now. */
export function manilaDate(daysAhead: number, now = Date.now()): string {
  return new Date(now + MANILA_OFFSET_MS + daysAhead * 86400000).toISOString().slice(0, 10);
}

/** Start instants of the 30-minute blocks an appointment covers. */
export function blocksOf(startIso: string, endIso: string): string[] {
  const blocks: string[] = [];
  for (let t = Date.parse(startIso); t < Date.parse(endIso); t += SLOT_MINUTES * 60000) blocks.push(new Date(t).toISOString());
  return blocks;
}
