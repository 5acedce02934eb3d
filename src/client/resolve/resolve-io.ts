/**
 * A bulk run's input and output files: identifiers from a text file (one a line) or a CSV (one column of it), and
 * the result as CSV with the fixed columns of the shared page (`RESOLVE_COLUMNS`) or as SDF.
 */
import { sdfRecord } from '../../wire';
import { csvLine, parseCsv } from './csv';
import type { ResolveRow } from './bulk-resolver';

export const RESOLVE_COLUMNS = [
  'input',
  'status',
  'record_id',
  'name',
  'formula',
  'inchikey',
  'smiles',
  'monoisotopic_mass',
  'message',
  'match',
] as const;

export const RESOLVE_HEADER = csvLine(RESOLVE_COLUMNS);

/** The row's values in the order of RESOLVE_COLUMNS. */
export function rowValues(row: ResolveRow): string[] {
  const r = row.record;
  return [
    row.input,
    row.status,
    r ? String(r.recordId) : '',
    r?.name ?? '',
    r?.formula ?? '',
    r?.inchikey ?? '',
    r?.smiles ?? '',
    r?.monoisotopicMass !== undefined ? String(r.monoisotopicMass) : '',
    row.message,
    r ? (row.match ?? '') : '',
  ];
}

export function resolveCsvLine(row: ResolveRow): string {
  return csvLine(rowValues(row));
}

export function resolveCsv(rows: readonly ResolveRow[]): string {
  return RESOLVE_HEADER + rows.map(resolveCsvLine).join('');
}

export type InputFormat = 'text' | 'csv';

/** `csv` for a `.csv` file name, else one identifier a line. */
export function inputFormatOf(fileName: string | undefined): InputFormat {
  return fileName && /\.csv$/i.test(fileName) ? 'csv' : 'text';
}

export class InputFileError extends Error {}

/**
 * The identifiers of a file's text. Text: every line that is not blank, trimmed. CSV: the first row is the header;
 * `column` names the column (matched without regard to case), the first one by default; every later row is one
 * identifier, blank or not (a blank cell becomes an error row, so rows keep their places).
 */
export function readIdentifiers(text: string, format: InputFormat, column?: string): string[] {
  if (format === 'text') {
    if (column !== undefined) throw new InputFileError(`--column ${JSON.stringify(column)} needs a CSV input (a .csv file)`);
    return text
      .split(/\r?\n|\r/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
  }
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  let index = 0;
  if (column !== undefined) {
    index = header.findIndex((h) => h.trim().toLowerCase() === column.trim().toLowerCase());
    if (index < 0) {
      // A header line can be as long as the file: name the first columns only.
      const shown = header.slice(0, 20).map((h) => JSON.stringify(h.length > 80 ? `${h.slice(0, 77)}...` : h));
      const more = header.length > shown.length ? ` and ${header.length - shown.length} more` : '';
      throw new InputFileError(`the CSV has no column ${JSON.stringify(column)}; its columns are ${shown.join(', ')}${more}`);
    }
  }
  return rows.map((r) => (r[index] ?? '').trim());
}

/** Each row as one SDF record, in input order; a row without a record gets an empty structure, so none is dropped. */
export function resolveSdf(rows: readonly ResolveRow[], molOf: (recordId: number) => string | undefined): string {
  return rows
    .map((row) => {
      const mol = (row.record && molOf(row.record.recordId)) || EMPTY_MOL;
      const values = rowValues(row);
      return sdfRecord(
        mol,
        row.record?.name || row.input,
        RESOLVE_COLUMNS.map((c, i) => [c, values[i]] as const),
      );
    })
    .join('');
}

const EMPTY_MOL = '\n  compound-db\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n';
