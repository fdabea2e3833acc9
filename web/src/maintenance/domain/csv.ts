// The CSV rules live in contracts: auth's privacy archive writes the same cells.
export { csvCell, toCsv, type CsvCell } from '@bb/contracts';
