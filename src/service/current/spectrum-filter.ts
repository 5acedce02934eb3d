/**
 * filter/spectrum (shared/beyond-the-spec.md 5): checked like every filter, then Flash entropy search over the
 * spectrum index (built after the service listens; a query waits for it) on the query engine. The index covers the
 * spectra the service serves, whichever store holds the records.
 */
import { checkSpectrumFilter, type QueryIdResponse, type SpectrumFilterBody } from '../../wire';
import type { CurrentHandler } from './handler';
import { assertValid } from '../http/problem';
import { resolveDataSources } from '../search/restrict';
import { searchSpectrum } from '../spectrum-search/search';

export const filterSpectrum: CurrentHandler<'filterSpectrum'> = async (ctx, req) => {
  const body = req.body as Partial<SpectrumFilterBody>;
  assertValid(checkSpectrumFilter(body));
  const sources = await resolveDataSources(ctx.store, body.dataSources);
  const accept = sources && (async (id: number) => ((await ctx.store.getById(id))?.dataSources ?? []).some((s) => sources.has(s)));
  const out: QueryIdResponse = {
    queryId: await ctx.engine.start('ids', async () => {
      const index = await ctx.spectrumLibrary.index();
      const { hits, message } = await searchSpectrum(index, {
        peaks: body.peaks ?? [],
        precursorMz: body.precursorMz ?? undefined,
        searchType: body.searchType ?? undefined,
        ionMode: body.ionMode ?? undefined,
        fragmentToleranceDa: body.fragmentToleranceDa ?? undefined,
        precursorToleranceDa: body.precursorToleranceDa ?? undefined,
        threshold: body.threshold ?? undefined,
        maxResults: body.maxResults ?? undefined,
        accept,
      });
      return {
        kind: 'ids',
        ids: hits.map((h) => h.recordId),
        scores: hits.map((h) => h.score),
        spectrumIds: hits.map((h) => h.spectrumId),
        matchedPeaks: hits.map((h) => h.matchedPeaks),
        message,
      };
    }),
  };
  return out;
};
