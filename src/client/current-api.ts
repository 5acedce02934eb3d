/** Every operation of the current (JSON) interface, spec 4.2 over contract 1.4. */
import { promisify } from 'util';
import {
  CURRENT_ROUTES,
  DETAILS_FIELDS,
  LIMITS,
  RECORD_KEY_OF_FIELD,
  checkChainedConvert,
  checkConvert,
  conversionChain,
  checkElementFilter,
  checkFields,
  checkFormulaBatch,
  checkFormulaFilter,
  checkIdentity,
  checkInchi,
  isIdentityLevel,
  type IdentityLevel,
  checkInchikey,
  checkIntrinsicProperty,
  checkMassBatch,
  checkMassFilter,
  checkNonEmptyString,
  checkSimilarityFilter,
  checkSpectrumBatch,
  checkSpectrumFilter,
  checkSmiles,
  checkStringList,
  checkSubstructureFilter,
  currentPrefix,
  fillPath,
  isInchiKeyShape,
  type Complexity,
  type ConvertFormat,
  type CurrentBodyOperation,
  type CurrentOperation,
  type CurrentRequestBodies,
  type CurrentResponses,
  type FilterOperation,
  type DetailsField,
  type ExternalReference,
  type FilterResultsResponse,
  type FormulaBatchResultsResponse,
  type Isotopic,
  type MassBatchResultsResponse,
  type MassWithRange,
  type QueryStatusResponse,
  type RecordDetails,
  type Peak,
  type SpectrumBatchEntry,
  type SpectrumBatchResult,
  type SpectrumSearchSettings,
  type SubstructureFormat,
} from '../wire';
import type { ClientCore } from './core';
import {
  ApiKeyRequiredError,
  BadRequestError,
  ConfigurationError,
  NotFoundError,
  ParseError,
  ResponseTooLargeError,
  SpectrumSearchUnavailableError,
  StructureSearchUnavailableError,
} from './errors';
import { assertValid, chunks, queryIdOf, recordIdOf, recordIdsOf, wholeNumberOf, wireOrder, type OrderInput } from './inputs';
import { httpErrorOf } from './response-errors';
import { arrayOf, base64Bytes, parseJson, stringOf } from './response-read';
import { parseRetryAfter } from './transport';

/** zlib loads with the first SDF answer, not with the client. */
const gunzipAsync = (data: Uint8Array, options: { maxOutputLength: number }): Promise<Buffer> =>
  promisify(process.getBuiltinModule('zlib').gunzip)(data, options);

/** The last argument of every operation. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ElementFilterInput extends OrderInput {
  includeElements: string[];
  excludeElements?: string[];
  /** Default false: records containing any of `includeElements` match. */
  includeAll?: boolean;
  complexity?: Complexity;
  isotopic?: Isotopic;
}
export interface DatasourceOrderInput extends OrderInput {
  dataSources?: string[];
}
export interface IntrinsicPropertyInput extends OrderInput {
  formula?: string;
  molecularWeight?: MassWithRange;
  nominalMass?: MassWithRange;
  averageMass?: MassWithRange;
  monoisotopicMass?: MassWithRange;
  complexity?: Complexity;
  isotopic?: Isotopic;
}

export interface SubstructureInput extends DatasourceOrderInput {
  /** How `query` is read: SMILES (default) or SMARTS. */
  queryFormat?: SubstructureFormat;
  /** Match stereochemistry too (default false). */
  useChirality?: boolean;
  /** Stop after this many matches (the service's default 10,000; at most 100,000). */
  maxResults?: number;
}
export interface SimilarityInput extends DatasourceOrderInput {
  /** Lowest Tanimoto similarity, 0 to 1 (server default 0.7). */
  threshold?: number;
  /** 1 to 10,000 (server default 100). */
  maxResults?: number;
}
/** Defaults: identity search, fragments 0.02 Da, precursor 0.01 Da, threshold 0, the server's 100 results (1 to 10,000). */
export type SpectrumSearchInput = SpectrumSearchSettings;
/** Record IDs with their Tanimoto scores (parallel arrays), from a similarity query. */
export interface ScoredResults {
  results: number[];
  scores: number[];
}

interface JsonRequest<Op extends CurrentOperation> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: Op extends CurrentBodyOperation ? CurrentRequestBodies[Op] : never;
  signal?: AbortSignal;
  /** Largest answer accepted; default the client's maxResponseBytes. */
  maxBytes?: number;
}

/** A status answer and the wait its `Retry-After` header asks for, if any. */
export interface StatusAnswer extends QueryStatusResponse {
  retryAfterMs?: number;
}

/** Leaves out keys whose value is undefined (the contract treats absent and null alike). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The body fields of a spectrum search's settings, shared by filter/spectrum and its batch. */
function spectrumSettings(input: SpectrumSearchInput) {
  return {
    precursorMz: input.precursorMz,
    searchType: input.searchType,
    ionMode: input.ionMode,
    fragmentToleranceDa: input.fragmentToleranceDa,
    precursorToleranceDa: input.precursorToleranceDa,
    threshold: input.threshold,
    maxResults: input.maxResults,
    dataSources: input.dataSources,
  };
}

/** `a=1&b=x,y`: values URI-encoded, commas kept as list separators (contract 1.4 `fields=SMILES,Formula`). */
function queryString(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',')}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The current generation's part of the client (the facade in client.ts exposes its methods). */
export class CurrentApi {
  constructor(private readonly core: ClientCore) {}

  private get cache() {
    return this.core.cache;
  }

  // ---- records ----

  /** Details of one record; all thirteen fields unless `fields` narrows them. */
  async getDetails(recordId: number | string, fields?: DetailsField[], call: CallOptions = {}): Promise<RecordDetails> {
    const id = recordIdOf(recordId);
    assertValid(checkFields(fields));
    const cached = await this.cache.get('details', id);
    if (cached) return pickFields(cached, fields);
    const wanted = fields?.length ? fields : undefined;
    const record = await this.callJson('getDetails', {
      params: { recordId: id },
      query: { fields: (wanted ?? DETAILS_FIELDS).join(',') },
      signal: call.signal,
    });
    if (!wanted || isAllFields(wanted)) await this.cache.set('details', id, record);
    return record;
  }

  /**
   * Details of many records: split into requests of 100, merged by `id`, in the caller's order; unknown IDs are left
   * out. When one request fails the call fails, after the others have ended; whole records that did arrive are cached.
   */
  async getDetailsBatch(recordIds: ReadonlyArray<number | string>, fields?: DetailsField[], call: CallOptions = {}): Promise<RecordDetails[]> {
    const ids = recordIdsOf(recordIds);
    assertValid(checkFields(fields));
    const wanted = fields?.length ? fields : undefined;
    const cacheable = !wanted || isAllFields(wanted);
    const byId = new Map<number, RecordDetails>();
    for (const id of new Set(ids)) {
      const cached = await this.cache.get('details', id);
      if (cached) byId.set(id, pickFields(cached, wanted));
    }
    const missing = [...new Set(ids)].filter((id) => !byId.has(id));
    const pages = await Promise.allSettled(
      chunks(missing, LIMITS.detailsBatch).map(async (part) => {
        const page = await this.callJson('getDetailsBatch', {
          body: { recordIds: part, fields: wanted ?? [...DETAILS_FIELDS] },
          signal: call.signal,
        });
        const records = arrayOf<RecordDetails>(page, 'records');
        if (cacheable) for (const record of records) await this.cache.set('details', record.id, record);
        return records;
      }),
    );
    for (const page of pages) {
      if (page.status === 'rejected') throw page.reason;
      for (const record of page.value) byId.set(record.id, record);
    }
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as RecordDetails] : []));
  }

  async getExternalReferences(recordId: number | string, dataSources?: string[], call: CallOptions = {}): Promise<ExternalReference[]> {
    const id = recordIdOf(recordId);
    assertValid(checkStringList('dataSources', dataSources));
    const res = await this.callJson('getExternalReferences', {
      params: { recordId: id },
      query: { dataSources: dataSources?.length ? dataSources.join(',') : undefined },
      signal: call.signal,
    });
    return arrayOf<ExternalReference>(res, 'externalReferences');
  }

  /** PNG bytes of the record's 2D structure. */
  async getImage(recordId: number | string, call: CallOptions = {}): Promise<Uint8Array> {
    const id = recordIdOf(recordId);
    return this.cache.through('image', id, async () => {
      const res = await this.callJson('getImage', { params: { recordId: id }, signal: call.signal });
      return base64Bytes(stringOf(res, 'image'), 'The image');
    });
  }

  /**
   * The record's PNG with every match of a SMILES or SMARTS query highlighted (Compound DB's own service; a server
   * that ignores `highlight` gives the plain image). Not cached: the query varies.
   */
  async getImageHighlighted(recordId: number | string, highlight: string, format?: SubstructureFormat, call: CallOptions = {}): Promise<Uint8Array> {
    const id = recordIdOf(recordId);
    assertValid(checkNonEmptyString('highlight', highlight));
    const res = await this.callJson('getImage', { params: { recordId: id }, query: { highlight, highlightFormat: format }, signal: call.signal });
    return base64Bytes(stringOf(res, 'image'), 'The image');
  }

  /** MOL file of the record, exactly as received. */
  async getMol(recordId: number | string, call: CallOptions = {}): Promise<string> {
    const id = recordIdOf(recordId);
    return this.cache.through('mol', id, async () =>
      stringOf(await this.callJson('getMol', { params: { recordId: id }, signal: call.signal }), 'sdf'),
    );
  }

  async getDatasources(call: CallOptions = {}): Promise<string[]> {
    const res = await this.callJson('getDatasources', { signal: call.signal });
    return arrayOf<string>(res, 'dataSources');
  }

  // ---- filters (each returns a query ID) ----

  async filterElement(input: ElementFilterInput, call: CallOptions = {}): Promise<string> {
    const body = defined({
      includeElements: input.includeElements,
      excludeElements: input.excludeElements,
      options: defined({ includeAll: input.includeAll ?? false, complexity: input.complexity, isotopic: input.isotopic }),
      ...wireOrder(input),
    });
    assertValid(checkElementFilter(body));
    return this.submit('filterElement', body, call);
  }

  async filterFormula(formula: string, input: DatasourceOrderInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ formula, dataSources: input.dataSources, ...wireOrder(input) });
    assertValid(checkFormulaFilter(body));
    return this.submit('filterFormula', body, call);
  }

  async filterFormulaBatch(formulas: string[], input: DatasourceOrderInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ formulas, dataSources: input.dataSources, ...wireOrder(input) });
    assertValid(checkFormulaBatch(body));
    return this.submit('filterFormulaBatch', body, call);
  }

  async filterInchi(inchi: string, call: CallOptions = {}): Promise<string> {
    assertValid(checkInchi('inchi', inchi));
    return this.submit('filterInchi', { inchi }, call);
  }

  async filterInchikey(inchikey: string, call: CallOptions = {}): Promise<string> {
    assertValid(checkInchikey('inchikey', inchikey));
    return this.submit('filterInchikey', { inchikey }, call);
  }

  /** At least one of formula and the four masses; a mass is a `{mass, range}` pair. */
  async filterIntrinsicProperty(input: IntrinsicPropertyInput, call: CallOptions = {}): Promise<string> {
    const options = defined({ complexity: input.complexity, isotopic: input.isotopic });
    const body = defined({
      formula: input.formula,
      molecularWeight: input.molecularWeight,
      nominalMass: input.nominalMass,
      averageMass: input.averageMass,
      monoisotopicMass: input.monoisotopicMass,
      options: Object.keys(options).length ? options : undefined,
      ...wireOrder(input),
    });
    assertValid(checkIntrinsicProperty(body));
    return this.submit('filterIntrinsicProperty', body, call);
  }

  /** Records whose monoisotopic mass lies in [mass - range, mass + range]; mass 1-11000, range 0.0001-100. */
  async filterMass(mass: number, range: number, input: DatasourceOrderInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ mass, range, dataSources: input.dataSources, ...wireOrder(input) });
    assertValid(checkMassFilter(body));
    return this.submit('filterMass', body, call);
  }

  async filterMassBatch(masses: MassWithRange[], input: DatasourceOrderInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({
      masses: Array.isArray(masses) ? masses.map((m) => (m && typeof m === 'object' ? { mass: m.mass, range: m.range } : m)) : masses,
      dataSources: input.dataSources,
      ...wireOrder(input),
    });
    assertValid(checkMassBatch(body));
    return this.submit('filterMassBatch', body, call);
  }

  async filterName(name: string, input: OrderInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ name, ...wireOrder(input) });
    assertValid(checkNonEmptyString('name', name));
    return this.submit('filterName', body, call);
  }

  async filterSmiles(smiles: string, call: CallOptions = {}): Promise<string> {
    assertValid(checkSmiles('smiles', smiles));
    return this.submit('filterSmiles', { smiles }, call);
  }

  /** Records containing a substructure (Compound DB's own service: shared/beyond-the-spec.md 1). */
  async filterSubstructure(query: string, input: SubstructureInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({
      query,
      queryFormat: input.queryFormat,
      useChirality: input.useChirality,
      maxResults: input.maxResults,
      dataSources: input.dataSources,
      ...wireOrder(input),
    });
    assertValid(checkSubstructureFilter(body));
    return this.submitOwnSearch('filterSubstructure', body, call);
  }

  /** Records similar to a structure (Tanimoto on Morgan radius 2, 2048 bits); scores come with the results. */
  async filterSimilarity(smiles: string, input: SimilarityInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ smiles, threshold: input.threshold, maxResults: input.maxResults, dataSources: input.dataSources, ...wireOrder(input) });
    assertValid(checkSimilarityFilter(body));
    return this.submitOwnSearch('filterSimilarity', body, call);
  }

  /** Records whose measured spectra match a spectrum (Flash entropy search); scores, spectra and matched peaks come with the results. */
  async filterSpectrum(peaks: Peak[], input: SpectrumSearchInput = {}, call: CallOptions = {}): Promise<string> {
    const body = defined({ peaks, ...spectrumSettings(input) });
    assertValid(checkSpectrumFilter(body));
    return this.submitOwnSearch('filterSpectrum', body, call);
  }

  /**
   * Many spectra in one query (`filter/spectrum/batch`, Compound DB's own service): the settings of `input` for all,
   * each spectrum's own precursor, ion mode and search type where it gives them. At most 1,000 spectra and 100,000
   * peaks, in a body of at most 1 MiB (SPECTRUM_LIMITS; `spectrumBatches` in identify.ts cuts a run to fit).
   */
  async filterSpectrumBatch(spectra: SpectrumBatchEntry[], input: SpectrumSearchInput = {}, call: CallOptions = {}): Promise<string> {
    const entries = Array.isArray(spectra) ? spectra.map((s) => (s && typeof s === 'object' ? defined({ ...s }) : s)) : spectra;
    const body = defined({ spectra: entries, ...spectrumSettings(input) });
    assertValid(checkSpectrumBatch(body));
    return this.submitOwnSearch('filterSpectrumBatch', body, call);
  }

  /** Every record ID of a finished similarity query with its score (empty scores from a query of another kind). */
  async filterScoredResults(queryId: string, call: CallOptions = {}): Promise<ScoredResults> {
    const out: ScoredResults = { results: [], scores: [] };
    for (;;) {
      const page = await this.filterResults(queryId, out.results.length || undefined, undefined, call);
      out.results.push(...page.results);
      out.scores.push(...(page.scores ?? []));
      if (!page.limitedToMaxAllowed || page.results.length === 0) return out;
    }
  }

  // ---- status and results ----

  filterStatus(queryId: string, call: CallOptions = {}): Promise<StatusAnswer> {
    return this.status('filterStatus', queryId, call);
  }
  filterFormulaBatchStatus(queryId: string, call: CallOptions = {}): Promise<StatusAnswer> {
    return this.status('filterFormulaBatchStatus', queryId, call);
  }
  filterMassBatchStatus(queryId: string, call: CallOptions = {}): Promise<StatusAnswer> {
    return this.status('filterMassBatchStatus', queryId, call);
  }
  filterSpectrumBatchStatus(queryId: string, call: CallOptions = {}): Promise<StatusAnswer> {
    return this.status('filterSpectrumBatchStatus', queryId, call);
  }

  /** One page of record IDs; `limitedToMaxAllowed` true means more follow (page on with `start`). */
  async filterResults(queryId: string, start?: number, count?: number, call: CallOptions = {}): Promise<FilterResultsResponse> {
    const id = queryIdOf(queryId);
    const res = await this.callJson('filterResults', {
      params: { queryId: id },
      query: { start: wholeNumberOf('start', start, 0), count: wholeNumberOf('count', count, 0) },
      signal: call.signal,
    });
    const page: FilterResultsResponse = { results: arrayOf<number>(res, 'results'), limitedToMaxAllowed: res.limitedToMaxAllowed === true };
    if (res.scores !== undefined) page.scores = arrayOf<number>(res, 'scores');
    if (res.spectrumIds !== undefined) page.spectrumIds = arrayOf<number>(res, 'spectrumIds');
    if (res.matchedPeaks !== undefined) page.matchedPeaks = arrayOf<number>(res, 'matchedPeaks');
    if (res.matchLevels !== undefined) page.matchLevels = arrayOf<IdentityLevel>(res, 'matchLevels');
    return page;
  }

  /** Every record ID of a finished query, paging with `start` while pages come back cut at the cap. */
  filterAllResults(queryId: string, call: CallOptions = {}): Promise<number[]> {
    return this.resultsFrom(queryId, 0, call);
  }

  /** Every record ID from `start` on. */
  async resultsFrom(queryId: string, start: number, call: CallOptions): Promise<number[]> {
    const all: number[] = [];
    for (let next = start; ;) {
      const page = await this.filterResults(queryId, next === 0 ? undefined : next, undefined, call);
      all.push(...page.results);
      if (!page.limitedToMaxAllowed || page.results.length === 0) return all;
      next += page.results.length;
    }
  }

  /** The results as SDF text (the wire carries it gzipped and base64-encoded). */
  async filterResultsSdf(queryId: string, call: CallOptions = {}): Promise<string> {
    const id = queryIdOf(queryId);
    const maxBytes = this.core.options.maxSdfBytes;
    const res = await this.callJson('filterResultsSdf', { params: { queryId: id }, signal: call.signal, maxBytes });
    try {
      return (await gunzipAsync(base64Bytes(stringOf(res, 'results'), 'The SDF results'), { maxOutputLength: maxBytes })).toString('utf8');
    } catch (error) {
      if (error instanceof ParseError) throw error;
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ResponseTooLargeError(
          `The SDF results unpack to more than ${maxBytes} bytes (the client's limit; raise maxSdfBytes to accept them)`,
          {
            cause: error,
          },
        );
      }
      throw new ParseError('The SDF results are not gzip data', undefined, { cause: error });
    }
  }

  async filterFormulaBatchResults(queryId: string, call: CallOptions = {}): Promise<FormulaBatchResultsResponse['batchResults']> {
    const id = queryIdOf(queryId);
    const res = await this.callJson('filterFormulaBatchResults', { params: { queryId: id }, signal: call.signal });
    return arrayOf(res, 'batchResults');
  }

  async filterMassBatchResults(queryId: string, call: CallOptions = {}): Promise<MassBatchResultsResponse['batchResults']> {
    const id = queryIdOf(queryId);
    const res = await this.callJson('filterMassBatchResults', { params: { queryId: id }, signal: call.signal });
    return arrayOf(res, 'batchResults');
  }
  /** Each spectrum's best records, in the order the batch gave them (`query` is the 0-based position). */
  async filterSpectrumBatchResults(queryId: string, call: CallOptions = {}): Promise<SpectrumBatchResult[]> {
    const id = queryIdOf(queryId);
    const res = await this.callJson('filterSpectrumBatchResults', { params: { queryId: id }, signal: call.signal });
    return arrayOf<SpectrumBatchResult>(res, 'batchResults');
  }

  // ---- tools ----

  /** One of the eight allowed conversions of spec 4.2 rule 6; others are refused before a request. */
  async convert(input: string, inputFormat: ConvertFormat, outputFormat: ConvertFormat, call: CallOptions = {}): Promise<string> {
    const body = { input, inputFormat, outputFormat };
    assertValid(checkConvert(body));
    return stringOf(await this.callJson('convert', { body, signal: call.signal }), 'output');
  }

  /**
   * Any of the four formats to any other, as a chain of allowed conversions (conversionChain: SMILES to InChIKey goes
   * through InChI), one request a step.
   */
  async convertChained(input: string, inputFormat: ConvertFormat, outputFormat: ConvertFormat, call: CallOptions = {}): Promise<string> {
    assertValid(checkChainedConvert({ input, inputFormat, outputFormat }));
    const chain = conversionChain(inputFormat, outputFormat) ?? [inputFormat, outputFormat];
    let text = input;
    for (let i = 1; i < chain.length; i++) text = await this.convert(text, chain[i - 1], chain[i], call);
    return text;
  }

  /** False for a string not shaped like a key (no request) and for a key the server answers 400 about. */
  async validateInchikey(inchikey: string, call: CallOptions = {}): Promise<boolean> {
    if (typeof inchikey !== 'string' || !isInchiKeyShape(inchikey)) return false;
    try {
      const res = await this.callJson('validateInchikey', { body: { inchikey }, signal: call.signal });
      return res.valid === true;
    } catch (error) {
      if (error instanceof BadRequestError) return false;
      throw error;
    }
  }

  /**
   * Names and synonyms within a few edits of `name`, fewest first (Compound DB's own service:
   * shared/beyond-the-spec.md 4); undefined from a server that does not offer it.
   */
  async suggestNames(name: string, maxResults?: number, call: CallOptions = {}): Promise<string[] | undefined> {
    assertValid(checkNonEmptyString('name', name));
    try {
      const res = await this.callJson('suggestNames', { body: defined({ name, maxResults }), signal: call.signal });
      return Array.isArray(res.suggestions) ? res.suggestions.filter((s): s is string => typeof s === 'string') : [];
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /**
   * A structure filter (inchikey, inchi or smiles) at an identity level (shared/beyond-the-spec.md 4): its records
   * match at `exact`, then each looser level up to `identity`; the levels come with the results (filterLevelledResults).
   */
  async filterIdentity(kind: 'inchikey' | 'inchi' | 'smiles', text: string, identity: IdentityLevel, call: CallOptions = {}): Promise<string> {
    assertValid(checkIdentity(identity));
    switch (kind) {
      case 'inchikey':
        assertValid(checkInchikey('inchikey', text));
        return this.submit('filterInchikey', { inchikey: text, identity }, call);
      case 'inchi':
        assertValid(checkInchi('inchi', text));
        return this.submit('filterInchi', { inchi: text, identity }, call);
      case 'smiles':
        assertValid(checkSmiles('smiles', text));
        return this.submit('filterSmiles', { smiles: text, identity }, call);
    }
  }

  /** Every record ID of a finished filterIdentity query with its level (levels empty from a server without them). */
  async filterLevelledResults(queryId: string, call: CallOptions = {}): Promise<{ results: number[]; matchLevels: IdentityLevel[] }> {
    const out = { results: [] as number[], matchLevels: [] as IdentityLevel[] };
    for (;;) {
      const page = await this.filterResults(queryId, out.results.length || undefined, undefined, call);
      out.results.push(...page.results);
      out.matchLevels.push(...(page.matchLevels ?? []).filter(isIdentityLevel));
      if (!page.limitedToMaxAllowed || page.results.length === 0) return out;
    }
  }

  // ---- plumbing ----

  private async submit<Op extends FilterOperation>(op: Op, body: CurrentRequestBodies[Op], call: CallOptions): Promise<string> {
    return stringOf(await this.callJson(op, { body: body as JsonRequest<Op>['body'], signal: call.signal }), 'queryId');
  }

  /** A search only Compound DB's own service offers: its 404 is the error saying so. */
  private async submitOwnSearch<Op extends 'filterSubstructure' | 'filterSimilarity' | 'filterSpectrum' | 'filterSpectrumBatch'>(
    op: Op,
    body: CurrentRequestBodies[Op],
    call: CallOptions,
  ): Promise<string> {
    try {
      return await this.submit(op, body, call);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      const spectrum = op === 'filterSpectrum' || op === 'filterSpectrumBatch';
      throw spectrum
        ? new SpectrumSearchUnavailableError({ problem: error.problem })
        : new StructureSearchUnavailableError({ problem: error.problem });
    }
  }

  private async status(
    op: 'filterStatus' | 'filterFormulaBatchStatus' | 'filterMassBatchStatus' | 'filterSpectrumBatchStatus',
    queryId: string,
    call: CallOptions,
  ): Promise<StatusAnswer> {
    const id = queryIdOf(queryId);
    const { answer, retryAfter } = await this.send(op, { params: { queryId: id }, signal: call.signal });
    const out: StatusAnswer = {
      status: stringOf(answer, 'status') as QueryStatusResponse['status'],
      count: Number(answer.count ?? 0),
      message: answer.message ?? '',
    };
    const retryAfterMs = parseRetryAfter(retryAfter, Date.now());
    if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
    return out;
  }

  private async callJson<Op extends CurrentOperation>(op: Op, request: JsonRequest<Op>): Promise<CurrentResponses[Op]> {
    return (await this.send(op, request)).answer;
  }

  private async send<Op extends CurrentOperation>(
    op: Op,
    request: JsonRequest<Op>,
  ): Promise<{ answer: CurrentResponses[Op]; retryAfter: string | null }> {
    await this.core.ready();
    const { baseUrl, apiKey, userAgent, apiVersion } = this.core.options;
    if (!baseUrl) throw new ConfigurationError(`${op} needs the server address (baseUrl); there is no public default`);
    if (!apiKey) throw new ApiKeyRequiredError(op);
    const route = CURRENT_ROUTES[op];
    const headers: Record<string, string> = { apikey: apiKey, 'User-Agent': userAgent, Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.core.transport.send({
      method: route.method,
      url: `${baseUrl}${currentPrefix(apiVersion)}${fillPath(route.path, request.params)}${queryString(request.query ?? {})}`,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      maxBytes: request.maxBytes,
    });
    if (response.status < 200 || response.status >= 300) throw httpErrorOf(response, this.core.redact);
    return { answer: parseJson<CurrentResponses[Op]>(response, op), retryAfter: response.retryAfter };
  }
}

function isAllFields(fields: readonly DetailsField[]): boolean {
  return DETAILS_FIELDS.every((f) => fields.includes(f));
}

function pickFields(record: RecordDetails, fields?: readonly DetailsField[]): RecordDetails {
  if (!fields?.length) return record;
  const out: Record<string, unknown> = { id: record.id };
  for (const field of fields) {
    const key = RECORD_KEY_OF_FIELD[field];
    if (record[key] !== undefined) out[key] = record[key];
  }
  return out as unknown as RecordDetails;
}
