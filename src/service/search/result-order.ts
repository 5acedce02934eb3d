/**
 * Result order (spec 2.6). No `orderBy`: a ranked search keeps its own order (name search's relevance,
 * shared/beyond-the-spec.md 4), whatever `orderDirection` says (the client sends one, as the public peer does); for
 * the others a direction alone sorts by record ID in that direction (contract 1.1). Ties are broken by record ID ascending.
 */
import type { Direction, OrderBy } from '../../wire';
import type { CompoundRecord } from '../record';

const KEY_OF: Readonly<Record<OrderBy, (r: CompoundRecord) => number>> = {
  recordId: (r) => r.id,
  massDefect: (r) => r.monoisotopicMass - r.nominalMass,
  molecularWeight: (r) => r.molecularWeight,
  referenceCount: (r) => r.referenceCount,
  dataSourceCount: (r) => r.dataSourceCount,
  articleCount: (r) => r.articleCount,
  orgCount: (r) => r.orgCount,
};

export function orderRecords(
  records: readonly CompoundRecord[],
  orderBy: OrderBy | null | undefined,
  direction: Direction | null | undefined,
  ranked = false,
): CompoundRecord[] {
  if (!orderBy && ranked) return [...records];
  const key = KEY_OF[orderBy ?? 'recordId'];
  const sign = direction === 'descending' ? -1 : 1;
  return [...records].sort((a, b) => sign * (key(a) - key(b)) || a.id - b.id);
}

export function idsOf(records: readonly CompoundRecord[]): number[] {
  return records.map((r) => r.id);
}
