/** The CSV dialect (src/shared/csv.ts): the same for the report pages' downloads and the server's edition export. */
export { csvFileName, exportFileName, toCsv, type CsvCell } from '../../shared/csv.js';
