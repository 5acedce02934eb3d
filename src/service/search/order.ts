/**
 * Result order (spec 2.6). No `orderBy` and no `orderDirection`: the search's own order (name search ranks
 * exact names, then synonyms, then prefixes; the others are in record-ID order). A direction alone sorts by
 * record ID in that direction (contract 1.1). Ties are broken by record ID ascending.
 */
import type { Direction, OrderBy } from '../../wire';
import type { CompoundRecord } from '../store/record';

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
  if (!orderBy && !direction && ranked) return [...records];
  const key = KEY_OF[orderBy ?? 'recordId'];
  const sign = direction === 'descending' ? -1 : 1;
  return [...records].sort((a, b) => sign * (key(a) - key(b)) || a.id - b.id);
}

export function idsOf(records: readonly CompoundRecord[]): number[] {
  return records.map((r) => r.id);
}
