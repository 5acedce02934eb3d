/** Runs one search of the tree through the client's query object (no `vscode` here): run, then the first page. */
import type { CompoundDbClient, QueryProgress, ResultGroup, ResultPage, SearchSpec } from '../../client';
import { PAGE_SIZE } from './searchState';

export interface SearchProgress {
  status: string;
  count?: number;
  message?: string;
  queryId?: string;
}

export interface SearchOutcome extends SearchProgress {
  ids: number[];
  more: boolean;
  /** Similarity of each result (similarity and spectrum searches), by record ID. */
  scores?: Record<string, number>;
  /** Spectrum searches: best spectrum and matched peaks of each result, by record ID. */
  spectrumIds?: Record<string, number>;
  matchedPeaks?: Record<string, number>;
  groups?: ResultGroup[];
}

type PerRecord = Pick<SearchOutcome, 'scores' | 'spectrumIds' | 'matchedPeaks'>;

export interface RunOptions {
  statusCheckLimit: number;
  signal?: AbortSignal;
  onProgress?: (progress: SearchProgress) => void;
}

const progressOf = (p: QueryProgress): SearchProgress => ({
  status: String(p.status ?? 'Processing'),
  count: p.count,
  message: p.message || undefined,
  queryId: p.queryId,
});

/**
 * A record listed once, at its first place: a server may list a record twice (it matched by name and by title),
 * and the tree's item IDs (search/record) must be unique or the row's command is lost.
 */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The page of a single-list search from `start`, read again from the server by the query's ID. */
export async function nextPage(
  client: CompoundDbClient,
  spec: SearchSpec,
  queryId: string,
  start: number,
  signal?: AbortSignal,
): Promise<{ ids: number[]; more: boolean } & PerRecord> {
  const page: ResultPage = await client.query(spec, { queryId }).page(start, PAGE_SIZE, { signal });
  const ids = uniqueIds(page.ids);
  // a value parallel to the page's IDs, kept by record ID (the first of a record listed twice)
  const byRecord = (values: number[] | undefined) => {
    if (!values) return undefined;
    const of = new Map<number, number>();
    page.ids.forEach((id, i) => of.has(id) || of.set(id, values[i]));
    return Object.fromEntries(ids.map((id) => [String(id), of.get(id) as number]));
  };
  const extras: PerRecord = { scores: byRecord(page.scores), spectrumIds: byRecord(page.spectrumIds), matchedPeaks: byRecord(page.matchedPeaks) };
  for (const key of Object.keys(extras) as Array<keyof PerRecord>) if (!extras[key]) delete extras[key];
  return { ids, more: page.more, ...extras };
}

export async function runSearch(client: CompoundDbClient, spec: SearchSpec, options: RunOptions): Promise<SearchOutcome> {
  const { signal, onProgress } = options;
  const query = client.query(spec);
  if (spec.kind === 'legacySimple') onProgress?.({ status: 'Processing' });
  await query.run({ maxStatusChecks: options.statusCheckLimit, signal, onProgress: (p) => onProgress?.(progressOf(p)) });
  const done = { status: String(query.status ?? 'Complete'), count: query.count, message: query.message || undefined, queryId: query.queryId };
  if (query.grouped) {
    const groups = (await query.groups({ signal })).map((g) => ({ label: g.label, ids: uniqueIds(g.ids) }));
    return { ...done, ids: [], more: false, groups };
  }
  // The composite search shows all its results (as the client's search does), as does a search answered at once;
  // the others page from the server.
  if (spec.kind === 'composite' || query.queryId === undefined) {
    const ids = uniqueIds(await query.allIds({ signal }));
    return { ...done, count: ids.length, ids, more: false };
  }
  return { ...done, ...(await nextPage(client, spec, query.queryId, 0, signal)) };
}
