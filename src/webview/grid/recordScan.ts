/**
 * A substructure scan: every record read once in the toolkit worker (formula, masses and whether it holds the query),
 * reported to the backend a batch at a time. Each record's match has the service's bound on a record: past it the
 * worker is replaced and the scan stops, naming the record and the bound, while the page answers throughout.
 */
import type { GridInfo } from '../../grid/protocol';
import type { GridBackend } from './backend';
import { BoundedToolkit, GRID_TOOLKIT_BOUNDS, ToolkitStopped } from './boundedToolkit';
import { errorText } from './recordText';

const SCAN_BATCH = 250;

export interface ScanOptions {
  backend: GridBackend;
  toolkit: BoundedToolkit;
  info: GridInfo;
  /** The substructure query (SMILES or SMARTS). */
  query: string;
  /** True once the scan was replaced, cancelled or the file changed. */
  stale: (version: number) => boolean;
  say: (text: string) => void;
}

/** A query shortened for a status line. */
function shown(query: string): string {
  return query.length > 60 ? `${query.slice(0, 59)}…` : query;
}

/** False when the scan stopped before the end (the status line says why). */
export async function scanRecords({ backend, toolkit, info, query, stale, say }: ScanOptions): Promise<boolean> {
  const count = info.count;
  for (let from = 0; from < count; from += SCAN_BATCH) {
    if (stale(info.version)) return false;
    const ids = Array.from({ length: Math.min(SCAN_BATCH, count - from) }, (_, i) => from + i);
    const { version, texts } = await backend.request('texts', { version: info.version, ids });
    if (stale(version)) return false;
    let results;
    try {
      results = await toolkit.run(
        'scan',
        texts.map((t) => t ?? ''),
        { query },
        { itemMs: GRID_TOOLKIT_BOUNDS.matchMs },
      );
    } catch (e) {
      if (!(e instanceof ToolkitStopped)) {
        say(`Looking for ${shown(query)}: ${errorText(e)}`);
        return false;
      }
      say(
        `Substructure match stopped after ${e.ms / 1000} s: RDKit was still matching ${shown(query)} on record ${(from + e.index + 1).toLocaleString()} (at most ${e.ms / 1000} s a record); narrow the query.`,
      );
      return false;
    }
    await backend.request('scanned', {
      version,
      ids,
      formulas: results.map((r) => r.formula),
      mws: results.map((r) => r.mw),
      masses: results.map((r) => r.mass),
      substructure: { query, matches: results.map((r) => r.match) },
    });
    say(
      `Looking for ${shown(query)}: ${Math.min(from + SCAN_BATCH, count).toLocaleString()} of ${count.toLocaleString()} records (Esc in the substructure box stops)`,
    );
  }
  return !stale(info.version);
}
