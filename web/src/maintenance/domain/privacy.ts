import { normalisedEmail, possiblePhone, type PrivacyRequest, type Retention } from '@bb/contracts';

/** What staff typed to find a person: blank fields are left out. */
export const subjectOf = (email: string, phone: string) => ({
  ...(email.trim() ? { email: email.trim() } : {}),
  ...(phone.trim() ? { phone: phone.trim() } : {}),
});

/**
 * An erasure goes ahead only when the address (any case) or the number (however written) is
 * typed again in the dialog: a slip of the mouse never erases anyone.
 */
export function erasureConfirmed(typed: string, subject: { email?: string; phone?: string }): boolean {
  const text = typed.trim();
  if (!text) return false;
  if (subject.email && normalisedEmail(text) === normalisedEmail(subject.email)) return true;
  const phone = subject.phone ? possiblePhone(subject.phone) : null;
  return phone !== null && possiblePhone(text) === phone;
}

/** A request's state in words: done, or which services it still waits for. */
export function requestProgress(request: PrivacyRequest): string {
  if (request.status === 'done') return 'Done';
  const waiting = request.services.filter((s) => s.status === 'pending').map((s) => s.service);
  return `Waiting for ${waiting.join(', ')}`;
}

/** Whether an access request's archive can be downloaded at `now`. */
export const archiveReady = (request: PrivacyRequest, now: Date) =>
  request.kind === 'access' && request.status === 'done' && request.archiveUntil !== undefined && new Date(request.archiveUntil) > now;

export const privacyArchiveFileName = (id: string) => `privacy-${id}.zip`;

/** The retention form's two fields (months; blank: kept for good) as the setting, or what to fix. */
export function retentionFromFields(chat: string, customer: string): { value: Retention } | { error: string } {
  const months = (text: string, what: string): number | null | string => {
    if (!text.trim()) return null;
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= 240 ? n : `${what}: a whole number of months from 1 to 240, or blank to keep`;
  };
  const chatMonths = months(chat, 'Chat transcripts');
  const customerMonths = months(customer, "Past customers' details");
  if (typeof chatMonths === 'string') return { error: chatMonths };
  if (typeof customerMonths === 'string') return { error: customerMonths };
  return { value: { chatMonths, customerMonths } };
}

export const monthsField = (months: number | null) => (months === null ? '' : String(months));
