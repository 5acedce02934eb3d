/**
 * filter/spectrum (shared/beyond-the-spec.md 5) and its batch form filter/spectrum/batch: checked like every filter,
 * then Flash entropy search over the spectrum index (built after the service listens; a query waits for it), on the
 * query engine and in the fair queue of spectrum searches (a ticket taken when the search is asked). The index covers
 * the spectra the service serves, whichever store holds the records.
 */
import {
  SPECTRUM_LIMITS,
  checkSpectrumBatch,
  checkSpectrumFilter,
  type QueryIdResponse,
  type SpectrumBatchBody,
  type SpectrumBatchResult,
  type SpectrumFilterBody,
} from '../../../wire';
import type { ServiceContext } from '../../context';
import type { CurrentHandler } from './handler';
import type { QueryKind, QueryOutcome } from '../../query-engine/query-engine';
import type { SpectrumSearchAnswer, SpectrumSearchRequest } from '../../search/spectrum/search';
import { assertValid } from '../../http/problem';
import { currentCaller } from '../../http/caller';
import { startAdmitted } from './admitted-query';
import { resolveDataSources } from '../../search/restrict';

type Settings = Omit<SpectrumSearchRequest, 'peaks' | 'precursorMz' | 'searchType' | 'ionMode'>;

/** The settings every spectrum of a request shares, with the datasource check when it names datasources. */
async function settingsOf(ctx: ServiceContext, body: Partial<Omit<SpectrumFilterBody, 'peaks'>>, maxResultsDefault: number): Promise<Settings> {
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  return {
    fragmentToleranceDa: body.fragmentToleranceDa ?? undefined,
    precursorToleranceDa: body.precursorToleranceDa ?? undefined,
    threshold: body.threshold ?? undefined,
    maxResults: body.maxResults ?? maxResultsDefault,
    accept: sources && (async (id: number) => ((await ctx.store.getById(id))?.dataSources ?? []).some((s) => sources.has(s))),
  };
}

/** Queues the searches (a full queue is a 503 to this request) and answers with the query ID at once. */
async function submit(
  ctx: ServiceContext,
  kind: QueryKind,
  requests: SpectrumSearchRequest[],
  outcome: (answers: SpectrumSearchAnswer[]) => QueryOutcome,
): Promise<QueryIdResponse> {
  const ticket = ctx.spectrumSearches.admit(currentCaller());
  return startAdmitted(ctx.engine, kind, ticket, async () => outcome(await ctx.spectrumSearches.search(ticket, requests)));
}

/** A query's hits as the results of the current interface carry them. */
function resultsOf({ hits, message }: SpectrumSearchAnswer) {
  return {
    ids: hits.map((h) => h.recordId),
    scores: hits.map((h) => h.score),
    spectrumIds: hits.map((h) => h.spectrumId),
    matchedPeaks: hits.map((h) => h.matchedPeaks),
    message,
  };
}

export const filterSpectrum: CurrentHandler<'filterSpectrum'> = async (ctx, req) => {
  const body = req.body as Partial<SpectrumFilterBody>;
  assertValid(checkSpectrumFilter(body));
  const settings = await settingsOf(ctx, body, SPECTRUM_LIMITS.maxResultsDefault);
  const request: SpectrumSearchRequest = {
    ...settings,
    peaks: body.peaks ?? [],
    precursorMz: body.precursorMz ?? undefined,
    searchType: body.searchType ?? undefined,
    ionMode: body.ionMode ?? undefined,
  };
  return submit(ctx, 'ids', [request], ([answer]) => ({ kind: 'ids', ...resultsOf(answer) }));
};

export const filterSpectrumBatch: CurrentHandler<'filterSpectrumBatch'> = async (ctx, req) => {
  const body = req.body as Partial<SpectrumBatchBody>;
  assertValid(checkSpectrumBatch(body));
  const settings = await settingsOf(ctx, body, SPECTRUM_LIMITS.batchMaxResultsDefault);
  const requests = (body.spectra ?? []).map((s): SpectrumSearchRequest => ({
    ...settings,
    peaks: s.peaks,
    precursorMz: s.precursorMz ?? body.precursorMz ?? undefined,
    searchType: s.searchType ?? body.searchType ?? undefined,
    ionMode: s.ionMode ?? body.ionMode ?? undefined,
  }));
  return submit(ctx, 'spectrumBatch', requests, (answers) => ({
    kind: 'spectrumBatch',
    entries: answers.map((answer, query): SpectrumBatchResult => {
      const { ids, message, ...extras } = resultsOf(answer);
      return { query, results: ids, ...extras, ...(message ? { message } : {}) };
    }),
  }));
};
