/**
 * The one storage interface the routes and the query engine use. The in-memory indexed store
 * (memory-store.ts) implements it now; a PostgreSQL backend with the RDKit cartridge can implement the same
 * methods (each is a Promise for that reason) for a shared deployment without touching the routes.
 */
import type { CompoundRecord } from '../record';

export const MASS_KINDS = ['monoisotopicMass', 'averageMass', 'molecularWeight', 'nominalMass'] as const;
export type MassKind = (typeof MASS_KINDS)[number];

/**
 * Record IDs of a search's result: a typed array for a large result read from an index, else a plain array; an
 * element filter's result stays the filter over the index's bitsets, decoded a page at a time.
 */
export type RecordIds = number[] | Int32Array | Float64Array | IdsDecodedOnRead;

/** A result kept in a form smaller than its IDs (element-index.ts's match): ascending, decoded page by page. */
export interface IdsDecodedOnRead {
  readonly length: number;
  /** What keeping it costs, in IDs' worth of memory (the stored-query bound counts this, not `length`). */
  readonly keptSize: number;
  subarray(start: number, end: number): Int32Array;
  [Symbol.iterator](): Iterator<number>;
}

/** A page of result IDs as a plain array (what JSON and XML writers take). */
export function idsPage(ids: RecordIds, start: number, end: number): number[] {
  return Array.isArray(ids) ? ids.slice(start, end) : Array.from(ids.subarray(start, end));
}

/** The identity levels looser than exact (shared/beyond-the-spec.md 4), each keyed by a first InChIKey block. */
export const LOOSE_LEVELS = ['connectivity', 'parent', 'tautomer'] as const;
export type LooseLevel = (typeof LOOSE_LEVELS)[number];

/** A record's key at a looser identity level: its own first block where it carries no parent or tautomer key. */
export function identityKeyOf(record: { inchiKey: string; parentKey?: string; tautomerKey?: string }, level: LooseLevel): string {
  const own = record.inchiKey.slice(0, 14);
  return level === 'parent' ? (record.parentKey ?? own) : level === 'tautomer' ? (record.tautomerKey ?? own) : own;
}

export interface CompoundStore {
  readonly size: number;
  getById(id: number): Promise<CompoundRecord | undefined>;
  /** Every record with this standard InChIKey (the same structure may come from several datasources). */
  getByInchiKey(inchiKey: string): Promise<CompoundRecord[]>;
  /** Records whose standard InChI is exactly this string. */
  getByInchi(inchi: string): Promise<CompoundRecord[]>;
  /** Records whose canonical SMILES is exactly this string; a store without such an index leaves it out. */
  getBySmiles?(smiles: string): Promise<CompoundRecord[]>;
  /** Records of this formula, written in any element order or TeX-like; [] when it is not a formula. */
  byFormula(formula: string): Promise<CompoundRecord[]>;
  /** Records whose mass of this kind lies in [lo, hi], in ascending mass order. */
  byMassRange(kind: MassKind, lo: number, hi: number): Promise<CompoundRecord[]>;
  /** Relevance order (name-index.ts): common name, synonym, name without stereo descriptors, prefix, substring. */
  byName(name: string): Promise<CompoundRecord[]>;
  /** Names and synonyms within a few edits of `name` (spelling-index.ts), fewest first. */
  suggestNames(name: string, max: number): Promise<string[]>;
  /** Records whose key at this level (identityKeyOf) is one of `keys`, by record ID. */
  byIdentityKeys(level: LooseLevel, keys: readonly string[]): Promise<CompoundRecord[]>;
  /** Records holding any (or, with `includeAll`, every) one of `include`, and none of `exclude`. */
  byElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<CompoundRecord[]>;
  /**
   * The IDs of byElements' records, ascending, without reading the records (an element filter at 1M records matches
   * ~10%): a typed array where the store can, so a large result is one allocation outside the JavaScript heap.
   */
  idsByElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<RecordIds>;
  /** Datasource names in the order they were first loaded. */
  dataSources(): Promise<string[]>;
  all(): Promise<readonly CompoundRecord[]>;
}
