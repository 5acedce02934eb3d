/**
 * The client of both interface generations, a facade over its parts: the current operations (current-api.ts),
 * the older ones with section 9 routing (older-api.ts), the query object (query.ts) with the composite search,
 * and the lazy Compound objects. Each part's public operations are the client's own, by the same names.
 */
import type { RecordDetails, SpectrumBatchEntry, SpectrumBatchResult } from '../wire';
import { Compound, type CompoundSource } from './compound';
import { ClientCore } from './core';
import { CurrentApi, type CallOptions, type SpectrumSearchInput } from './current-api';
import type { Identifiers } from './generation-mapping';
import { recordIdOf } from './inputs';
import { OlderApi } from './older-api';
import type { ClientOptions } from './options';
import { Query, type QueryOptions, type QueryRunOptions } from './query';
import { pollQuery } from './poll';
import { QueryTimes } from './query-times';
import type { Results, SearchInterface } from './results';
import { runComposite, type SearchOptions } from './search';
import { planOf } from './query-plans';
import type { SearchSpec } from './search-spec';
import type { SpectrumSource } from './spectrum';

export class CompoundDbClient implements CompoundSource, SpectrumSource {
  private readonly core: ClientCore;
  private readonly current: CurrentApi;
  private readonly older: OlderApi;
  private readonly times: QueryTimes;

  constructor(options: ClientOptions) {
    this.core = new ClientCore(options);
    this.current = new CurrentApi(this.core);
    this.older = new OlderApi(this.core, this.current);
    this.times = options.queryTimes ?? new QueryTimes();
  }

  // ---- the current interface (current-api.ts) ----
  readonly getDetails: CurrentApi['getDetails'] = (...args) => this.current.getDetails(...args);
  readonly getDetailsBatch: CurrentApi['getDetailsBatch'] = (...args) => this.current.getDetailsBatch(...args);
  readonly getExternalReferences: CurrentApi['getExternalReferences'] = (...args) => this.current.getExternalReferences(...args);
  readonly getImage: CurrentApi['getImage'] = (...args) => this.current.getImage(...args);
  readonly getImageHighlighted: CurrentApi['getImageHighlighted'] = (...args) => this.current.getImageHighlighted(...args);
  readonly getMol: CurrentApi['getMol'] = (...args) => this.current.getMol(...args);
  readonly getDatasources: CurrentApi['getDatasources'] = (...args) => this.current.getDatasources(...args);
  readonly filterElement: CurrentApi['filterElement'] = (...args) => this.current.filterElement(...args);
  readonly filterFormula: CurrentApi['filterFormula'] = (...args) => this.current.filterFormula(...args);
  readonly filterFormulaBatch: CurrentApi['filterFormulaBatch'] = (...args) => this.current.filterFormulaBatch(...args);
  readonly filterInchi: CurrentApi['filterInchi'] = (...args) => this.current.filterInchi(...args);
  readonly filterInchikey: CurrentApi['filterInchikey'] = (...args) => this.current.filterInchikey(...args);
  readonly filterIntrinsicProperty: CurrentApi['filterIntrinsicProperty'] = (...args) => this.current.filterIntrinsicProperty(...args);
  readonly filterMass: CurrentApi['filterMass'] = (...args) => this.current.filterMass(...args);
  readonly filterMassBatch: CurrentApi['filterMassBatch'] = (...args) => this.current.filterMassBatch(...args);
  readonly filterName: CurrentApi['filterName'] = (...args) => this.current.filterName(...args);
  readonly filterSmiles: CurrentApi['filterSmiles'] = (...args) => this.current.filterSmiles(...args);
  readonly filterSubstructure: CurrentApi['filterSubstructure'] = (...args) => this.current.filterSubstructure(...args);
  readonly filterSimilarity: CurrentApi['filterSimilarity'] = (...args) => this.current.filterSimilarity(...args);
  readonly filterSpectrum: CurrentApi['filterSpectrum'] = (...args) => this.current.filterSpectrum(...args);
  readonly filterSpectrumBatch: CurrentApi['filterSpectrumBatch'] = (...args) => this.current.filterSpectrumBatch(...args);
  readonly filterSpectrumBatchStatus: CurrentApi['filterSpectrumBatchStatus'] = (...args) => this.current.filterSpectrumBatchStatus(...args);
  readonly filterSpectrumBatchResults: CurrentApi['filterSpectrumBatchResults'] = (...args) => this.current.filterSpectrumBatchResults(...args);
  readonly filterScoredResults: CurrentApi['filterScoredResults'] = (...args) => this.current.filterScoredResults(...args);
  readonly filterStatus: CurrentApi['filterStatus'] = (...args) => this.current.filterStatus(...args);
  readonly filterFormulaBatchStatus: CurrentApi['filterFormulaBatchStatus'] = (...args) => this.current.filterFormulaBatchStatus(...args);
  readonly filterMassBatchStatus: CurrentApi['filterMassBatchStatus'] = (...args) => this.current.filterMassBatchStatus(...args);
  readonly filterResults: CurrentApi['filterResults'] = (...args) => this.current.filterResults(...args);
  readonly filterAllResults: CurrentApi['filterAllResults'] = (...args) => this.current.filterAllResults(...args);
  readonly filterResultsSdf: CurrentApi['filterResultsSdf'] = (...args) => this.current.filterResultsSdf(...args);
  readonly filterFormulaBatchResults: CurrentApi['filterFormulaBatchResults'] = (...args) => this.current.filterFormulaBatchResults(...args);
  readonly filterMassBatchResults: CurrentApi['filterMassBatchResults'] = (...args) => this.current.filterMassBatchResults(...args);
  readonly convert: CurrentApi['convert'] = (...args) => this.current.convert(...args);
  readonly convertChained: CurrentApi['convertChained'] = (...args) => this.current.convertChained(...args);
  readonly validateInchikey: CurrentApi['validateInchikey'] = (...args) => this.current.validateInchikey(...args);
  readonly suggestNames: CurrentApi['suggestNames'] = (...args) => this.current.suggestNames(...args);
  readonly filterIdentity: CurrentApi['filterIdentity'] = (...args) => this.current.filterIdentity(...args);
  readonly filterLevelledResults: CurrentApi['filterLevelledResults'] = (...args) => this.current.filterLevelledResults(...args);

  // ---- the older interface (older-api.ts) ----
  readonly getCompoundInfo: OlderApi['getCompoundInfo'] = (...args) => this.older.getCompoundInfo(...args);
  readonly getExtendedCompoundInfo: OlderApi['getExtendedCompoundInfo'] = (...args) => this.older.getExtendedCompoundInfo(...args);
  readonly getExtendedCompoundInfoList: OlderApi['getExtendedCompoundInfoList'] = (...args) => this.older.getExtendedCompoundInfoList(...args);
  readonly getExtendedMolCompoundInfoList: OlderApi['getExtendedMolCompoundInfoList'] = (...args) =>
    this.older.getExtendedMolCompoundInfoList(...args);
  readonly getRecordMol: OlderApi['getRecordMol'] = (...args) => this.older.getRecordMol(...args);
  readonly getOriginalMol: OlderApi['getOriginalMol'] = (...args) => this.older.getOriginalMol(...args);
  readonly getCompoundThumbnail: OlderApi['getCompoundThumbnail'] = (...args) => this.older.getCompoundThumbnail(...args);
  readonly getDatabases: OlderApi['getDatabases'] = (...args) => this.older.getDatabases(...args);
  readonly imageUrl: OlderApi['imageUrl'] = (...args) => this.older.imageUrl(...args);
  readonly simpleSearch: OlderApi['simpleSearch'] = (...args) => this.older.simpleSearch(...args);
  readonly asyncSimpleSearch: OlderApi['asyncSimpleSearch'] = (...args) => this.older.asyncSimpleSearch(...args);
  readonly asyncSimpleSearchOrdered: OlderApi['asyncSimpleSearchOrdered'] = (...args) => this.older.asyncSimpleSearchOrdered(...args);
  readonly getAsyncSearchStatus: OlderApi['getAsyncSearchStatus'] = (...args) => this.older.getAsyncSearchStatus(...args);
  readonly getAsyncSearchStatusAndCount: OlderApi['getAsyncSearchStatusAndCount'] = (...args) => this.older.getAsyncSearchStatusAndCount(...args);
  readonly getAsyncSearchResult: OlderApi['getAsyncSearchResult'] = (...args) => this.older.getAsyncSearchResult(...args);
  readonly getAsyncSearchResultPart: OlderApi['getAsyncSearchResultPart'] = (...args) => this.older.getAsyncSearchResultPart(...args);
  readonly getSpectrumInfo: OlderApi['getSpectrumInfo'] = (...args) => this.older.getSpectrumInfo(...args);
  readonly getCompoundSpectraInfo: OlderApi['getCompoundSpectraInfo'] = (...args) => this.older.getCompoundSpectraInfo(...args);
  readonly getSpectraInfoList: OlderApi['getSpectraInfoList'] = (...args) => this.older.getSpectraInfoList(...args);
  readonly getAllSpectraInfo: OlderApi['getAllSpectraInfo'] = (...args) => this.older.getAllSpectraInfo(...args);
  readonly spectrum: OlderApi['spectrum'] = (...args) => this.older.spectrum(...args);
  readonly getSpectrum: OlderApi['getSpectrum'] = (...args) => this.older.getSpectrum(...args);
  readonly getSpectra: OlderApi['getSpectra'] = (...args) => this.older.getSpectra(...args);
  readonly getCompoundSpectra: OlderApi['getCompoundSpectra'] = (...args) => this.older.getCompoundSpectra(...args);
  readonly getAllSpectra: OlderApi['getAllSpectra'] = (...args) => this.older.getAllSpectra(...args);
  readonly spectrumUrl: OlderApi['spectrumUrl'] = (...args) => this.older.spectrumUrl(...args);
  readonly getSpectrumData: OlderApi['getSpectrumData'] = (...args) => this.older.getSpectrumData(...args);

  get hasApiKey(): boolean {
    return this.core.hasApiKey;
  }
  get hasToken(): boolean {
    return this.core.hasToken;
  }

  /**
   * A search as one object: `run()` submits it and waits on the learning schedule, then `page()`, `allIds()` and
   * `groups()` read its results. With `queryId` it attaches to a query submitted before (paging on after a restart);
   * with `pace` each of its requests goes through that (the bulk resolver's rate, concurrency and retries).
   */
  query(spec: SearchSpec, options: QueryOptions = {}): Query {
    const { core } = this;
    const parts = { current: this.current, older: this.older, hasApiKey: core.hasApiKey, hasToken: core.hasToken };
    const origin = (via: SearchInterface): string => originOf((via === 'current' ? core.options.baseUrl : core.options.legacyBaseUrl) ?? '');
    const context = { sleep: core.options.sleep, now: core.options.now, times: this.times, origin, maxRetryAfterMs: core.options.maxRetryWaitMs };
    return new Query(spec, planOf(parts, spec), context, options);
  }

  /**
   * A spectrum batch (`filter/spectrum/batch`) submitted, waited for on the learning schedule as every query is, and
   * read: each spectrum's best records in the order of `spectra`.
   */
  async searchSpectra(
    spectra: SpectrumBatchEntry[],
    input: SpectrumSearchInput = {},
    options: Pick<QueryRunOptions, 'signal' | 'maxStatusChecks'> = {},
  ): Promise<SpectrumBatchResult[]> {
    const { signal } = options;
    const { sleep, now, baseUrl, maxRetryWaitMs } = this.core.options;
    const queryId = await this.current.filterSpectrumBatch(spectra, input, { signal });
    const origin = originOf(baseUrl ?? '');
    const outcome = await pollQuery(queryId, (s) => this.current.filterSpectrumBatchStatus(queryId, { signal: s }), {
      maxStatusChecks: options.maxStatusChecks,
      maxRetryAfterMs: maxRetryWaitMs,
      expectedMs: this.times.expected(origin, 'spectrumBatch'),
      signal,
      sleep,
      now,
    });
    this.times.learn(origin, 'spectrumBatch', outcome.readyAfterMs);
    return this.current.filterSpectrumBatchResults(queryId, { signal });
  }

  /**
   * Composite search (spec 3). With an API key it runs the current filters chosen by `classifyQuery`; with only a
   * token, the older ordered async simple search. Resolves with a Results container; see SearchOptions.
   */
  search(query: string | number, options: SearchOptions = {}): Promise<Results> {
    const text = String(query).trim();
    const spec: SearchSpec = { kind: 'composite', query: text, order: options.order, direction: options.direction };
    return runComposite(
      this.query(spec),
      text,
      { compound: (id) => this.compound(id), sdf: (id, call) => this.current.filterResultsSdf(id, call), now: this.core.options.now },
      options,
    );
  }

  /** A compound by record ID; nothing is requested until one of its values is asked for. */
  compound(recordId: number | string): Compound {
    return new Compound(this, recordIdOf(recordId));
  }

  /** Used by Compound: all details of a record, from whichever interface is configured. */
  compoundRecord(recordId: number, call: CallOptions = {}): Promise<{ details: RecordDetails; ids?: Identifiers }> {
    return this.older.recordDetails(recordId, call);
  }

  /** Used by Compound: the PNG of a record, from whichever interface is configured (current first). */
  compoundImage(recordId: number, call: CallOptions = {}): Promise<Uint8Array> {
    return this.hasApiKey ? this.current.getImage(recordId, call) : this.older.getCompoundThumbnail(recordId, call);
  }
}

function originOf(base: string): string {
  try {
    return new URL(base).origin;
  } catch {
    return base;
  }
}
