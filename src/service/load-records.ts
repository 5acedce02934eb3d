/**
 * The records to serve: the shipped collection, then each user SDF as its own datasource with fresh IDs. A file
 * that cannot be read is skipped and reported, never fatal: the rest of the collection is still served.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Chemistry } from './chemistry';
import { loadShippedCollection, recordsFromSdf } from './chemistry';
import type { CompoundRecord } from './store/record';

/** A data file that could not be read: skipped, so the rest is still served. */
export interface SkippedDataFile {
  file: string;
  /** The system's code (ENOENT, EACCES, EISDIR, ...) or message. */
  reason: string;
}

export async function loadRecords(
  chemistry: Chemistry,
  dataDir: string | undefined,
  dataFiles: readonly string[],
  log: (line: string) => void,
): Promise<{ records: CompoundRecord[]; skippedFiles: SkippedDataFile[] }> {
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
    let name = path.basename(file).replace(/\.(sdf|sd|mol)$/i, '');
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${path.basename(file).replace(/\.(sdf|sd|mol)$/i, '')} (${n})`;
    names.add(name.toLowerCase());
    const firstId = records.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    const added = await recordsFromSdf(text, name, chemistry, firstId, { sourceUrl: pathToFileURL(path.resolve(file)).href });
    const skipped = added.skipped ?? [];
    log(`loaded ${added.length} records from ${file} as datasource "${name}"${skipped.length ? ` (${skipped.length} entries skipped)` : ''}`);
    for (const s of skipped) log(`skipped entry ${s.position}${s.name ? ` "${s.name}"` : ''} of ${file}: ${s.reason}`);
    records.push(...added);
  }
  return { records, skippedFiles };
}
