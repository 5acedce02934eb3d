import type { IdentityLevel } from '../../wire';

/**
 * What a bulk run remembers: the record IDs a search identifier found, and the few values of a record a result row
 * shows. One cache belongs to one server and one way of searching (see `cacheScope`).
 */

/** The values of one record that a result row shows. */
export interface ResolvedRecord {
  recordId: number;
  name: string;
  formula: string;
  inchikey: string;
  smiles: string;
  monoisotopicMass?: number;
}

/** How a row's record was found (shared/beyond-the-spec.md 4): `id`, `name` or an identity level. */
export type ResolveMatch = 'id' | 'name' | IdentityLevel;

export interface ResolveCache {
  /** Record IDs found for a normalised identifier; undefined when never asked. */
  search(identifier: string): readonly number[] | undefined;
  /** The level those IDs were found at, when the search said. */
  searchMatch(identifier: string): ResolveMatch | undefined;
  /** A record's values; `null` when the server said there is no such record; undefined when never asked. */
  record(recordId: number): ResolvedRecord | null | undefined;
  putSearch(identifier: string, recordIds: readonly number[], match?: ResolveMatch): void;
  putRecord(recordId: number, record: ResolvedRecord | null): void;
}

export class MemoryResolveCache implements ResolveCache {
  protected readonly searches = new Map<string, readonly number[]>();
  protected readonly records = new Map<number, ResolvedRecord | null>();
  protected readonly matches = new Map<string, ResolveMatch>();

  search(identifier: string): readonly number[] | undefined {
    return this.searches.get(identifier);
  }
  searchMatch(identifier: string): ResolveMatch | undefined {
    return this.matches.get(identifier);
  }
  record(recordId: number): ResolvedRecord | null | undefined {
    return this.records.get(recordId);
  }
  putSearch(identifier: string, recordIds: readonly number[], match?: ResolveMatch): void {
    this.searches.set(identifier, [...recordIds]);
    if (match) this.matches.set(identifier, match);
  }
  putRecord(recordId: number, record: ResolvedRecord | null): void {
    this.records.set(recordId, record);
  }
}

/** The key of a cache: answers differ between servers and between the two interfaces' ways of searching. */
export function cacheScope(baseUrl: string, via: string): string {
  return `${via} ${baseUrl.replace(/\/+$/, '')}`;
}
