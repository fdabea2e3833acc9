import { crc32, deflateRawSync } from 'node:zlib';
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

// The few fields of the ZIP format (APPNOTE 6.3) an archive of deflated files needs.
const DEFLATE = 8;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
// 1980-01-01 00:00 in MS-DOS date and time: the entries carry no meaningful time.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * A ZIP archive of the files, each deflated. Written here rather than with a library: the
 * archive is a handful of small text files, and Node's zlib gives both the deflate and the CRC.
 */
export function zipArchive(files: readonly ArchiveFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = deflateRawSync(file.content);
    const crc = crc32(file.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(file.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(file.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
