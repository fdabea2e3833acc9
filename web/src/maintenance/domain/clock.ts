/**
 * Minutes since midnight of a time of day written "HH:mm", "HH:mm:ss" or "h:mm AM/PM"
 * (appointments keep the form they were booked with, office hours may carry seconds).
 */
export function parseClock(time: string): number | null {
  const h24 = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time.trim());
  if (h24) return Number(h24[1]) * 60 + Number(h24[2]);
  const h12 = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([AaPp][Mm])$/.exec(time.trim());
  if (h12) return ((Number(h12[1]) % 12) + (h12[3].toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(h12[2]);
  return null;
}

/** 545 → "09:05". */
export const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
