import { zipSync } from 'fflate';
import { toCsv, type PrivacyRecords, type PrivacyRow, type PrivacyService } from '@bb/contracts';

export interface ArchiveFile {
  name: string;
  content: Buffer;
}

/** One CSV per kind of record (`appointments.csv`…), its columns every field any row of the kind has. */
function csvOfRows(rows: readonly PrivacyRow[]): string {
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return toCsv(
    header,
    rows.map((row) => header.map((column) => row[column])),
  );
}

/**
 * The files of an access archive: `data.json` with every service's part as it answered, and
 * one CSV per kind of record across services (a kind two services both answer is one file,
 * with a `service` column).
 */
export function privacyArchiveFiles(
  parts: readonly { service: PrivacyService; records: PrivacyRecords }[],
  meta: { requestId: string; madeAt: string },
): ArchiveFile[] {
  const byKind = new Map<string, PrivacyRow[]>();
  for (const part of parts) {
    for (const [kind, rows] of Object.entries(part.records))
      byKind.set(kind, [...(byKind.get(kind) ?? []), ...rows.map((row) => ({ service: part.service, ...row }))]);
  }
  const data = { requestId: meta.requestId, madeAt: meta.madeAt, services: Object.fromEntries(parts.map((part) => [part.service, part.records])) };
  return [
    { name: 'data.json', content: Buffer.from(JSON.stringify(data, null, 2)) },
    ...[...byKind.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, rows]) => ({ name: `${kind.replace(/[^a-z0-9-]/gi, '-')}.csv`, content: Buffer.from(csvOfRows(rows)) })),
  ];
}

/** A ZIP archive of the files, each deflated (fflate: small, no dependencies of its own, typed). */
export function zipArchive(files: readonly ArchiveFile[]): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(files.map((file) => [file.name, new Uint8Array(file.content)])), { level: 6 }));
}
