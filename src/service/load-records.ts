/** The records to serve: the shipped collection, then each user SDF as its own datasource with fresh IDs. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Chemistry } from './chemistry';
import { loadShippedCollection, recordsFromSdf } from './chemistry';
import type { CompoundRecord } from './store/record';

export async function loadRecords(
  chemistry: Chemistry,
  dataDir: string | undefined,
  dataFiles: readonly string[],
  log: (line: string) => void,
): Promise<CompoundRecord[]> {
  const records = [...(await loadShippedCollection(dataDir))];
  const names = new Set(records.flatMap((r) => r.dataSources).map((s) => s.toLowerCase()));
  for (const file of dataFiles) {
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new Error(`cannot read SDF file ${file}: ${err.code ?? err.message}`);
    });
    let name = path.basename(file).replace(/\.(sdf|sd|mol)$/i, '');
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${path.basename(file).replace(/\.(sdf|sd|mol)$/i, '')} (${n})`;
    names.add(name.toLowerCase());
    const firstId = records.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    const added = await recordsFromSdf(text, name, chemistry, firstId, { sourceUrl: pathToFileURL(path.resolve(file)).href });
    log(`loaded ${added.length} records from ${file} as datasource "${name}"${added.skipped ? ` (${added.skipped} entries skipped: not readable)` : ''}`);
    records.push(...added);
  }
  return records;
}
