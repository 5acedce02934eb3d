/** Narrowing a result: datasources (spec 4.2 rule 1), complexity (rule 3) and isotopic labelling. */
import type { Complexity, Isotopic } from '../../wire';
import type { CompoundStore } from '../store/compound-store';
import type { CompoundRecord } from '../record';
import { badField } from '../http/problem';

/**
 * The datasource names as stored (matched case-insensitively), or undefined for "all".
 * An unknown name is a 400 naming `dataSources`.
 */
export async function resolveDataSources(store: CompoundStore, requested: readonly string[] | null | undefined): Promise<Set<string> | undefined> {
  if (!requested || requested.length === 0) return undefined;
  const known = await store.dataSources();
  const byLower = new Map(known.map((k) => [k.toLowerCase(), k]));
  const out = new Set<string>();
  for (const r of requested) {
    const k = byLower.get(r.trim().toLowerCase());
    if (!k) throw badField('dataSources', `unknown datasource ${JSON.stringify(r)}; GET lookups/datasources lists them`);
    out.add(k);
  }
  return out;
}

export function inDataSources(records: readonly CompoundRecord[], sources: Set<string> | undefined): CompoundRecord[] {
  if (!sources) return [...records];
  return records.filter((r) => r.dataSources.some((s) => sources.has(s)));
}

export function isMultiple(r: CompoundRecord): boolean {
  return r.components > 1 || r.hasMetal;
}

export function withOptions(
  records: readonly CompoundRecord[],
  complexity: Complexity | null | undefined,
  isotopic: Isotopic | null | undefined,
): CompoundRecord[] {
  return records.filter(
    (r) =>
      (complexity !== 'single' || !isMultiple(r)) &&
      (complexity !== 'multiple' || isMultiple(r)) &&
      (isotopic !== 'labeled' || r.isotopic) &&
      (isotopic !== 'unlabeled' || !r.isotopic),
  );
}

/** Each record once, first occurrence kept. */
export function unique(records: readonly CompoundRecord[]): CompoundRecord[] {
  const seen = new Set<number>();
  return records.filter((r) => !seen.has(r.id) && seen.add(r.id));
}
