/** One cell of an exported spreadsheet. */
export type CsvCell = string | number | boolean | null | undefined;

// A cell that starts like a formula would be executed by Excel or Sheets when the file is
// opened; visitors type names and notes, so neutralise them. Phone numbers (+63 917…) and
// negative numbers stay as they are.
const FORMULA_START = /^[=@\t\r]/;
const SIGNED_NUMBER = /^[+-][\d\s().-]*$/;

function neutralise(text: string): string {
  if (FORMULA_START.test(text) || (/^[+-]/.test(text) && !SIGNED_NUMBER.test(text))) return `'${text}`;
  return text;
}

/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvCell(value: CsvCell): string {
  const text = neutralise(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document with CRLF line endings, as spreadsheets expect. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
