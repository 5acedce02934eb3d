/**
 * Every kind of search in one table: what it asks for (`SearchSpec`, plain JSON: the one argument of
 * `client.query(spec)`, kept and re-run by callers), how it reads (its title, what its input is called in errors, one
 * line describing the query) and how it runs (its plan, made of the builders of query-plans.ts, which are handed to it:
 * the Searches view shows kept searches as the extension activates without loading the query code). A new kind is a
 * member of the union below and an entry of the table: TypeScript asks for both.
 */
import { classifyQuery } from '../wire/query-kind';
import { INTRINSIC_MASS_KEYS } from '../wire/fields';
import type { Complexity, Direction, IdentityLevel, Isotopic, MassWithRange, Peak, QueryKind, SortKey, SubstructureFormat } from '../wire';
import type { CallOptions, CurrentApi, IntrinsicPropertyInput, SpectrumSearchInput } from './current-api';
import type { Parts, PlanBuilders, QueryPlan } from './query-plans';
import type { OrderInput } from './inputs';
import type { Translator } from './user-message';

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

export type SpecOf<K extends SearchKind> = Extract<SearchSpec, { kind: K }>;

interface KindEntry<S extends SearchSpec> {
  /** The kind as the Searches tree heads a search: `Formula`, `Similar to`. */
  title(l10n: Translator): string;
  /** What an error message calls the input: `formula`, `SMILES`. */
  inputLabel(spec: S, l10n: Translator): string;
  /** One line describing the query. */
  describe(spec: S, l10n: Translator): string;
  /** Its query ID names a single-list filter query of the current interface (which has an SDF of its results). */
  filterQuery: boolean;
  /** How it runs; nothing is checked or sent until the query runs. */
  plan(build: PlanBuilders, parts: Parts, spec: S): QueryPlan;
}

type Submit = (call: CallOptions) => Promise<string>;

const massText = (m: MassWithRange): string => `${m.mass} ± ${m.range}`;

/** How the composite search reads a query (the shared classifier of src/wire), as error messages and the tree say it. */
export function queryKindLabel(kind: QueryKind, l10n: Translator): string {
  const labels: Record<QueryKind, string> = {
    recordId: l10n.t('record ID'),
    inchi: 'InChI',
    inchikey: 'InChIKey',
    smiles: 'SMILES',
    formula: l10n.t('formula'),
    name: l10n.t('name'),
  };
  return labels[kind];
}

/** A single-list filter of the current interface, which runs by `submit`. */
function filter<K extends SearchKind>(
  entry: Omit<KindEntry<SpecOf<K>>, 'filterQuery' | 'plan'>,
  submit: (current: CurrentApi, spec: SpecOf<K>) => Submit,
): KindEntry<SpecOf<K>> {
  return { ...entry, filterQuery: true, plan: (build, parts, spec) => build.filter(parts, spec.kind, submit(parts.current, spec)) };
}

/** The current interface's exact search by each identifier (the spec's field is named as its kind). */
const EXACT = { inchi: 'filterInchi', inchikey: 'filterInchikey', smiles: 'filterSmiles' } as const;

/**
 * A search by one identifier, named the same way whatever the identity level: that identifier exactly, or with
 * `identity` also the looser levels up to that one.
 */
function identifier<K extends keyof typeof EXACT>(kind: K, label: string): KindEntry<SpecOf<K>> {
  const textOf = (spec: SpecOf<K>): string => (spec as unknown as Record<K, string>)[kind];
  return filter<K>({ title: () => label, inputLabel: () => label, describe: textOf }, (current, spec) => {
    const { identity } = spec as { identity?: IdentityLevel };
    return (call) => (identity ? current.filterIdentity(kind, textOf(spec), identity, call) : current[EXACT[kind]](textOf(spec), call));
  });
}

const withoutKind = <S extends SearchSpec>({ kind: _kind, ...input }: S): Omit<S, 'kind'> => input;

export const SEARCH_KINDS: { readonly [K in SearchKind]: KindEntry<SpecOf<K>> } = {
  composite: {
    title: (l10n) => l10n.t('Search'),
    inputLabel: (spec, l10n) => queryKindLabel(classifyQuery(spec.query), l10n),
    describe: (spec) => spec.query,
    filterQuery: false,
    plan: (build, parts, spec) => build.composite(parts, spec),
  },
  name: filter(
    { title: (l10n) => l10n.t('Name'), inputLabel: (_s, l10n) => l10n.t('name'), describe: (spec) => spec.name },
    (current, spec) => (call) => current.filterName(spec.name, { order: spec.order, direction: spec.direction }, call),
  ),
  formula: filter(
    { title: (l10n) => l10n.t('Formula'), inputLabel: (_s, l10n) => l10n.t('formula'), describe: (spec) => spec.formula },
    (current, spec) => (call) =>
      current.filterFormula(spec.formula, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call),
  ),
  formulaBatch: {
    title: (l10n) => l10n.t('Formula list'),
    inputLabel: (_s, l10n) => l10n.t('formula list'),
    describe: (spec) => spec.formulas.join(', '),
    filterQuery: false,
    plan: (build, parts, spec) => build.batch(parts, spec),
  },
  mass: filter(
    { title: (l10n) => l10n.t('Mass'), inputLabel: (_s, l10n) => l10n.t('mass'), describe: massText },
    (current, spec) => (call) =>
      current.filterMass(spec.mass, spec.range, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call),
  ),
  massBatch: {
    title: (l10n) => l10n.t('Mass list'),
    inputLabel: (_s, l10n) => l10n.t('mass list'),
    describe: (spec) => spec.masses.map(massText).join(', '),
    filterQuery: false,
    plan: (build, parts, spec) => build.batch(parts, spec),
  },
  element: filter(
    {
      title: (l10n) => l10n.t('Elements'),
      inputLabel: (_s, l10n) => l10n.t('element filter'),
      describe: (spec, l10n) => {
        const elements = spec.includeElements.join(' ');
        const parts = [spec.includeAll ? l10n.t('all of {0}', elements) : l10n.t('any of {0}', elements)];
        if (spec.excludeElements?.length) parts.push(l10n.t('not {0}', spec.excludeElements.join(' ')));
        if (spec.complexity) parts.push(spec.complexity);
        if (spec.isotopic) parts.push(spec.isotopic);
        return parts.join(', ');
      },
    },
    (current, spec) => (call) => current.filterElement(withoutKind(spec), call),
  ),
  intrinsic: filter(
    {
      title: (l10n) => l10n.t('Intrinsic properties'),
      inputLabel: (_s, l10n) => l10n.t('property filter'),
      describe: (spec) => {
        const parts: string[] = spec.formula ? [spec.formula] : [];
        for (const key of INTRINSIC_MASS_KEYS) {
          const m = spec[key];
          if (m) parts.push(`${key} ${massText(m)}`);
        }
        return parts.join(', ');
      },
    },
    (current, spec) => (call) => current.filterIntrinsicProperty(withoutKind(spec), call),
  ),
  inchi: identifier('inchi', 'InChI'),
  inchikey: identifier('inchikey', 'InChIKey'),
  smiles: identifier('smiles', 'SMILES'),
  substructure: filter(
    {
      title: (l10n) => l10n.t('Substructure'),
      inputLabel: (_s, l10n) => l10n.t('substructure query'),
      describe: (spec) => (spec.queryFormat === 'SMARTS' ? `${spec.query} (SMARTS)` : spec.query),
    },
    (current, { kind: _kind, query, ...input }) =>
      (call) =>
        current.filterSubstructure(query, input, call),
  ),
  similarity: filter(
    {
      title: (l10n) => l10n.t('Similar to'),
      inputLabel: () => 'SMILES',
      describe: (spec) => (spec.threshold === undefined ? spec.smiles : `${spec.smiles} ≥ ${spec.threshold}`),
    },
    (current, { kind: _kind, smiles, ...input }) =>
      (call) =>
        current.filterSimilarity(smiles, input, call),
  ),
  spectrum: filter(
    {
      title: (l10n) => l10n.t('Spectrum'),
      inputLabel: (_s, l10n) => l10n.t('spectrum'),
      describe: (spec, l10n) => {
        const peaks = l10n.t('{0} peaks', spec.peaks.length);
        const precursor = spec.precursorMz === undefined ? '' : l10n.t(', precursor {0}', spec.precursorMz);
        return `${peaks}${precursor} (${spec.searchType ?? 'identity'})`;
      },
    },
    (current, { kind: _kind, peaks, ...input }) =>
      (call) =>
        current.filterSpectrum(peaks, input, call),
  ),
  legacySimple: {
    title: (l10n) => l10n.t('Simple search (older)'),
    inputLabel: (_s, l10n) => l10n.t('query'),
    describe: (spec) => spec.query,
    filterQuery: false,
    plan: (_build, { older }, spec) => ({
      immediate: true,
      via: 'older',
      kind: spec.kind,
      status: 'ResultReady',
      ids: (call) => older.simpleSearch(spec.query, call),
    }),
  },
  legacyAsync: {
    title: (l10n) => l10n.t('Async search (older)'),
    inputLabel: (_s, l10n) => l10n.t('query'),
    describe: (spec) => spec.query,
    filterQuery: false,
    plan: (build, parts, spec) => build.olderAsync(parts, spec.kind, spec.query, { order: spec.order, direction: spec.direction }),
  },
};

/** Whether a persisted or typed-in kind is one of the table's own (`toString` and `__proto__` are not). */
export function isSearchKind(kind: string): kind is SearchKind {
  return Object.hasOwn(SEARCH_KINDS, kind);
}

/** The table's entry for a spec's kind (TypeScript cannot tie a union's kind to its entry without this one cast). */
export function kindOf<S extends SearchSpec>(spec: S): KindEntry<S> {
  return SEARCH_KINDS[spec.kind] as unknown as KindEntry<S>;
}
