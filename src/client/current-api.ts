/** Every operation of the current (JSON) interface, spec 4.2 over contract 1.4. */
import { gunzip } from 'zlib';
import { promisify } from 'util';
import {
  CURRENT_ROUTES,
  DETAILS_FIELDS,
  LIMITS,
  RECORD_KEY_OF_FIELD,
  checkConvert,
  checkElementFilter,
  checkFields,
  checkFormulaBatch,
  checkFormulaFilter,
  checkInchi,
  checkInchikey,
  checkIntrinsicProperty,
  checkMassBatch,
  checkMassFilter,
  checkNonEmptyString,
  checkSmiles,
  checkStringList,
  currentPrefix,
  fillPath,
  isInchiKeyShape,
  type Complexity,
  type ConvertFormat,
  type CurrentOperation,
  type DatasourcesResponse,
  type DetailsBatchResponse,
  type DetailsField,
  type ExternalReference,
  type ExternalReferencesResponse,
  type FilterResultsResponse,
  type FilterResultsSdfResponse,
  type FormulaBatchResultsResponse,
  type ImageResponse,
  type Isotopic,
  type MassBatchResultsResponse,
  type MassWithRange,
  type MolResponse,
  type QueryIdResponse,
  type QueryStatusResponse,
  type RecordDetails,
} from '../wire';
import { CacheHook } from './cache-hook';
import { ApiKeyRequiredError, BadRequestError, ConfigurationError, ParseError, ResponseTooLargeError } from './errors';
import { assertValid, chunks, queryIdOf, recordIdOf, recordIdsOf, wholeNumberOf, wireOrder, type OrderInput } from './inputs';
import { resolveOptions, type ClientOptions, type ResolvedOptions } from './options';
import { makeRedactor, type Redact } from './redact';
import { httpErrorOf } from './response-errors';
import { arrayOf, base64Bytes, parseJson, stringOf } from './response-read';
import { HttpTransport } from './transport';

const gunzipAsync = promisify(gunzip);

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

interface JsonRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Largest answer accepted; default the client's maxResponseBytes. */
  maxBytes?: number;
}

/** Leaves out keys whose value is undefined (the contract treats absent and null alike). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `a=1&b=x,y`: values URI-encoded, commas kept as list separators (contract 1.4 `fields=SMILES,Formula`). */
function queryString(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',')}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export class CurrentApi {
  protected readonly options: ResolvedOptions;
  protected readonly redact: Redact;
  protected readonly transport: HttpTransport;
  protected readonly cache: CacheHook;

  constructor(options: ClientOptions) {
    this.options = resolveOptions(options);
    this.redact = makeRedactor([this.options.apiKey, this.options.token]);
    this.transport = new HttpTransport(this.options, this.redact);
    this.cache = new CacheHook(this.options.cache);
  }

  get hasApiKey(): boolean {
    return this.options.apiKey !== undefined;
  }
  get hasToken(): boolean {
    return this.options.token !== undefined;
  }

  // ---- records ----

  /** Details of one record; all thirteen fields unless `fields` narrows them. */
  async getDetails(recordId: number | string, fields?: DetailsField[], call: CallOptions = {}): Promise<RecordDetails> {
    const id = recordIdOf(recordId);
    assertValid(checkFields(fields));
    const cached = await this.cache.get('details', id);
    if (cached) return pickFields(cached, fields);
    const wanted = fields?.length ? fields : undefined;
    const record = await this.callJson<RecordDetails>('getDetails', {
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
        const page = await this.callJson<DetailsBatchResponse>('getDetailsBatch', {
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
    const res = await this.callJson<ExternalReferencesResponse>('getExternalReferences', {
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
      const res = await this.callJson<ImageResponse>('getImage', { params: { recordId: id }, signal: call.signal });
      return base64Bytes(stringOf(res, 'image'), 'The image');
    });
  }

  /** MOL file of the record, exactly as received. */
  async getMol(recordId: number | string, call: CallOptions = {}): Promise<string> {
    const id = recordIdOf(recordId);
    return this.cache.through('mol', id, async () =>
      stringOf(await this.callJson<MolResponse>('getMol', { params: { recordId: id }, signal: call.signal }), 'sdf'),
    );
  }

  async getDatasources(call: CallOptions = {}): Promise<string[]> {
    const res = await this.callJson<DatasourcesResponse>('getDatasources', { signal: call.signal });
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

  // ---- status and results ----

  filterStatus(queryId: string, call: CallOptions = {}): Promise<QueryStatusResponse> {
    return this.status('filterStatus', queryId, call);
  }
  filterFormulaBatchStatus(queryId: string, call: CallOptions = {}): Promise<QueryStatusResponse> {
    return this.status('filterFormulaBatchStatus', queryId, call);
  }
  filterMassBatchStatus(queryId: string, call: CallOptions = {}): Promise<QueryStatusResponse> {
    return this.status('filterMassBatchStatus', queryId, call);
  }

  /** One page of record IDs; `limitedToMaxAllowed` true means more follow (page on with `start`). */
  async filterResults(queryId: string, start?: number, count?: number, call: CallOptions = {}): Promise<FilterResultsResponse> {
    const id = queryIdOf(queryId);
    const res = await this.callJson<FilterResultsResponse>('filterResults', {
      params: { queryId: id },
      query: { start: wholeNumberOf('start', start, 0), count: wholeNumberOf('count', count, 0) },
      signal: call.signal,
    });
    return { results: arrayOf<number>(res, 'results'), limitedToMaxAllowed: res.limitedToMaxAllowed === true };
  }

  /** Every record ID of a finished query, paging with `start` while pages come back cut at the cap. */
  filterAllResults(queryId: string, call: CallOptions = {}): Promise<number[]> {
    return this.resultsFrom(queryId, 0, call);
  }

  /** Every record ID from `start` on. */
  protected async resultsFrom(queryId: string, start: number, call: CallOptions): Promise<number[]> {
    const all: number[] = [];
    for (let next = start; ; ) {
      const page = await this.filterResults(queryId, next === 0 ? undefined : next, undefined, call);
      all.push(...page.results);
      if (!page.limitedToMaxAllowed || page.results.length === 0) return all;
      next += page.results.length;
    }
  }

  /** The results as SDF text (the wire carries it gzipped and base64-encoded). */
  async filterResultsSdf(queryId: string, call: CallOptions = {}): Promise<string> {
    const id = queryIdOf(queryId);
    const maxBytes = this.options.maxSdfBytes;
    const res = await this.callJson<FilterResultsSdfResponse>('filterResultsSdf', { params: { queryId: id }, signal: call.signal, maxBytes });
    try {
      return (await gunzipAsync(base64Bytes(stringOf(res, 'results'), 'The SDF results'), { maxOutputLength: maxBytes })).toString('utf8');
    } catch (error) {
      if (error instanceof ParseError) throw error;
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ResponseTooLargeError(`The SDF results unpack to more than ${maxBytes} bytes (the client's limit; raise maxSdfBytes to accept them)`);
      }
      throw new ParseError('The SDF results are not gzip data');
    }
  }

  async filterFormulaBatchResults(queryId: string, call: CallOptions = {}): Promise<FormulaBatchResultsResponse['batchResults']> {
    const id = queryIdOf(queryId);
    const res = await this.callJson<FormulaBatchResultsResponse>('filterFormulaBatchResults', { params: { queryId: id }, signal: call.signal });
    return arrayOf(res, 'batchResults');
  }

  async filterMassBatchResults(queryId: string, call: CallOptions = {}): Promise<MassBatchResultsResponse['batchResults']> {
    const id = queryIdOf(queryId);
    const res = await this.callJson<MassBatchResultsResponse>('filterMassBatchResults', { params: { queryId: id }, signal: call.signal });
    return arrayOf(res, 'batchResults');
  }

  // ---- tools ----

  /** One of the eight allowed conversions of spec 4.2 rule 6; others are refused before a request. */
  async convert(input: string, inputFormat: ConvertFormat, outputFormat: ConvertFormat, call: CallOptions = {}): Promise<string> {
    const body = { input, inputFormat, outputFormat };
    assertValid(checkConvert(body));
    return stringOf(await this.callJson<{ output: string }>('convert', { body, signal: call.signal }), 'output');
  }

  /** False for a string not shaped like a key (no request) and for a key the server answers 400 about. */
  async validateInchikey(inchikey: string, call: CallOptions = {}): Promise<boolean> {
    if (typeof inchikey !== 'string' || !isInchiKeyShape(inchikey)) return false;
    try {
      const res = await this.callJson<{ valid: boolean }>('validateInchikey', { body: { inchikey }, signal: call.signal });
      return res.valid === true;
    } catch (error) {
      if (error instanceof BadRequestError) return false;
      throw error;
    }
  }

  // ---- plumbing ----

  private async submit(op: CurrentOperation, body: unknown, call: CallOptions): Promise<string> {
    return stringOf(await this.callJson<QueryIdResponse>(op, { body, signal: call.signal }), 'queryId');
  }

  private async status(op: CurrentOperation, queryId: string, call: CallOptions): Promise<QueryStatusResponse> {
    const id = queryIdOf(queryId);
    const res = await this.callJson<QueryStatusResponse>(op, { params: { queryId: id }, signal: call.signal });
    return { status: stringOf(res, 'status') as QueryStatusResponse['status'], count: Number(res.count ?? 0), message: res.message ?? '' };
  }

  protected async callJson<T>(op: CurrentOperation, request: JsonRequest): Promise<T> {
    const { baseUrl, apiKey, userAgent, apiVersion } = this.options;
    if (!baseUrl) throw new ConfigurationError(`${op} needs the server address (baseUrl); there is no public default`);
    if (!apiKey) throw new ApiKeyRequiredError(op);
    const route = CURRENT_ROUTES[op];
    const headers: Record<string, string> = { apikey: apiKey, 'User-Agent': userAgent, Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.transport.send({
      method: route.method,
      url: `${baseUrl}${currentPrefix(apiVersion)}${fillPath(route.path, request.params)}${queryString(request.query ?? {})}`,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      maxBytes: request.maxBytes,
    });
    if (response.status < 200 || response.status >= 300) throw httpErrorOf(response, this.redact);
    return parseJson<T>(response, op);
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
