/** Runs one search of the tree against the client (no `vscode` here): submit, poll, first page of results. */
import type { CompoundDbClient } from '../../client';
import { PAGE_SIZE, type ResultGroup } from './searchState';
import { pollQuery, type QueryState } from '../../client';
import type { SearchSpec } from './searchSpec';

export interface SearchProgress {
  status: string;
  count?: number;
  message?: string;
  queryId?: string;
}

export interface SearchOutcome extends SearchProgress {
  ids: number[];
  more: boolean;
  groups?: ResultGroup[];
}

export interface RunOptions {
  statusCheckLimit: number;
  signal?: AbortSignal;
  onProgress?: (progress: SearchProgress) => void;
}

type Client = CompoundDbClient;

/**
 * A record listed once, at its first place: a server may list a record twice (it matched by name and by title),
 * and the tree's item IDs (search/record) must be unique or the row's command is lost.
 */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** A page of a single-list search, from `start`: one ID more than shown is asked for, to know if there are more. */
export async function nextPage(
  client: Client,
  spec: SearchSpec,
  queryId: string,
  start: number,
  signal?: AbortSignal,
): Promise<{ ids: number[]; more: boolean }> {
  if (spec.kind === 'legacyAsync') {
    const ids = await client.getAsyncSearchResultPart(queryId, start, PAGE_SIZE + 1, { signal });
    return { ids: uniqueIds(ids.slice(0, PAGE_SIZE)), more: ids.length > PAGE_SIZE };
  }
  const page = await client.filterResults(queryId, start, PAGE_SIZE + 1, { signal });
  return { ids: uniqueIds(page.results.slice(0, PAGE_SIZE)), more: page.results.length > PAGE_SIZE || page.limitedToMaxAllowed };
}

function submit(client: Client, spec: SearchSpec, signal?: AbortSignal): Promise<string> {
  const call = { signal };
  switch (spec.kind) {
    case 'name':
      return client.filterName(spec.name, { order: spec.order, direction: spec.direction }, call);
    case 'formula':
      return client.filterFormula(spec.formula, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call);
    case 'formulaBatch':
      return client.filterFormulaBatch(spec.formulas, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call);
    case 'mass':
      return client.filterMass(spec.mass, spec.range, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call);
    case 'massBatch':
      return client.filterMassBatch(spec.masses, { dataSources: spec.dataSources, order: spec.order, direction: spec.direction }, call);
    case 'element': {
      const { kind: _kind, ...input } = spec;
      return client.filterElement(input, call);
    }
    case 'intrinsic': {
      const { kind: _kind, ...input } = spec;
      return client.filterIntrinsicProperty(input, call);
    }
    case 'inchi':
      return client.filterInchi(spec.inchi, call);
    case 'inchikey':
      return client.filterInchikey(spec.inchikey, call);
    case 'smiles':
      return client.filterSmiles(spec.smiles, call);
    case 'legacyAsync':
      return spec.order || spec.direction
        ? client.asyncSimpleSearchOrdered(spec.query, spec.order ?? 'dbid', spec.direction ?? 'ascending', call)
        : client.asyncSimpleSearch(spec.query, call);
    default:
      throw new Error(`${spec.kind} is not submitted as a query`);
  }
}

function statusCheck(client: Client, spec: SearchSpec, queryId: string): (signal?: AbortSignal) => Promise<QueryState> {
  switch (spec.kind) {
    case 'formulaBatch':
      return (signal) => client.filterFormulaBatchStatus(queryId, { signal });
    case 'massBatch':
      return (signal) => client.filterMassBatchStatus(queryId, { signal });
    case 'legacyAsync':
      return async (signal) => {
        const s = await client.getAsyncSearchStatusAndCount(queryId, { signal });
        return { status: s.Status, count: s.Count, message: s.Message ?? '' };
      };
    default:
      return (signal) => client.filterStatus(queryId, { signal });
  }
}

export async function runSearch(client: Client, spec: SearchSpec, options: RunOptions): Promise<SearchOutcome> {
  const { signal, onProgress } = options;
  if (spec.kind === 'composite') {
    const results = await client.search(spec.query, {
      order: spec.order,
      direction: spec.direction,
      raiseErrors: true,
      maxStatusChecks: options.statusCheckLimit,
      signal,
      onProgress: (p) => onProgress?.({ status: p.status ?? 'Processing', count: p.count, message: p.message || undefined, queryId: p.queryId }),
    });
    const ids = uniqueIds(results.recordIds);
    return { status: String(results.status ?? 'Complete'), count: ids.length, message: results.message || undefined, queryId: results.queryId, ids, more: false };
  }
  if (spec.kind === 'legacySimple') {
    onProgress?.({ status: 'Processing' });
    const ids = uniqueIds(await client.simpleSearch(spec.query, { signal }));
    return { status: 'ResultReady', count: ids.length, ids, more: false };
  }

  const queryId = await submit(client, spec, signal);
  onProgress?.({ status: 'Created', queryId });
  const last = await pollQuery(queryId, statusCheck(client, spec, queryId), {
    maxStatusChecks: options.statusCheckLimit,
    signal,
    onStatus: (s) => onProgress?.({ status: s.status, count: s.count, message: s.message, queryId }),
  });
  const done = { status: last.status, count: last.count, message: last.message || undefined, queryId };

  if (spec.kind === 'formulaBatch') {
    const batch = await client.filterFormulaBatchResults(queryId, { signal });
    return { ...done, ids: [], more: false, groups: batch.map((b) => ({ label: b.formula, ids: uniqueIds(b.results) })) };
  }
  if (spec.kind === 'massBatch') {
    const batch = await client.filterMassBatchResults(queryId, { signal });
    return { ...done, ids: [], more: false, groups: batch.map((b) => ({ label: `${b.mass} ± ${b.range}`, ids: uniqueIds(b.results) })) };
  }
  return { ...done, ...(await nextPage(client, spec, queryId, 0, signal)) };
}
