import type { AuditAction, AuditEntry, AuditVerification } from '@bb/contracts';
import { toCsv } from './csv';

/** Each recorded action in words, for the filter and the list. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'user-invited': 'User invited',
  'user-role-changed': 'Role changed',
  'user-disabled': 'User disabled',
  'user-enabled': 'User enabled',
  'two-factor-enrolled': 'Two-factor set up',
  'two-factor-reset': 'Two-factor reset',
  'recovery-code-used': 'Recovery code used',
  'setting-changed': 'Setting changed',
  'webhook-changed': 'Webhook changed',
  'appointment-deleted': 'Appointment deleted',
  'attendance-set': 'Attendance set',
  export: 'Export',
  erasure: 'Erasure',
  'payment-refunded': 'Payment refunded',
  'payment-refund-sent': 'Refund sent by hand',
  'payment-transfer-confirmed': 'Transfer confirmed',
  'payment-transfer-rejected': 'Transfer rejected',
};

export interface AuditFilters {
  from: string;
  to: string;
  action: '' | AuditAction;
  actor: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { from: '', to: '', action: '', actor: '' };

/** The list's query: blanks left out (routeUrl drops them), the username trimmed. */
export const auditQuery = (f: AuditFilters) => ({ from: f.from, to: f.to, action: f.action, actor: f.actor.trim() });

/** A date range the API takes: both ends optional, never the wrong way round. */
export const auditRangeProblem = (f: AuditFilters): string | undefined =>
  f.from !== '' && f.to !== '' && f.from > f.to ? 'The start date is after the end date' : undefined;

/** What the filters ask for, in words: the scope the export records. */
export function auditScope(f: AuditFilters): string {
  const parts = [
    f.from || f.to ? `${f.from || 'start'} to ${f.to || 'today'}` : 'all dates',
    f.action ? AUDIT_ACTION_LABELS[f.action] : '',
    f.actor.trim() ? `by ${f.actor.trim()}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** A change as one line: "before → after", or whichever side there is. */
export function changeText(e: Pick<AuditEntry, 'before' | 'after'>): string {
  if (e.before !== undefined && e.after !== undefined) return `${e.before} → ${e.after}`;
  return e.after ?? e.before ?? '';
}

export const AUDIT_CSV_COLUMNS = ['Seq', 'Time', 'Action', 'Username', 'Role', 'Subject', 'Before', 'After', 'Address', 'Service', 'Hash'] as const;

export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv(
    AUDIT_CSV_COLUMNS,
    entries.map((e) => [e.seq, e.at, e.action, e.actor?.username, e.actor?.role, e.subject, e.before, e.after, e.address, e.service, e.hash]),
  );
}

export const auditFileName = (today: string) => `audit-${today}.csv`;

/** The integrity check's answer in words. */
export function verificationText(v: AuditVerification): string {
  if (v.ok) return `The audit trail is intact: all ${v.checked} entries and the links between them check out.`;
  const where = v.brokenAt !== undefined ? ` at entry ${v.brokenAt}` : '';
  return `The audit trail has been tampered with${where}: ${v.reason ?? 'an entry was changed or removed'}. ${v.checked} entries were checked.`;
}
