/**
 * How searches run on each interface generation: submit, status, results paging and batch groups, built for each
 * kind by its entry in the table of search-spec.ts from the builders below. The query object (query.ts) is the only
 * user; nothing else submits or pages a search.
 */
import { checkNonEmptyString, classifyQuery, LIMITS, type QueryKind } from '../wire';
import type { CallOptions, CurrentApi } from './current-api';
import { ConfigurationError } from './errors';
import { assertValid, legacyOrder, wireOrder, type OrderInput } from './inputs';
import type { OlderApi } from './older-api';
import type { StatusCheck } from './poll';
import type { SearchInterface } from './results';
import { kindOf, type SearchKind, type SearchSpec } from './search-spec';

export interface ResultPage {
  ids: number[];
  /** True when the server holds more IDs after these. */
  more: boolean;
  /** Similarity queries: the Tanimoto score of each ID; spectrum queries: the entropy similarity. Parallel to `ids`. */
  scores?: number[];
  /** Spectrum queries: the best spectrum of each record and the query peaks it matched, parallel to `ids`. */
  spectrumIds?: number[];
  matchedPeaks?: number[];
}

export interface ResultGroup {
  /** The formula, or `mass ± range`, as the server echoed it. */
  label: string;
  ids: number[];
}

/** A search answered without a query (a record ID, the older synchronous search). */
interface ImmediatePlan {
  immediate: true;
  /** Checks made before anything is sent (InputError). */
  check?(): void;
  via: SearchInterface;
  kind: QueryKind | SearchSpec['kind'];
  status: string;
  ids(call: CallOptions): Promise<number[]>;
}

/** A search run as an asynchronous query. */
export interface AsyncPlan {
  immediate: false;
  check?(): void;
  via: SearchInterface;
  /** The query's kind, as the composite search classified it or as the spec says. */
  kind: QueryKind | SearchSpec['kind'];
  /** What the learned query times are kept under (one per operation). */
  timingKind: string;
  submit(call: CallOptions): Promise<string>;
  status(queryId: string, call: CallOptions): Promise<StatusCheck>;
  /** `count` IDs from `start` and whether more follow. */
  page(queryId: string, start: number, count: number, call: CallOptions): Promise<ResultPage>;
  all(queryId: string, call: CallOptions): Promise<number[]>;
  /** Batch searches only. */
  groups?(queryId: string, call: CallOptions): Promise<ResultGroup[]>;
}

export type QueryPlan = ImmediatePlan | AsyncPlan;

export interface Parts {
  current: CurrentApi;
  older: OlderApi;
  hasApiKey: boolean;
  hasToken: boolean;
}

/** Status, paging and results of a single-list query of the current interface. */
export function currentList(parts: Parts, kind: AsyncPlan['kind'], timingKind: string, submit: AsyncPlan['submit']): AsyncPlan {
  const { current } = parts;
  return {
    immediate: false,
    via: 'current',
    kind,
    timingKind,
    submit,
    status: (id, call) => current.filterStatus(id, call),
    page: async (id, start, count, call) => {
      // One more than asked for says whether more follow; a page cut at the server's cap says so too.
      const page = await current.filterResults(id, start === 0 ? undefined : start, Math.min(count + 1, LIMITS.filterResultsPage), call);
      const out: ResultPage = { ids: page.results.slice(0, count), more: page.results.length > count || page.limitedToMaxAllowed };
      if (page.scores) out.scores = page.scores.slice(0, count);
      if (page.spectrumIds) out.spectrumIds = page.spectrumIds.slice(0, count);
      if (page.matchedPeaks) out.matchedPeaks = page.matchedPeaks.slice(0, count);
      return out;
    },
    all: (id, call) => current.filterAllResults(id, call),
  };
}

/** The older interface's asynchronous simple search (routed to filter name when only an API key is set). */
export function olderAsync(parts: Parts, kind: AsyncPlan['kind'], query: string, order: OrderInput): AsyncPlan {
  const { older } = parts;
  const ordered = order.order !== undefined || order.direction !== undefined;
  return {
    immediate: false,
    via: 'older',
    kind,
    timingKind: 'asyncSimpleSearch',
    submit: (call) =>
      ordered
        ? older.asyncSimpleSearchOrdered(query, order.order ?? 'dbid', order.direction ?? 'ascending', call)
        : older.asyncSimpleSearch(query, call),
    status: async (id, call) => {
      const s = await older.getAsyncSearchStatusAndCount(id, call);
      return { status: s.Status, count: s.Count, message: s.Message ?? '' };
    },
    page: async (id, start, count, call) => {
      const ids = await older.getAsyncSearchResultPart(id, start, count + 1, call);
      return { ids: ids.slice(0, count), more: ids.length > count };
    },
    all: (id, call) => older.getAsyncSearchResult(id, call),
  };
}

function batch(parts: Parts, spec: Extract<SearchSpec, { kind: 'formulaBatch' | 'massBatch' }>): AsyncPlan {
  const { current } = parts;
  const input = { dataSources: spec.dataSources, order: spec.order, direction: spec.direction };
  const groups =
    spec.kind === 'formulaBatch'
      ? async (id: string, call: CallOptions) =>
          (await current.filterFormulaBatchResults(id, call)).map((b) => ({ label: b.formula, ids: b.results }))
      : async (id: string, call: CallOptions) =>
          (await current.filterMassBatchResults(id, call)).map((b) => ({ label: `${b.mass} ± ${b.range}`, ids: b.results }));
  const all = async (id: string, call: CallOptions) => [...new Set((await groups(id, call)).flatMap((g) => g.ids))];
  return {
    immediate: false,
    via: 'current',
    kind: spec.kind,
    timingKind: spec.kind,
    submit: (call) =>
      spec.kind === 'formulaBatch' ? current.filterFormulaBatch(spec.formulas, input, call) : current.filterMassBatch(spec.masses, input, call),
    status: (id, call) => (spec.kind === 'formulaBatch' ? current.filterFormulaBatchStatus(id, call) : current.filterMassBatchStatus(id, call)),
    page: async (id, start, count, call) => {
      const ids = await all(id, call);
      return { ids: ids.slice(start, start + count), more: ids.length > start + count };
    },
    all,
    groups,
  };
}

/** The composite search of spec 3: the current filter its query's shape asks for, or the older search with only a token. */
function composite(parts: Parts, spec: Extract<SearchSpec, { kind: 'composite' }>): QueryPlan {
  const text = String(spec.query).trim();
  const kind = classifyQuery(text);
  const olderOnly = parts.hasToken && !parts.hasApiKey;
  const via: SearchInterface = olderOnly ? 'older' : 'current';
  const order: OrderInput = { order: spec.order, direction: spec.direction ?? 'ascending' };
  const check = (): void => {
    if (olderOnly) legacyOrder(order.order ?? 'dbid', order.direction ?? 'ascending');
    else wireOrder(order);
    assertValid(checkNonEmptyString('query', text));
  };
  if (kind === 'recordId') {
    return { immediate: true, check, via, kind, status: via === 'current' ? 'Complete' : 'ResultReady', ids: async () => [Number(text)] };
  }
  if (olderOnly) return { ...olderAsync(parts, kind, text, order), check };
  const { current } = parts;
  const submit = (call: CallOptions): Promise<string> => {
    if (!parts.hasApiKey) return Promise.reject(new ConfigurationError('search needs an API key or a security token; neither is configured'));
    switch (kind) {
      case 'inchi':
        return current.filterInchi(text, call);
      case 'inchikey':
        return current.filterInchikey(text, call);
      case 'smiles':
        return current.filterSmiles(text, call);
      case 'formula':
        return current.filterFormula(text, { order: spec.order, direction: spec.direction }, call);
      case 'name':
        return current.filterName(text, order, call);
    }
  };
  return { ...currentList(parts, kind, `filter ${kind}`, submit), check };
}

/**
 * What the plans of the table of search kinds (search-spec.ts) are made of. They load with the first search, not with
 * the table: the Searches view shows kept searches as the extension activates, without this code.
 */
const PLAN_BUILDERS = {
  /** A single-list filter of the current interface, named by its submit. */
  filter: (parts: Parts, kind: SearchKind, submit: AsyncPlan['submit']): QueryPlan => currentList(parts, kind, `filter ${kind}`, submit),
  batch,
  composite,
  olderAsync,
};
export type PlanBuilders = typeof PLAN_BUILDERS;

/** The plan of a spec: its kind's entry in the table, built from the builders above. */
export function planOf(parts: Parts, spec: SearchSpec): QueryPlan {
  return kindOf(spec).plan(PLAN_BUILDERS, parts, spec);
}
