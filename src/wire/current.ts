/** Current (JSON) interface: routes and bodies of contract 1.4. */
import type { RecordDetails, DetailsField } from './fields';
export { INTRINSIC_MASS_KEYS } from './fields';
import type { OrderBy, Direction } from './sort';
import type { Complexity, ConvertFormat, Isotopic } from './formats';
import type { QueryStatusResponse } from './status';
import type { IdentityLevel, IdentityOption } from './identity';
import { STRUCTURE_ROUTES, type SimilarityFilterBody, type SubstructureFilterBody } from './structure-search';
import {
  SPECTRUM_ROUTES,
  type SpectrumBatchBody,
  type SpectrumBatchResultsResponse,
  type SpectrumFilterBody,
  type SpectrumResultsExtras,
} from './spectrum-search';

export type HttpMethod = 'GET' | 'POST';

export interface Route {
  method: HttpMethod;
  /** Path below `{baseUrl}/compounds/{version}/`, with `{name}` parameters. */
  path: string;
}

export const CURRENT_ROUTES = {
  getDetails: { method: 'GET', path: 'records/{recordId}/details' },
  getDetailsBatch: { method: 'POST', path: 'records/batch' },
  getExternalReferences: { method: 'GET', path: 'records/{recordId}/externalreferences' },
  getImage: { method: 'GET', path: 'records/{recordId}/image' },
  getMol: { method: 'GET', path: 'records/{recordId}/mol' },
  getDatasources: { method: 'GET', path: 'lookups/datasources' },
  filterElement: { method: 'POST', path: 'filter/element' },
  filterFormula: { method: 'POST', path: 'filter/formula' },
  filterFormulaBatch: { method: 'POST', path: 'filter/formula/batch' },
  filterFormulaBatchStatus: { method: 'GET', path: 'filter/formula/batch/{queryId}/status' },
  filterFormulaBatchResults: { method: 'GET', path: 'filter/formula/batch/{queryId}/results' },
  filterInchi: { method: 'POST', path: 'filter/inchi' },
  filterInchikey: { method: 'POST', path: 'filter/inchikey' },
  filterIntrinsicProperty: { method: 'POST', path: 'filter/intrinsicproperty' },
  filterMass: { method: 'POST', path: 'filter/mass' },
  filterMassBatch: { method: 'POST', path: 'filter/mass/batch' },
  filterMassBatchStatus: { method: 'GET', path: 'filter/mass/batch/{queryId}/status' },
  filterMassBatchResults: { method: 'GET', path: 'filter/mass/batch/{queryId}/results' },
  filterName: { method: 'POST', path: 'filter/name' },
  filterSmiles: { method: 'POST', path: 'filter/smiles' },
  filterStatus: { method: 'GET', path: 'filter/{queryId}/status' },
  filterResults: { method: 'GET', path: 'filter/{queryId}/results' },
  filterResultsSdf: { method: 'GET', path: 'filter/{queryId}/results/sdf' },
  convert: { method: 'POST', path: 'tools/convert' },
  validateInchikey: { method: 'POST', path: 'tools/validate/inchikey' },
  /** Compound DB's own service (shared/beyond-the-spec.md 4): names within a few edits of a misspelt one. */
  suggestNames: { method: 'POST', path: 'tools/names/suggest' },
  ...STRUCTURE_ROUTES,
  ...SPECTRUM_ROUTES,
} as const satisfies Record<string, Route>;

export type CurrentOperation = keyof typeof CURRENT_ROUTES;

/** `compounds/{version}/` prefix of every current-interface path. */
export function currentPrefix(version: string): string {
  return `/compounds/${encodeURIComponent(version)}/`;
}

/** Fills `{name}` parameters, each URI-encoded. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A matcher of concrete paths (without prefix or query) for a template, built once: literal segments compare
 * case-insensitively, each `{name}` takes one non-empty segment, URI-decoded.
 */
export function routeMatcher(template: string): (path: string) => Record<string, string> | undefined {
  const parts = template.split('/').map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    return m ? { param: m[1] } : { literal: part.toLowerCase() };
  });
  return (path) => {
    const got = path.split('/');
    if (got.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.param !== undefined) {
        if (got[i] === '') return undefined;
        params[part.param] = decodeURIComponent(got[i]);
      } else if (part.literal !== got[i].toLowerCase()) {
        return undefined;
      }
    }
    return params;
  };
}

// ---- request bodies ----

/** The optional order keys of the filter bodies. */
export interface Ordered {
  orderBy?: OrderBy | null;
  orderDirection?: Direction | null;
}
export interface DetailsBatchBody {
  recordIds: number[];
  fields?: DetailsField[] | null;
}
export interface ElementFilterBody extends Ordered {
  includeElements: string[];
  excludeElements?: string[] | null;
  options?: { includeAll?: boolean | null; complexity?: Complexity | null; isotopic?: Isotopic | null } | null;
}
export interface FormulaFilterBody extends Ordered {
  formula: string;
  dataSources?: string[] | null;
}
export interface FormulaBatchBody extends Ordered {
  formulas: string[];
  dataSources?: string[] | null;
}
export interface InchiFilterBody extends IdentityOption {
  inchi: string;
}
export interface InchikeyFilterBody extends IdentityOption {
  inchikey: string;
}
export interface MassWithRange {
  mass: number;
  range: number;
}
export interface IntrinsicPropertyBody extends Ordered {
  formula?: string | null;
  molecularWeight?: MassWithRange | null;
  nominalMass?: MassWithRange | null;
  averageMass?: MassWithRange | null;
  monoisotopicMass?: MassWithRange | null;
  options?: { complexity?: Complexity | null; isotopic?: Isotopic | null } | null;
}

export interface MassFilterBody extends Ordered, MassWithRange {
  dataSources?: string[] | null;
}
export interface MassBatchBody extends Ordered {
  masses: MassWithRange[];
  dataSources?: string[] | null;
}
export interface NameFilterBody extends Ordered {
  name: string;
}
export interface SmilesFilterBody extends IdentityOption {
  smiles: string;
}
export interface ConvertBody {
  input: string;
  inputFormat: ConvertFormat;
  outputFormat: ConvertFormat;
}
export interface ValidateInchikeyBody {
  inchikey: string;
}
export interface SuggestNamesBody {
  name: string;
  /** 1 to 20, default 5. */
  maxResults?: number | null;
}
export const MAX_NAME_SUGGESTIONS = 20;

// ---- responses ----

export interface QueryIdResponse {
  queryId: string;
}
export type { QueryStatusResponse };
export interface DetailsBatchResponse {
  records: RecordDetails[];
}
export interface ExternalReference {
  source: string;
  sourceUrl: string;
  externalId: string;
  externalUrl: string;
}
export interface ExternalReferencesResponse {
  externalReferences: ExternalReference[];
}
export interface ImageResponse {
  /** base64 PNG */
  image: string;
}
export interface MolResponse {
  sdf: string;
}
export interface DatasourcesResponse {
  dataSources: string[];
}
export interface FilterResultsResponse extends SpectrumResultsExtras {
  results: number[];
  limitedToMaxAllowed: boolean;
  /**
   * Similarity queries (shared/beyond-the-spec.md 1): Tanimoto scores parallel to `results`; spectrum queries (5):
   * entropy similarity, with `spectrumIds` and `matchedPeaks` beside them.
   */
  scores?: number[];
  /** Structure filters given an `identity` (shared/beyond-the-spec.md 4): each result's level, parallel to `results`. */
  matchLevels?: IdentityLevel[];
}
export interface FilterResultsSdfResponse {
  /** base64 of gzip of SDF text */
  results: string;
}
export interface FormulaBatchResultsResponse {
  batchResults: Array<{ formula: string; results: number[] }>;
}
export interface MassBatchResultsResponse {
  batchResults: Array<{ mass: number; range: number; results: number[] }>;
}
export interface ConvertResponse {
  output: string;
}
export interface ValidateInchikeyResponse {
  valid: boolean;
}
export interface SuggestNamesResponse {
  /** Names and synonyms as the collection writes them, fewest edits first. */
  suggestions: string[];
}

// ---- each operation's request body and answer, used by the client to send and the service to answer ----

/** The JSON body of every POST operation. */
export interface CurrentRequestBodies {
  getDetailsBatch: DetailsBatchBody;
  filterElement: ElementFilterBody;
  filterFormula: FormulaFilterBody;
  filterFormulaBatch: FormulaBatchBody;
  filterInchi: InchiFilterBody;
  filterInchikey: InchikeyFilterBody;
  filterIntrinsicProperty: IntrinsicPropertyBody;
  filterMass: MassFilterBody;
  filterMassBatch: MassBatchBody;
  filterName: NameFilterBody;
  filterSmiles: SmilesFilterBody;
  filterSubstructure: SubstructureFilterBody;
  filterSimilarity: SimilarityFilterBody;
  filterSpectrum: SpectrumFilterBody;
  filterSpectrumBatch: SpectrumBatchBody;
  convert: ConvertBody;
  validateInchikey: ValidateInchikeyBody;
  suggestNames: SuggestNamesBody;
}
export type CurrentBodyOperation = keyof CurrentRequestBodies;
/** Operations that start an asynchronous query (answered with a query ID). */
export type FilterOperation = Exclude<CurrentBodyOperation, 'getDetailsBatch' | 'convert' | 'validateInchikey' | 'suggestNames'>;

/** The JSON body of every operation's 200 answer. */
export interface CurrentResponses extends Record<FilterOperation, QueryIdResponse> {
  getDetails: RecordDetails;
  getDetailsBatch: DetailsBatchResponse;
  getExternalReferences: ExternalReferencesResponse;
  getImage: ImageResponse;
  getMol: MolResponse;
  getDatasources: DatasourcesResponse;
  filterFormulaBatchStatus: QueryStatusResponse;
  filterFormulaBatchResults: FormulaBatchResultsResponse;
  filterMassBatchStatus: QueryStatusResponse;
  filterMassBatchResults: MassBatchResultsResponse;
  filterSpectrumBatchStatus: QueryStatusResponse;
  filterSpectrumBatchResults: SpectrumBatchResultsResponse;
  filterStatus: QueryStatusResponse;
  filterResults: FilterResultsResponse;
  filterResultsSdf: FilterResultsSdfResponse;
  convert: ConvertResponse;
  validateInchikey: ValidateInchikeyResponse;
  suggestNames: SuggestNamesResponse;
}

// Compile-time checks: every POST route has a body type and no other does; every route has an answer type.
type PostOperation = { [Op in CurrentOperation]: (typeof CURRENT_ROUTES)[Op]['method'] extends 'POST' ? Op : never }[CurrentOperation];
void (0 as unknown as PostOperation satisfies CurrentBodyOperation);
void (0 as unknown as CurrentBodyOperation satisfies PostOperation);
void (0 as unknown as CurrentOperation satisfies keyof CurrentResponses);

/** RFC 9457 problem JSON (contract 1.5). */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
}
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
