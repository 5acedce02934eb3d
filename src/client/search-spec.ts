/** What a search asks for, as plain JSON: the one argument of `client.query(spec)`, kept and re-run by callers. */
import type { Complexity, Direction, IdentityLevel, Isotopic, MassWithRange, Peak, SortKey, SubstructureFormat } from '../wire';
import type { IntrinsicPropertyInput, SpectrumSearchInput } from './current-api';
import type { OrderInput } from './inputs';

export type IntrinsicInputs = Omit<IntrinsicPropertyInput, keyof OrderInput>;

export type SearchSpec =
  /** The composite search of spec 3: the kind is decided by the query's shape, the generation by the credentials. */
  | { kind: 'composite'; query: string; direction?: Direction; order?: SortKey }
  | ({ kind: 'name'; name: string } & OrderInput)
  | ({ kind: 'formula'; formula: string; dataSources?: string[] } & OrderInput)
  | ({ kind: 'formulaBatch'; formulas: string[]; dataSources?: string[] } & OrderInput)
  | ({ kind: 'mass'; mass: number; range: number; dataSources?: string[] } & OrderInput)
  | ({ kind: 'massBatch'; masses: MassWithRange[]; dataSources?: string[] } & OrderInput)
  | ({
      kind: 'element';
      includeElements: string[];
      excludeElements?: string[];
      includeAll?: boolean;
      complexity?: Complexity;
      isotopic?: Isotopic;
    } & OrderInput)
  | ({ kind: 'intrinsic' } & IntrinsicInputs & OrderInput)
  /** `identity`: also the looser levels up to this one (shared/beyond-the-spec.md 4; Compound DB's own service). */
  | { kind: 'inchi'; inchi: string; identity?: IdentityLevel }
  | { kind: 'inchikey'; inchikey: string; identity?: IdentityLevel }
  | { kind: 'smiles'; smiles: string; identity?: IdentityLevel }
  /** Structure search (Compound DB's own service, shared/beyond-the-spec.md 1). */
  | ({ kind: 'substructure'; query: string; queryFormat: SubstructureFormat; useChirality?: boolean; dataSources?: string[] } & OrderInput)
  | { kind: 'similarity'; smiles: string; threshold?: number; maxResults?: number; dataSources?: string[] }
  /** Spectrum search (shared/beyond-the-spec.md 5): Flash entropy search over the measured spectra. */
  | ({ kind: 'spectrum'; peaks: Peak[] } & SpectrumSearchInput)
  /** The older interface's synchronous search: answered at once, at most 100 IDs. */
  | { kind: 'legacySimple'; query: string }
  | ({ kind: 'legacyAsync'; query: string } & OrderInput);

export type SearchKind = SearchSpec['kind'];

/** Kinds whose results come in groups, one per formula or mass asked for. */
export function isBatchKind(kind: SearchKind): kind is 'formulaBatch' | 'massBatch' {
  return kind === 'formulaBatch' || kind === 'massBatch';
}
