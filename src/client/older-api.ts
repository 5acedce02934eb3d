/**
 * Every operation of the older (XML) interface, spec 4.3 over contract 2. With a token they go to the older
 * interface; with only an API key the replaced ones go to their current replacements (generation-mapping.ts).
 */
import {
  LEGACY_ERROR_TEXT,
  LEGACY_MOL_TYPE_OF_MOL_TYPE,
  LEGACY_ROUTES,
  LIMITS,
  MOL_TYPES,
  checkSearchQuery,
  legacyPath,
  recordImageUrl,
  spectrumFileUrl,
  type Direction,
  type LegacyCompoundInfo,
  type LegacyExtendedCompoundInfo,
  type LegacyExtendedMolCompoundInfo,
  type LegacyOperation,
  type LegacyRequestStatus,
  type LegacySpectrumInfo,
  type MolType,
  type QueryStatus,
  type RecordDetails,
  type SortKey,
} from '../wire';
import type { ClientCore } from './core';
import type { CallOptions, CurrentApi } from './current-api';
import { ConfigurationError, LegacyAuthorizationError, LegacyNotFoundError, ParseError, TokenRequiredError } from './errors';
import {
  detailsOfMolInfo,
  extendedInfoOf,
  legacyStatusOf,
  molInfoOf,
  requestStatusOf,
  type Identifiers,
  type MolInfoOptions,
} from './generation-mapping';
import { assertValid, chunks, legacyOrder, queryIdOf, recordIdOf, recordIdsOf, wholeNumberOf } from './inputs';
import {
  compoundInfoOf,
  extendedInfoOf as parseExtendedInfo,
  intsOf,
  molInfoOf as parseMolInfo,
  requestStatusOf as parseRequestStatus,
  spectrumInfoOf,
  stringsOf,
} from './legacy-parse';
import { httpErrorOf } from './response-errors';
import { base64Bytes } from './response-read';
import { Spectrum, type SpectrumSource } from './spectrum';
import type { RawResponse } from './transport';
import { itemsOf, parseXmlRoot, textOf, type XmlNode } from './xml';

type FormValue = string | number | boolean;
type FormFields = Array<[string, FormValue]>;

export interface MolInfoListOptions {
  /** `2d` (default), `3d` or `both`. */
  molType?: MolType;
  includeReferenceCounts?: boolean;
  includeExternalReferences?: boolean;
}

/** How many started queries the client remembers, for the Elapsed of routed status-and-count calls. */
const REMEMBERED_QUERIES = 1000;

/** The older generation's part of the client; it calls the current part for routed operations. */
export class OlderApi implements SpectrumSource {
  private readonly queryStarts = new Map<string, number>();

  constructor(
    private readonly core: ClientCore,
    private readonly current: CurrentApi,
  ) {}

  /** True when an older operation with a replacement should call it (no token, but an API key). */
  private get routesToCurrent(): boolean {
    return !this.core.hasToken && this.core.hasApiKey;
  }

  // ---- compounds ----

  async getCompoundInfo(recordId: number | string, call: CallOptions = {}): Promise<LegacyCompoundInfo> {
    const id = recordIdOf(recordId, 'csid');
    if (this.routesToCurrent) {
      const details = await this.current.getDetails(id, ['SMILES'], call);
      const ids = await this.identifiersOf(details.smiles, call);
      return { CSID: details.id, InChI: ids.inchi, InChIKey: ids.inchiKey, SMILES: details.smiles ?? '' };
    }
    return compoundInfoOf(await this.callLegacy('getCompoundInfo', [['csid', id]], call));
  }

  async getExtendedCompoundInfo(recordId: number | string, call: CallOptions = {}): Promise<LegacyExtendedCompoundInfo> {
    const id = recordIdOf(recordId, 'csid');
    if (this.routesToCurrent) {
      const details = await this.current.getDetails(id, undefined, call);
      return extendedInfoOf(details, await this.identifiersOf(details.smiles, call));
    }
    return parseExtendedInfo(await this.callLegacy('getExtendedCompoundInfo', [['csid', id]], call));
  }

  async getExtendedCompoundInfoList(recordIds: ReadonlyArray<number | string>, call: CallOptions = {}): Promise<LegacyExtendedCompoundInfo[]> {
    const ids = recordIdsOf(recordIds, 'csids');
    if (this.routesToCurrent) {
      const records = await this.current.getDetailsBatch(ids, undefined, call);
      return Promise.all(records.map(async (d) => extendedInfoOf(d, await this.identifiersOf(d.smiles, call))));
    }
    const node = await this.callLegacy(
      'getExtendedCompoundInfoList',
      ids.map((id) => ['csids', id]),
      call,
    );
    return itemsOf(node).map(parseExtendedInfo);
  }

  /** At most 250 IDs go in one request; longer lists are split and the answers joined in order. */
  async getExtendedMolCompoundInfoList(
    recordIds: ReadonlyArray<number | string>,
    options: MolInfoListOptions = {},
    call: CallOptions = {},
  ): Promise<LegacyExtendedMolCompoundInfo[]> {
    const ids = recordIdsOf(recordIds, 'csids');
    const molType = options.molType ?? '2d';
    if (!MOL_TYPES.includes(molType)) {
      assertValid([{ field: 'molType', message: `molType ${JSON.stringify(molType)} must be one of ${MOL_TYPES.join(', ')}` }]);
    }
    const resolved: MolInfoOptions = {
      molType,
      includeReferenceCounts: options.includeReferenceCounts ?? false,
      includeExternalReferences: options.includeExternalReferences ?? false,
    };
    if (this.routesToCurrent) return this.molInfoFromCurrent(ids, resolved, call);
    const parts = await Promise.all(
      chunks(ids, LIMITS.legacyMolInfoBatch).map(async (part) => {
        const fields: FormFields = part.map((id) => ['csids', id]);
        fields.push(
          ['eMolType', LEGACY_MOL_TYPE_OF_MOL_TYPE[molType]],
          ['includeReferenceCounts', resolved.includeReferenceCounts],
          ['includeExternalReferences', resolved.includeExternalReferences],
        );
        return itemsOf(await this.callLegacy('getExtendedMolCompoundInfoList', fields, call)).map(parseMolInfo);
      }),
    );
    return parts.flat();
  }

  private async molInfoFromCurrent(ids: number[], options: MolInfoOptions, call: CallOptions): Promise<LegacyExtendedMolCompoundInfo[]> {
    const records = await this.current.getDetailsBatch(ids, undefined, call);
    return Promise.all(
      records.map(async (d) => {
        const references = options.includeExternalReferences ? await this.current.getExternalReferences(d.id, undefined, call) : undefined;
        return molInfoOf(d, await this.identifiersOf(d.smiles, call), options, references);
      }),
    );
  }

  /** MOL of a record; `calc3d` asks for 3D coordinates. */
  async getRecordMol(recordId: number | string, calc3d = false, call: CallOptions = {}): Promise<string> {
    const id = recordIdOf(recordId, 'csid');
    if (this.routesToCurrent) {
      if (!calc3d) return this.current.getMol(id, call);
      return (await this.current.getDetails(id, ['Mol3D'], call)).mol3D ?? '';
    }
    const load = async (): Promise<string> =>
      textOf(
        await this.callLegacy(
          'getRecordMol',
          [
            ['csid', id],
            ['calc3d', calc3d],
          ],
          call,
        ),
      ) ?? '';
    return calc3d ? load() : this.core.cache.through('mol', id, load);
  }

  /** The MOL file as first submitted; older interface only (needs a token). */
  async getOriginalMol(recordId: number | string, call: CallOptions = {}): Promise<string> {
    const id = recordIdOf(recordId, 'csid');
    return textOf(await this.callLegacy('getOriginalMol', [['csid', id]], call)) ?? '';
  }

  async getCompoundThumbnail(recordId: number | string, call: CallOptions = {}): Promise<Uint8Array> {
    const id = recordIdOf(recordId, 'id');
    if (this.routesToCurrent) return this.current.getImage(id, call);
    return this.core.cache.through('image', id, async () =>
      base64Bytes(textOf(await this.callLegacy('getCompoundThumbnail', [['id', id]], call)) ?? '', 'The thumbnail'),
    );
  }

  async getDatabases(call: CallOptions = {}): Promise<string[]> {
    if (this.routesToCurrent) return this.current.getDatasources(call);
    return stringsOf(await this.callLegacy('getDatabases', [], call));
  }

  /** Address of the PNG of a record (`ImagesHandler.ashx`), for places that show images by URL. */
  imageUrl(recordId: number | string): string {
    return recordImageUrl(this.requireLegacyBase('imageUrl'), recordIdOf(recordId));
  }

  // ---- searches ----

  /** Synchronous search of the older interface: at most 100 record IDs. Needs a token. */
  async simpleSearch(query: string, call: CallOptions = {}): Promise<number[]> {
    assertValid(checkSearchQuery('query', query));
    return intsOf(await this.callLegacy('simpleSearch', [['query', query]], call)).slice(0, LIMITS.simpleSearchResults);
  }

  async asyncSimpleSearch(query: string, call: CallOptions = {}): Promise<string> {
    assertValid(checkSearchQuery('query', query));
    if (this.routesToCurrent) return this.remember(await this.current.filterName(query, {}, call));
    return this.transactionId(await this.callLegacy('asyncSimpleSearch', [['query', query]], call));
  }

  async asyncSimpleSearchOrdered(
    query: string,
    order: SortKey = 'dbid',
    direction: Direction = 'ascending',
    call: CallOptions = {},
  ): Promise<string> {
    assertValid(checkSearchQuery('query', query));
    const wire = legacyOrder(order, direction);
    if (this.routesToCurrent) return this.remember(await this.current.filterName(query, { order, direction }, call));
    return this.transactionId(
      await this.callLegacy(
        'asyncSimpleSearchOrdered',
        [
          ['query', query],
          ['orderBy', wire.orderBy],
          ['orderDirection', wire.orderDirection],
        ],
        call,
      ),
    );
  }

  async getAsyncSearchStatus(rid: string, call: CallOptions = {}): Promise<QueryStatus | string> {
    const id = queryIdOf(rid, 'rid');
    if (this.routesToCurrent) return legacyStatusOf((await this.current.filterStatus(id, call)).status);
    return (textOf(await this.callLegacy('getAsyncSearchStatus', [['rid', id]], call)) ?? '').trim();
  }

  async getAsyncSearchStatusAndCount(rid: string, call: CallOptions = {}): Promise<LegacyRequestStatus> {
    const id = queryIdOf(rid, 'rid');
    if (this.routesToCurrent) {
      const started = this.queryStarts.get(id);
      const status = await this.current.filterStatus(id, call);
      return requestStatusOf(status, started === undefined ? undefined : this.core.options.now() - started);
    }
    return parseRequestStatus(await this.callLegacy('getAsyncSearchStatusAndCount', [['rid', id]], call));
  }

  async getAsyncSearchResult(rid: string, call: CallOptions = {}): Promise<number[]> {
    const id = queryIdOf(rid, 'rid');
    if (this.routesToCurrent) return this.current.filterAllResults(id, call);
    return intsOf(await this.callLegacy('getAsyncSearchResult', [['rid', id]], call));
  }

  /** `count` -1 (the default) means all the rest from `start`. */
  async getAsyncSearchResultPart(rid: string, start = 0, count = -1, call: CallOptions = {}): Promise<number[]> {
    const id = queryIdOf(rid, 'rid');
    wholeNumberOf('start', start, 0);
    wholeNumberOf('count', count, -1);
    if (this.routesToCurrent) {
      if (count >= 0 && count <= LIMITS.filterResultsPage) {
        return (await this.current.filterResults(id, start === 0 ? undefined : start, count, call)).results;
      }
      const rest = await this.current.resultsFrom(id, start, call);
      return count < 0 ? rest : rest.slice(0, count);
    }
    return intsOf(
      await this.callLegacy(
        'getAsyncSearchResultPart',
        [
          ['rid', id],
          ['start', start],
          ['count', count],
        ],
        call,
      ),
    );
  }

  // ---- spectra (older interface only) ----

  async getSpectrumInfo(spectrumId: number | string, call: CallOptions = {}): Promise<LegacySpectrumInfo> {
    const id = recordIdOf(spectrumId, 'spc_id');
    return spectrumInfoOf(await this.callLegacy('getSpectrumInfo', [['spc_id', id]], call));
  }

  async getCompoundSpectraInfo(recordId: number | string, call: CallOptions = {}): Promise<LegacySpectrumInfo[]> {
    const id = recordIdOf(recordId, 'csid');
    return itemsOf(await this.callLegacy('getCompoundSpectraInfo', [['csid', id]], call)).map(spectrumInfoOf);
  }

  async getSpectraInfoList(recordIds: ReadonlyArray<number | string>, call: CallOptions = {}): Promise<LegacySpectrumInfo[]> {
    const ids = recordIdsOf(recordIds, 'csids');
    return itemsOf(
      await this.callLegacy(
        'getSpectraInfoList',
        ids.map((id) => ['csids', id]),
        call,
      ),
    ).map(spectrumInfoOf);
  }

  /**
   * Every spectrum's info, asked in pages of `LIMITS.spectraInfoPage` with `start` and `count` (the local service
   * answers at most that many at once). A server that ignores the paging fields answers the whole list to the first
   * request: a page longer than asked, or one that starts over, ends the walk.
   */
  async getAllSpectraInfo(call: CallOptions = {}): Promise<LegacySpectrumInfo[]> {
    const pageSize = LIMITS.spectraInfoPage;
    const all: LegacySpectrumInfo[] = [];
    for (;;) {
      const fields: FormFields = [
        ['start', all.length],
        ['count', pageSize],
      ];
      const page = itemsOf(await this.callLegacy('getAllSpectraInfo', fields, call)).map(spectrumInfoOf);
      if (page.length > pageSize || (all.length > 0 && page[0]?.spc_id === all[0].spc_id)) return all.length ? all : page;
      all.push(...page);
      if (page.length < pageSize) return all;
    }
  }

  /** A spectrum by ID, without a request: its info loads on `load()` / `info()`. */
  spectrum(spectrumId: number | string): Spectrum {
    return Spectrum.fromId(this, recordIdOf(spectrumId, 'spc_id'));
  }

  /** A spectrum with its info loaded (one request). */
  async getSpectrum(spectrumId: number | string, call: CallOptions = {}): Promise<Spectrum> {
    return Spectrum.fromInfo(this, await this.getSpectrumInfo(spectrumId, call));
  }

  async getSpectra(spectrumIds: ReadonlyArray<number | string>, call: CallOptions = {}): Promise<Spectrum[]> {
    const ids = recordIdsOf(spectrumIds, 'spc_ids');
    return Promise.all(ids.map((id) => this.getSpectrum(id, call)));
  }

  /** Spec 4.3 leaves this one's token "not stated": it reads the token-free info list, not the subscriber-only compound info. */
  async getCompoundSpectra(recordId: number | string, call: CallOptions = {}): Promise<Spectrum[]> {
    const id = recordIdOf(recordId, 'csid');
    return (await this.getSpectraInfoList([id], call)).map((info) => Spectrum.fromInfo(this, info));
  }

  async getAllSpectra(call: CallOptions = {}): Promise<Spectrum[]> {
    return (await this.getAllSpectraInfo(call)).map((info) => Spectrum.fromInfo(this, info));
  }

  spectrumUrl(spectrumId: number | string): string {
    return spectrumFileUrl(this.requireLegacyBase('spectrumUrl'), spectrumId);
  }

  /** The spectrum's data file from `FilesHandler.ashx` (no token). */
  async getSpectrumData(spectrumId: number | string, call: CallOptions = {}): Promise<string> {
    const id = recordIdOf(spectrumId, 'spc_id');
    await this.core.ready();
    const response = await this.core.transport.send({
      method: 'GET',
      url: this.spectrumUrl(id),
      headers: { 'User-Agent': this.core.options.userAgent },
      signal: call.signal,
    });
    if (response.status < 200 || response.status >= 300) throw httpErrorOf(response, this.core.redact);
    return response.body.toString('utf8');
  }

  // ---- plumbing ----

  /** Details of a record from whichever interface is configured (current first). */
  async recordDetails(recordId: number, call: CallOptions): Promise<{ details: RecordDetails; ids?: Identifiers }> {
    if (this.core.hasApiKey || !this.core.hasToken) return { details: await this.current.getDetails(recordId, undefined, call) };
    const [info] = await this.getExtendedMolCompoundInfoList([recordId], { molType: 'both', includeReferenceCounts: true }, call);
    if (!info) throw new LegacyNotFoundError(`No record ${recordId}`);
    return { details: detailsOfMolInfo(info), ids: { inchi: info.InChI, inchiKey: info.InChIKey } };
  }

  /** InChI and InChIKey of a SMILES through the two allowed conversions (SMILES→InChI, InChI→InChIKey). */
  private async identifiersOf(smiles: string | undefined, call: CallOptions): Promise<Identifiers> {
    if (!smiles) return { inchi: '', inchiKey: '' };
    const inchi = await this.current.convert(smiles, 'SMILES', 'InChI', call);
    return { inchi, inchiKey: await this.current.convert(inchi, 'InChI', 'InChIKey', call) };
  }

  private remember(queryId: string): string {
    this.queryStarts.set(queryId, this.core.options.now());
    if (this.queryStarts.size > REMEMBERED_QUERIES) this.queryStarts.delete(this.queryStarts.keys().next().value as string);
    return queryId;
  }

  private transactionId(node: XmlNode): string {
    const id = (textOf(node) ?? '').trim();
    if (!id) throw new ParseError('The older interface returned an empty transaction ID');
    return id;
  }

  private requireLegacyBase(op: string): string {
    const base = this.core.options.legacyBaseUrl;
    if (!base) throw new ConfigurationError(`${op} needs the server address (legacyBaseUrl or baseUrl); there is no public default`);
    return base;
  }

  private async callLegacy(op: LegacyOperation, fields: FormFields, call: CallOptions): Promise<XmlNode> {
    const route = LEGACY_ROUTES[op];
    await this.core.ready();
    const base = this.requireLegacyBase(op);
    const token = this.core.options.token;
    if (route.token !== 'none' && !token) throw new TokenRequiredError(op);
    const form = new URLSearchParams();
    for (const [key, value] of fields) form.append(key, String(value));
    if (route.token !== 'none' && token) form.append('token', token);
    const response = await this.core.transport.send({
      method: 'POST',
      url: `${base}${legacyPath(route)}`,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': this.core.options.userAgent,
        Accept: 'text/xml, application/xml',
      },
      body: form.toString(),
      signal: call.signal,
    });
    if (response.status < 200 || response.status >= 300) throw this.legacyError(response);
    try {
      return parseXmlRoot(response.body.toString('utf8'), route.root, op);
    } catch (error) {
      // No cause: the parser's message may quote the body, secrets included; this one is redacted.
      throw error instanceof ParseError ? new ParseError(this.core.redact(error.message), response.status) : error;
    }
  }

  private legacyError(response: RawResponse): Error {
    const body = response.body.toString('utf8');
    if (response.status === 500) {
      if (body.includes(LEGACY_ERROR_TEXT.missingToken)) {
        return new LegacyAuthorizationError('The older interface refused the request: the security token is missing', 'missingToken');
      }
      if (body.includes(LEGACY_ERROR_TEXT.unauthorized)) {
        return new LegacyAuthorizationError(
          'The older interface refused the security token: it is unknown or lacks access to this operation (spectra need the subscriber role)',
          'unauthorized',
        );
      }
      if (body.includes(LEGACY_ERROR_TEXT.recordNotFound)) return new LegacyNotFoundError('No record for the requested record ID');
    }
    return httpErrorOf(response, this.core.redact);
  }
}
