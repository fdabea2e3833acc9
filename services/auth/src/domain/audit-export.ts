import type { ExportRecord } from '@bb/contracts';

const KIND_LABELS: Record<ExportRecord['kind'], string> = {
  'appointments-csv': 'appointments CSV',
  'practitioners-csv': 'practitioners CSV',
  'subscribers-csv': 'subscribers CSV',
  'audit-csv': 'audit CSV',
  'privacy-archive': 'privacy archive',
};

/** Room left for the scope within the 200 characters of an audit subject. */
const SCOPE_MAX = 150;

/** The audit subject of an export, in words: `subscribers CSV, 120 rows (2026-11-01 to 2026-11-30)`. */
export function exportSubject({ kind, rows, scope }: ExportRecord): string {
  const counted = `${KIND_LABELS[kind]}, ${rows} ${rows === 1 ? 'row' : 'rows'}`;
  if (!scope) return counted;
  return `${counted} (${scope.length > SCOPE_MAX ? `${scope.slice(0, SCOPE_MAX - 1)}…` : scope})`;
}
