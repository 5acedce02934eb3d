/**
 * Reads every record once through the toolkit (formula, masses and, with a query, substructure matches) and reports to
 * the backend, a batch at a time, so the page stays responsive while a large file is scanned.
 */
import type { Mol } from '@rdkit/rdkit';
import type { GridInfo } from '../../grid/protocol';
import type { GridBackend } from './backend';
import type { Toolkit } from './chemistry';
import { STRUCTURE_LIMITS } from '../../wire/structure-search';

const SCAN_BATCH = 250;

export interface ScanOptions {
  backend: GridBackend;
  toolkit: Toolkit;
  info: GridInfo;
  /** The substructure query's text and molecule; only formulas and masses without it. */
  query?: { text: string; mol: Mol };
  /** True once the scan was replaced, cancelled or the file changed. */
  stale: (version: number) => boolean;
  say: (text: string) => void;
}

/** False when the scan stopped before the end. */
export async function scanRecords({ backend, toolkit, info, query, stale, say }: ScanOptions): Promise<boolean> {
  const count = info.count;
  for (let from = 0; from < count; from += SCAN_BATCH) {
    if (stale(info.version)) return false;
    const ids = Array.from({ length: Math.min(SCAN_BATCH, count - from) }, (_, i) => from + i);
    const { version, texts } = await backend.request('texts', { version: info.version, ids });
    if (stale(version)) return false;
    const formulas: Array<string | undefined> = [];
    const mws: Array<number | undefined> = [];
    const masses: Array<number | undefined> = [];
    const matches: boolean[] = [];
    for (const [i, text] of texts.entries()) {
      const began = Date.now();
      const r = text === undefined ? { match: false } : toolkit.scan(text, query?.mol);
      const took = Date.now() - began;
      // RDKit's matcher cannot be stopped inside a record: a query that held it this long would hold it on the next.
      if (query && took > STRUCTURE_LIMITS.recordMatchMs) {
        say(
          `Stopped: RDKit's matcher spent ${(took / 1000).toFixed(1)} s on record ${(from + i + 1).toLocaleString()} (at most ${STRUCTURE_LIMITS.recordMatchMs / 1000} s a record); narrow the query ${query.text}.`,
        );
        return false;
      }
      formulas.push('formula' in r ? r.formula : undefined);
      mws.push('mw' in r ? r.mw : undefined);
      masses.push('mass' in r ? r.mass : undefined);
      matches.push(r.match);
    }
    await backend.request('scanned', { version, ids, formulas, mws, masses, substructure: query ? { query: query.text, matches } : undefined });
    // Only a substructure search was started from its box: the line names the box only then.
    const done = `${Math.min(from + SCAN_BATCH, count).toLocaleString()} of ${count.toLocaleString()} records`;
    say(
      query
        ? `Looking for ${query.text}: ${done} (Esc in the substructure box stops)`
        : `Computing formulas and masses to sort and filter by: ${done}`,
    );
    await new Promise((r) => setTimeout(r, 0));
  }
  return !stale(info.version);
}
