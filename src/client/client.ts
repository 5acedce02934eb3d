/**
 * The client of both interface generations, a facade over its parts: the current operations (current-api.ts),
 * the older ones with section 9 routing (older-api.ts), the query object (query.ts) with the composite search,
 * and the lazy Compound objects. Each part's public operations are the client's own methods, by the same names.
 */
import type { RecordDetails } from '../wire';
import { Compound, type CompoundSource } from './compound';
import { ClientCore } from './core';
import { CurrentApi, type CallOptions } from './current-api';
import type { Identifiers } from './generation-mapping';
import { recordIdOf } from './inputs';
import { OlderApi } from './older-api';
import type { ClientOptions } from './options';
import { Query } from './query';
import { planOf } from './query-plans';
import { QueryTimes } from './query-times';
import type { Results, SearchInterface } from './results';
import { runComposite, type SearchOptions } from './search';
import type { SearchSpec } from './search-spec';
import type { SpectrumSource } from './spectrum';

const CURRENT_OPERATIONS = [
  'getDetails',
  'getDetailsBatch',
  'getExternalReferences',
  'getImage',
  'getMol',
  'getDatasources',
  'filterElement',
  'filterFormula',
  'filterFormulaBatch',
  'filterInchi',
  'filterInchikey',
  'filterIntrinsicProperty',
  'filterMass',
  'filterMassBatch',
  'filterName',
  'filterSmiles',
  'filterStatus',
  'filterFormulaBatchStatus',
  'filterMassBatchStatus',
  'filterResults',
  'filterAllResults',
  'filterResultsSdf',
  'filterFormulaBatchResults',
  'filterMassBatchResults',
  'convert',
  'validateInchikey',
] as const satisfies ReadonlyArray<keyof CurrentApi>;

const OLDER_OPERATIONS = [
  'getCompoundInfo',
  'getExtendedCompoundInfo',
  'getExtendedCompoundInfoList',
  'getExtendedMolCompoundInfoList',
  'getRecordMol',
  'getOriginalMol',
  'getCompoundThumbnail',
  'getDatabases',
  'imageUrl',
  'simpleSearch',
  'asyncSimpleSearch',
  'asyncSimpleSearchOrdered',
  'getAsyncSearchStatus',
  'getAsyncSearchStatusAndCount',
  'getAsyncSearchResult',
  'getAsyncSearchResultPart',
  'getSpectrumInfo',
  'getCompoundSpectraInfo',
  'getSpectraInfoList',
  'getAllSpectraInfo',
  'spectrum',
  'getSpectrum',
  'getSpectra',
  'getCompoundSpectra',
  'getAllSpectra',
  'spectrumUrl',
  'getSpectrumData',
] as const satisfies ReadonlyArray<keyof OlderApi>;

type CurrentOperations = Pick<CurrentApi, (typeof CURRENT_OPERATIONS)[number]>;
type OlderOperations = Pick<OlderApi, (typeof OLDER_OPERATIONS)[number]>;

// The operations of both parts are declared here and defined on the prototype below.
export interface CompoundDbClient extends CurrentOperations, OlderOperations {}

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

  get hasApiKey(): boolean {
    return this.core.hasApiKey;
  }
  get hasToken(): boolean {
    return this.core.hasToken;
  }

  /**
   * A search as one object: `run()` submits it and waits on the learning schedule, then `page()`, `allIds()` and
   * `groups()` read its results. With `queryId` it attaches to a query submitted before (paging on after a restart).
   */
  query(spec: SearchSpec, queryId?: string): Query {
    const { core } = this;
    const parts = { current: this.current, older: this.older, hasApiKey: core.hasApiKey, hasToken: core.hasToken };
    const origin = (via: SearchInterface): string => originOf((via === 'current' ? core.options.baseUrl : core.options.legacyBaseUrl) ?? '');
    const context = { sleep: core.options.sleep, now: core.options.now, times: this.times, origin, maxRetryAfterMs: core.options.maxRetryWaitMs };
    return new Query(spec, planOf(parts, spec), context, queryId);
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

function delegate<P extends 'current' | 'older'>(part: P, names: readonly string[]): void {
  for (const name of names) {
    Object.defineProperty(CompoundDbClient.prototype, name, {
      value: function (this: Record<P, Record<string, (...args: unknown[]) => unknown>>, ...args: unknown[]) {
        return this[part][name](...args);
      },
      writable: true,
      configurable: true,
    });
  }
}
delegate('current', CURRENT_OPERATIONS);
delegate('older', OLDER_OPERATIONS);

function originOf(base: string): string {
  try {
    return new URL(base).origin;
  } catch {
    return base;
  }
}
