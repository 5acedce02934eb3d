/** Status and results of queries (contract 1.4): unknown, expired or unfinished queries are 400s naming `queryId`. */
import { gzipSync } from 'zlib';
import { CURRENT_ROUTES, LIMITS, shownValue, type CurrentOperation, type FilterResultsResponse, type QueryStatusResponse } from '../../../wire';
import type { CurrentHandler, CurrentRequest } from './handler';
import type { ServiceContext } from '../../context';
import { isFinished, isRunning, type Query, type QueryKind, type QueryOutcome } from '../../query-engine/query-engine';
import { badField } from '../../http/problem';
import { recordsToSdf } from './records-sdf';
import type { CompoundRecord } from '../../record';
import { idsPage } from '../../store/compound-store';

/** The status route of each kind of query: a query ID works only with its own kind's routes. */
const STATUS_ROUTE: Readonly<Record<QueryKind, CurrentOperation>> = {
  ids: 'filterStatus',
  formulaBatch: 'filterFormulaBatchStatus',
  massBatch: 'filterMassBatchStatus',
  spectrumBatch: 'filterSpectrumBatchStatus',
};

async function queryOf(ctx: ServiceContext, req: CurrentRequest, kind: QueryKind): Promise<Query> {
  const id = req.params.queryId;
  const query = await ctx.engine.get(id);
  if (!query) throw badField('queryId', 'unknown or expired query ID');
  if (query.kind !== kind) throw badField('queryId', `this query's status is at ${CURRENT_ROUTES[STATUS_ROUTE[query.kind]].path}`);
  return query;
}

function finished<K extends QueryOutcome['kind']>(query: Query, _kind: K): Extract<QueryOutcome, { kind: K }> {
  if (!isFinished(query)) {
    const why = isRunning(query) ? 'Search results are not ready' : `The query ended ${query.status}`;
    throw badField('queryId', `${why} (status ${query.status}); poll its status until it is Complete`);
  }
  return query.outcome as Extract<QueryOutcome, { kind: K }>;
}

function status(query: Query): QueryStatusResponse {
  return { count: query.count, message: query.message, status: query.status };
}

function nonNegativeInt(req: CurrentRequest, name: 'start' | 'count'): number | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw badField(name, `${name} ${shownValue(raw)} must be a whole number of zero or more`);
  return Number(raw);
}

export const filterStatus: CurrentHandler<'filterStatus'> = async (ctx, req) => status(await queryOf(ctx, req, 'ids'));
export const filterFormulaBatchStatus: CurrentHandler<'filterFormulaBatchStatus'> = async (ctx, req) =>
  status(await queryOf(ctx, req, 'formulaBatch'));
export const filterMassBatchStatus: CurrentHandler<'filterMassBatchStatus'> = async (ctx, req) => status(await queryOf(ctx, req, 'massBatch'));
export const filterSpectrumBatchStatus: CurrentHandler<'filterSpectrumBatchStatus'> = async (ctx, req) =>
  status(await queryOf(ctx, req, 'spectrumBatch'));

/** One page of at most LIMITS.filterResultsPage IDs; `limitedToMaxAllowed` when the cap cut it and more follow. */
export const filterResults: CurrentHandler<'filterResults'> = async (ctx, req) => {
  const { ids, scores, spectrumIds, matchedPeaks, matchLevels } = finished(await queryOf(ctx, req, 'ids'), 'ids');
  const start = nonNegativeInt(req, 'start') ?? 0;
  const asked = nonNegativeInt(req, 'count');
  const wanted = asked ?? ids.length - start;
  const take = Math.min(wanted, LIMITS.filterResultsPage);
  const page = idsPage(ids, start, start + take);
  const out: FilterResultsResponse = { results: page, limitedToMaxAllowed: take < wanted && start + take < ids.length };
  if (scores) out.scores = scores.slice(start, start + take);
  if (spectrumIds) out.spectrumIds = spectrumIds.slice(start, start + take);
  if (matchedPeaks) out.matchedPeaks = matchedPeaks.slice(start, start + take);
  if (matchLevels) out.matchLevels = matchLevels.slice(start, start + take);
  return out;
};

export const filterResultsSdf: CurrentHandler<'filterResultsSdf'> = async (ctx, req) => {
  const { ids } = finished(await queryOf(ctx, req, 'ids'), 'ids');
  const records: CompoundRecord[] = [];
  for (const id of ids) {
    const r = await ctx.store.getById(id);
    if (r) records.push(r);
  }
  return { results: gzipSync(Buffer.from(recordsToSdf(records), 'utf8')).toString('base64') };
};

export const filterFormulaBatchResults: CurrentHandler<'filterFormulaBatchResults'> = async (ctx, req) => ({
  batchResults: finished(await queryOf(ctx, req, 'formulaBatch'), 'formulaBatch').entries,
});

export const filterMassBatchResults: CurrentHandler<'filterMassBatchResults'> = async (ctx, req) => ({
  batchResults: finished(await queryOf(ctx, req, 'massBatch'), 'massBatch').entries,
});

export const filterSpectrumBatchResults: CurrentHandler<'filterSpectrumBatchResults'> = async (ctx, req) => ({
  batchResults: finished(await queryOf(ctx, req, 'spectrumBatch'), 'spectrumBatch').entries,
});
