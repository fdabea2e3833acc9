import { manilaDateInDays } from '@bb/service-kit';
import { uniquePhone } from '@bb/service-kit/testing';

/**
 * The n-th clinic booking of a benchmark: 20 half hours a day from 08:00 (the last at 17:30, so
 * any treatment ends by 20:00), then the next of `days` days from `firstDay` days ahead.
 */
export function benchBookingBody(
  n: number,
  { firstName, email, treatmentId, firstDay, days }: { firstName: string; email: string; treatmentId: string; firstDay: number; days: number },
): string {
  const half = n % 20;
  return JSON.stringify({
    firstName,
    lastName: `Bench ${n}`,
    email,
    contact: uniquePhone(),
    preferredDate: manilaDateInDays(firstDay + (Math.floor(n / 20) % days)),
    preferredTime: `${String(8 + Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`,
    treatments: [treatmentId],
    offeringType: 'clinic',
  });
}
