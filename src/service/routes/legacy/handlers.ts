/** Operations of the older interface (contract 2.2); each returns the root element of its XML answer. */
import {
  LEGACY_DEFAULTS,
  LEGACY_ERROR_TEXT,
  LIMITS,
  checkSearchQuery,
  directionFromLegacy,
  formatElapsed,
  molTypeFromLegacy,
  orderByFromLegacy,
  type Direction,
  type LegacyOperation,
  type OrderBy,
} from '../../../wire';
import type { ServiceContext } from '../../context';
import type { CompoundRecord } from '../../record';
import { isFinished, isRunning, legacyStatus, type Query } from '../../query-engine/query-engine';
import { idsOf, orderRecords } from '../../search/result-order';
import { simpleSearch } from '../../search/simple-search';
import { idsPage } from '../../store/compound-store';
import { LegacyError, invalidParameter } from './legacy-error';
import type { LegacyParams } from './params';
import { element, textElement, type XmlElement } from './xml';
import { extendedInfoElement, extendedMolInfoElement, spectrumInfoElement } from './compound-xml';

export type LegacyHandler = (ctx: ServiceContext, p: LegacyParams) => Promise<XmlElement>;

async function recordOrFail(ctx: ServiceContext, id: number): Promise<CompoundRecord> {
  const r = await ctx.store.getById(id);
  if (!r) throw new LegacyError(LEGACY_ERROR_TEXT.recordNotFound);
  return r;
}

/** Known records of a repeated ID field, in the order asked, unknown IDs left out. */
async function recordsOf(ctx: ServiceContext, p: LegacyParams, name: string, max?: number): Promise<CompoundRecord[]> {
  const out: CompoundRecord[] = [];
  for (const id of p.recordIds(name, max)) {
    const r = await ctx.store.getById(id);
    if (r) out.push(r);
  }
  return out;
}

const ints = (ids: readonly number[]): XmlElement =>
  element(
    'ArrayOfInt',
    ids.map((id) => textElement('int', id)),
  );

async function queryOf(ctx: ServiceContext, p: LegacyParams): Promise<Query> {
  const q = await ctx.engine.get(p.required('rid'));
  if (!q || q.kind !== 'ids') throw new LegacyError(LEGACY_ERROR_TEXT.unknownTransaction);
  return q;
}

function resultIds(q: Query): number[] {
  if (!isFinished(q) || q.outcome.kind !== 'ids') {
    throw new LegacyError(isRunning(q) ? LEGACY_ERROR_TEXT.resultsNotReady : `Search ended ${legacyStatus(q.status)}`);
  }
  return idsPage(q.outcome.ids, 0, q.outcome.ids.length);
}

async function submitSimple(ctx: ServiceContext, query: string, order?: OrderBy, direction?: Direction): Promise<XmlElement> {
  const id = await ctx.engine.start('ids', async () => {
    const found = await simpleSearch(ctx, query);
    return { kind: 'ids', ids: idsOf(order ? orderRecords(found, order, direction) : found) };
  });
  return textElement('string', id);
}

/** The `query` of the simple searches, within the limits of the kind of text it holds (LIMITS). */
function searchQuery(p: LegacyParams): string {
  const query = p.required('query', LIMITS.inchiChars);
  const [problem] = checkSearchQuery('query', query);
  if (problem) throw new LegacyError(`Invalid value for parameter: query (${problem.message}).`);
  return query;
}

function spectrumId(p: LegacyParams): number {
  return p.int('spc_id');
}

export const LEGACY_HANDLERS: Readonly<Record<LegacyOperation, LegacyHandler>> = {
  getCompoundInfo: async (ctx, p) => {
    const r = await recordOrFail(ctx, p.recordId('csid'));
    return element('CompoundInfo', [
      textElement('CSID', r.id),
      textElement('InChI', r.inchi),
      textElement('InChIKey', r.inchiKey),
      textElement('SMILES', r.smiles),
    ]);
  },
  getExtendedCompoundInfo: async (ctx, p) => extendedInfoElement(await recordOrFail(ctx, p.recordId('csid'))),
  getExtendedCompoundInfoList: async (ctx, p) =>
    element(
      'ArrayOfExtendedCompoundInfo',
      (await recordsOf(ctx, p, 'csids')).map((r) => extendedInfoElement(r)),
    ),
  getExtendedMolCompoundInfoList: async (ctx, p) => {
    const records = await recordsOf(ctx, p, 'csids', LIMITS.legacyMolInfoBatch);
    const options = {
      molType: p.choice('eMolType', LEGACY_DEFAULTS.eMolType, molTypeFromLegacy),
      referenceCounts: p.bool('includeReferenceCounts', LEGACY_DEFAULTS.includeReferenceCounts),
      externalReferences: p.bool('includeExternalReferences', LEGACY_DEFAULTS.includeExternalReferences),
    };
    return element(
      'ArrayOfExtendedMolCompoundInfo',
      records.map((r) => extendedMolInfoElement(r, options)),
    );
  },
  // The 3D block is computed when the collection is built, so calc3d=true returns it without more work.
  getRecordMol: async (ctx, p) => {
    const r = await recordOrFail(ctx, p.recordId('csid'));
    return textElement('string', p.bool('calc3d', LEGACY_DEFAULTS.calc3d) ? r.mol3D : r.mol2D);
  },
  getOriginalMol: async (ctx, p) => textElement('string', (await recordOrFail(ctx, p.recordId('csid'))).originalMol),
  getCompoundThumbnail: async (ctx, p) => {
    const r = await recordOrFail(ctx, p.recordId('id'));
    await ctx.chemistryReady();
    const png = ctx.images.png(r);
    if (!png) throw new LegacyError(`Unable to draw record ${r.id}`);
    return textElement('base64Binary', png.toString('base64'));
  },
  getDatabases: async (ctx) =>
    element(
      'ArrayOfString',
      (await ctx.store.dataSources()).map((s) => textElement('string', s)),
    ),
  simpleSearch: async (ctx, p) => ints(idsOf(await simpleSearch(ctx, searchQuery(p))).slice(0, LIMITS.simpleSearchResults)),
  asyncSimpleSearch: async (ctx, p) => submitSimple(ctx, searchQuery(p)),
  asyncSimpleSearchOrdered: async (ctx, p) => {
    const order = p.choice('orderBy', LEGACY_DEFAULTS.orderBy, orderByFromLegacy);
    const direction = p.choice('orderDirection', LEGACY_DEFAULTS.orderDirection, directionFromLegacy);
    return submitSimple(ctx, searchQuery(p), order, direction);
  },
  getAsyncSearchStatus: async (ctx, p) => textElement('ERequestStatus', legacyStatus((await queryOf(ctx, p)).status)),
  getAsyncSearchStatusAndCount: async (ctx, p) => {
    const q = await queryOf(ctx, p);
    const children = [textElement('Status', legacyStatus(q.status)), textElement('Count', isFinished(q) ? q.count : 0)];
    if (q.message) children.push(textElement('Message', q.message));
    children.push(textElement('Elapsed', formatElapsed((q.finishedAt ?? Date.now()) - q.createdAt)));
    return element('RequestStatus', children);
  },
  getAsyncSearchResult: async (ctx, p) => ints(resultIds(await queryOf(ctx, p))),
  getAsyncSearchResultPart: async (ctx, p) => {
    const ids = resultIds(await queryOf(ctx, p));
    const start = p.int('start', LEGACY_DEFAULTS.start);
    const count = p.int('count', LEGACY_DEFAULTS.count);
    if (start < 0) throw invalidParameter('start');
    if (count < -1) throw invalidParameter('count');
    return ints(count === -1 ? ids.slice(start) : ids.slice(start, start + count));
  },
  getSpectrumInfo: async (ctx, p) => {
    const info = await ctx.spectra.get(spectrumId(p));
    if (!info) throw new LegacyError(LEGACY_ERROR_TEXT.recordNotFound);
    return spectrumInfoElement(info);
  },
  getCompoundSpectraInfo: async (ctx, p) =>
    element(
      'ArrayOfCSSpectrumInfo',
      (await ctx.spectra.ofRecord(p.recordId('csid'))).map((info) => spectrumInfoElement(info)),
    ),
  getSpectraInfoList: async (ctx, p) => {
    const ids = p.recordIds('csids');
    return element(
      'ArrayOfCSSpectrumInfo',
      (await Promise.all(ids.map((id) => ctx.spectra.ofRecord(id)))).flat().map((info) => spectrumInfoElement(info)),
    );
  },
  // Paged with start and count as GetAsyncSearchResultPart (a page holds at most LIMITS.spectraInfoPage); a request
  // with neither gets the whole list, streamed by the router (spectra-stream.ts), as the original service answers it.
  getAllSpectraInfo: async (ctx, p) => {
    const start = p.int('start', LEGACY_DEFAULTS.start);
    const count = p.int('count', LEGACY_DEFAULTS.count);
    if (start < 0) throw invalidParameter('start');
    if (count < -1) throw invalidParameter('count');
    const wanted = Math.max(0, (await ctx.spectra.count()) - start);
    if ((count === -1 ? wanted : Math.min(count, wanted)) > LIMITS.spectraInfoPage) {
      throw new LegacyError(
        `Too many spectra for one answer (${wanted} from start ${start}): ask for them in pages with start and count (count at most ${LIMITS.spectraInfoPage}).`,
      );
    }
    return element(
      'ArrayOfCSSpectrumInfo',
      (await ctx.spectra.page(start, count)).map((info) => spectrumInfoElement(info)),
    );
  },
};
