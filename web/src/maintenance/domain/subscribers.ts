import { formatInTimeZone } from 'date-fns-tz';
import { SUBSCRIBER_CSV_COLUMNS, TIME_ZONE, type Subscriber } from '@bb/contracts';
import { toCsv } from './csv';

export function subscriberCounts(list: readonly Subscriber[]) {
  const subscribed = list.filter((s) => s.subscribed).length;
  return { total: list.length, subscribed, unsubscribed: list.length - subscribed };
}

/** The list's status badge: a double opt-in sign-up waits for its link before it is subscribed. */
export function subscriptionStatus(s: Pick<Subscriber, 'subscribed' | 'pendingConfirmation'>): { label: string; palette: 'green' | 'orange' | 'gray' } {
  if (s.subscribed) return { label: 'Subscribed', palette: 'green' };
  if (s.pendingConfirmation) return { label: 'Awaiting confirmation', palette: 'orange' };
  return { label: 'Unsubscribed', palette: 'gray' };
}

/** Spreadsheet-friendly Manila time; a missing or unreadable instant stays empty. */
const csvTime = (iso: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatInTimeZone(new Date(iso), TIME_ZONE, 'yyyy-MM-dd HH:mm') : '');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The 11 columns of the spec; tags joined with semicolons so they stay in one cell. */
export function subscribersCsv(list: readonly Subscriber[]): string {
  return toCsv(
    SUBSCRIBER_CSV_COLUMNS,
    list.map((s) => [
      s.email,
      s.fullName,
      s.phone,
      s.source,
      s.offeringType,
      yesNo(s.subscribed),
      yesNo(s.consentMarketing),
      csvTime(s.createdAt),
      csvTime(s.lastInteraction),
      s.tags.join(';'),
      s.notes,
    ]),
  );
}

export const subscribersFileName = (today: string) => `email-subscribers-${today}.csv`;
