/**
 * The records to serve: the shipped collection, then each user SDF as its own datasource with fresh IDs. A file
 * that cannot be read is skipped and reported, never fatal: the rest of the collection is still served.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Chemistry } from '../toolkits';
import type { CompoundRecord } from '../record';
import type { SkippedEntry } from './sdf-records';
import { recordsFromSdf } from './sdf-records';
import { loadShippedCollection } from './shipped-collection';

/** A data file that could not be read: skipped, so the rest is still served. */
export interface SkippedDataFile {
  file: string;
  /** The system's code (ENOENT, EACCES, EISDIR, ...) or message. */
  reason: string;
}

export async function loadRecords(
  chemistry: () => Promise<Chemistry>,
  dataDir: string | undefined,
  dataFiles: readonly string[],
  log: (line: string) => void,
): Promise<{ records: CompoundRecord[]; skippedFiles: SkippedDataFile[] }> {
  // The collection is read while the chemistry's WASM compiles (when the caller started it); only SDF files need it.
  const records = [...(await loadShippedCollection(dataDir))];
  const skippedFiles: SkippedDataFile[] = [];
  const names = new Set(records.flatMap((r) => r.dataSources).map((s) => s.toLowerCase()));
  for (const file of dataFiles) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
      skippedFiles.push({ file, reason });
      log(`skipped SDF file ${file}: cannot read it (${reason}); serving the other records`);
      continue;
    }
    const name = dataSourceNameFor(file, names);
    const firstId = records.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    const added = await recordsFromSdf(text, name, await chemistry(), firstId, { sourceUrl: pathToFileURL(path.resolve(file)).href });
    loadReport(added, file, name).forEach((line) => log(line));
    records.push(...added);
  }
  return { records, skippedFiles };
}

/** The file's base name, numbered ` (2)`, ` (3)`... past the names taken (lower-cased); adds it to them. */
export function dataSourceNameFor(file: string, taken: Set<string>): string {
  const base = path.basename(file).replace(/\.(sdf|sd|mol)$/i, '');
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** The report line of one loaded SDF file. */
/** What a load of one SDF file says: a summary line, then one line per skipped entry (position, name, reason). */
export function loadReport(added: CompoundRecord[] & { skipped?: SkippedEntry[] }, file: string, name: string): string[] {
  const skipped = added.skipped ?? [];
  return [
    `loaded ${added.length} records from ${file} as datasource "${name}"${skipped.length ? ` (${skipped.length} entries skipped)` : ''}`,
    ...skipped.map((s) => `skipped entry ${s.position}${s.name ? ` "${s.name}"` : ''} of ${file}: ${s.reason}`),
  ];
}
