import * as vscode from 'vscode';
import { MOL_TYPES, type MolType } from '../../wire';
import type { Spectrum } from '../../client';
import { withCancellableProgress } from './progress';
import { askRecordId, askRecordIds, askString, pick } from './prompts';
import { registerCommand } from './register';
import type { Services } from './services';
import { savePng } from './files';

type Id = { recordId?: number | string };
type Ids = { recordIds?: Array<number | string> };
type Rid = { transactionId?: string };

/** A spectrum as plain JSON: the fields of spec 2.5 (data only when asked for). */
export interface SpectrumJson {
  id: number;
  spectrum_type: string;
  file_name: string;
  comments: string | null;
  url: string;
  original_url: string | null;
  submitted_date: string | null;
  record_id: number;
  data?: string;
}

async function spectrumJson(s: Spectrum, withData: boolean, signal?: AbortSignal): Promise<SpectrumJson> {
  await s.load({ signal });
  return {
    id: s.id,
    spectrum_type: s.spectrumType,
    file_name: s.fileName,
    comments: s.comments,
    url: s.url,
    original_url: s.originalUrl,
    submitted_date: s.submittedDate ? s.submittedDate.toISOString() : null,
    record_id: s.recordId,
    ...(withData ? { data: await s.data({ signal }) } : {}),
  };
}

export function registerLegacyCommands(s: Services): vscode.Disposable[] {
  const client = async () => (await s.connection.get()).client;
  const idOf = async (a: Id | undefined, title: string) => (a?.recordId !== undefined ? Number(a.recordId) : await askRecordId(title));
  const idsOf = async (a: Ids | undefined, title: string, limit?: number) => a?.recordIds ?? (await askRecordIds(title, limit));
  const ridOf = async (a: Rid | undefined, title: string) =>
    a?.transactionId ?? (await askString(title, 'transactionId', 'Transaction ID of an older-interface search'));

  /** A lookup shown as JSON: inputs first (prompts outside the progress notification), then the request. */
  const json = <A extends object, I, R>(
    id: string,
    title: string,
    ask: (a: A | undefined) => Promise<I>,
    request: (inputs: I, signal: AbortSignal) => Promise<R>,
    name: (inputs: I) => string,
  ) =>
    registerCommand<A, R>(id, s.log, async (a) => {
      const inputs = await ask(a);
      const result = await withCancellableProgress(`Compound DB: ${title}`, (signal) => request(inputs, signal));
      await s.results.showJson(name(inputs), result);
      return result;
    });
  const spectrumIdOf = async (a: { spectrumId?: number | string } | undefined, title: string) =>
    a?.spectrumId ?? (await askString(title, 'spectrumId', 'Spectrum ID', undefined, (v) => (/^\d+$/.test(v) ? [] : [{ field: 'spectrumId', message: 'a spectrum ID is a whole number' }])));
  const none = async () => undefined;

  return [
    registerCommand<Id, unknown>('compoundDb.legacy.getCompoundInfo', s.log, async (a) => {
      const id = await idOf(a, 'Older Interface: Compound Info');
      const c = await client();
      const info = await withCancellableProgress('Compound DB: compound info', (signal) => c.getCompoundInfo(id, { signal }));
      await s.results.showJson(`compound-info-${id}`, info);
      return info;
    }),
    registerCommand<Id, unknown>('compoundDb.legacy.getExtendedCompoundInfo', s.log, async (a) => {
      const id = await idOf(a, 'Older Interface: Extended Compound Info');
      const c = await client();
      const info = await withCancellableProgress('Compound DB: extended info', (signal) => c.getExtendedCompoundInfo(id, { signal }));
      await s.results.showJson(`extended-info-${id}`, info);
      return info;
    }),
    registerCommand<Ids, unknown>('compoundDb.legacy.getExtendedCompoundInfoList', s.log, async (a) => {
      const ids = await idsOf(a, 'Older Interface: Extended Compound Info List');
      const c = await client();
      const list = await withCancellableProgress('Compound DB: extended info', (signal) => c.getExtendedCompoundInfoList(ids, { signal }));
      await s.results.showJson('extended-info-list', list);
      return list;
    }),
    registerCommand<Ids & { molType?: MolType; includeReferenceCounts?: boolean; includeExternalReferences?: boolean }, unknown>(
      'compoundDb.legacy.getExtendedMolCompoundInfoList',
      s.log,
      async (a) => {
        const title = 'Older Interface: Extended Compound Info with MOL';
        const ids = await idsOf(a, title, 250);
        const molType = a?.molType ?? (a ? '2d' : await pick(title, MOL_TYPES.map((m) => ({ label: m, value: m })), 'Coordinates'));
        const include = a ? [] : await vscode.window.showQuickPick(['Reference counts', 'External references'], { title, canPickMany: true, placeHolder: 'Include (optional)', ignoreFocusOut: true });
        const options = {
          molType,
          includeReferenceCounts: a?.includeReferenceCounts ?? include?.includes('Reference counts') ?? false,
          includeExternalReferences: a?.includeExternalReferences ?? include?.includes('External references') ?? false,
        };
        const c = await client();
        const list = await withCancellableProgress('Compound DB: extended info with MOL', (signal) => c.getExtendedMolCompoundInfoList(ids, options, { signal }));
        await s.results.showJson('extended-mol-info-list', list);
        return list;
      },
    ),
    registerCommand<Id & { calc3d?: boolean }, string>('compoundDb.legacy.getRecordMol', s.log, async (a) => {
      const title = 'Older Interface: Record MOL';
      const id = await idOf(a, title);
      const calc3d = a?.calc3d ?? (a ? false : (await pick(title, [{ label: '2D', value: '2d' }, { label: '3D (calculated)', value: '3d' }])) === '3d');
      const c = await client();
      const mol = await withCancellableProgress('Compound DB: record MOL', (signal) => c.getRecordMol(id, calc3d, { signal }));
      await s.results.show(`record-${id}${calc3d ? '-3d' : ''}.mol`, mol);
      return mol;
    }),
    registerCommand<Id, string>('compoundDb.legacy.getOriginalMol', s.log, async (a) => {
      const id = await idOf(a, 'Older Interface: Original MOL');
      const c = await client();
      const mol = await withCancellableProgress('Compound DB: original MOL', (signal) => c.getOriginalMol(id, { signal }));
      await s.results.show(`record-${id}-original.mol`, mol);
      return mol;
    }),
    registerCommand<Id, { recordId: number; uri: string; bytes: number }>('compoundDb.legacy.getCompoundThumbnail', s.log, async (a) => {
      const id = await idOf(a, 'Older Interface: Compound Thumbnail');
      const c = await client();
      const png = await withCancellableProgress('Compound DB: thumbnail', (signal) => c.getCompoundThumbnail(id, { signal }));
      const uri = await savePng(s.context, `thumbnail-${id}.png`, png);
      return { recordId: id, uri: uri.toString(), bytes: png.length };
    }),
    json<object, undefined, string[]>('compoundDb.legacy.getDatabases', 'databases', none, async (_i, signal) => (await client()).getDatabases({ signal }), () => 'databases'),

    registerCommand<Rid, string>('compoundDb.legacy.getAsyncSearchStatus', s.log, async (a) => {
      const rid = await ridOf(a, 'Older Interface: Search Status');
      const status = await (await client()).getAsyncSearchStatus(rid);
      void vscode.window.showInformationMessage(`Transaction ${rid}: ${status}`);
      return String(status);
    }),
    registerCommand<Rid, unknown>('compoundDb.legacy.getAsyncSearchStatusAndCount', s.log, async (a) => {
      const rid = await ridOf(a, 'Older Interface: Search Status and Count');
      const status = await (await client()).getAsyncSearchStatusAndCount(rid);
      void vscode.window.showInformationMessage(`Transaction ${rid}: ${status.Status}, ${status.Count} results${status.Message ? ` (${status.Message})` : ''}`);
      return status;
    }),
    registerCommand<Rid, number[]>('compoundDb.legacy.getAsyncSearchResult', s.log, async (a) => {
      const rid = await ridOf(a, 'Older Interface: Search Result');
      const c = await client();
      const ids = await withCancellableProgress('Compound DB: search result', (signal) => c.getAsyncSearchResult(rid, { signal }));
      await s.results.showJson(`result-${rid}`, ids);
      return ids;
    }),
    registerCommand<Rid & { start?: number; count?: number }, number[]>('compoundDb.legacy.getAsyncSearchResultPart', s.log, async (a) => {
      const title = 'Older Interface: Search Result Part';
      const rid = await ridOf(a, title);
      const start = a?.start ?? (a ? 0 : Number(await askString(title, 'start', 'First result (from 0)', '0', (v) => (/^\d+$/.test(v) ? [] : [{ field: 'start', message: 'start must be a whole number' }]))));
      const count = a?.count ?? (a ? -1 : Number(await askString(title, 'count', 'How many (-1 = all the rest)', '-1', (v) => (/^(-1|\d+)$/.test(v) ? [] : [{ field: 'count', message: 'count must be -1 or a whole number' }]))));
      const c = await client();
      const ids = await withCancellableProgress('Compound DB: search result part', (signal) => c.getAsyncSearchResultPart(rid, start, count, { signal }));
      await s.results.showJson(`result-${rid}-${start}`, ids);
      return ids;
    }),

    registerCommand<{ spectrumId?: number | string }, SpectrumJson>('compoundDb.legacy.getSpectrum', s.log, async (a) => {
      const id = await spectrumIdOf(a, 'Older Interface: Spectrum');
      const c = await client();
      const json = await withCancellableProgress('Compound DB: spectrum', async (signal) => spectrumJson(await c.getSpectrum(id, { signal }), true, signal));
      await s.results.show(json.file_name || `spectrum-${json.id}.jdx`, json.data ?? '');
      return json;
    }),
    json<{ spectrumIds?: Array<number | string> }, Array<number | string>, SpectrumJson[]>(
      'compoundDb.legacy.getSpectra',
      'spectra',
      async (a) => a?.spectrumIds ?? (await askRecordIds('Older Interface: Spectra', undefined, 'Spectrum IDs')),
      async (ids, signal) => Promise.all((await (await client()).getSpectra(ids, { signal })).map((sp) => spectrumJson(sp, false, signal))),
      () => 'spectra',
    ),
    json<Id, number, SpectrumJson[]>(
      'compoundDb.legacy.getCompoundSpectra',
      'compound spectra',
      (a) => idOf(a, 'Older Interface: Spectra of a Record'),
      async (id, signal) => Promise.all((await (await client()).getCompoundSpectra(id, { signal })).map((sp) => spectrumJson(sp, false, signal))),
      (id) => `spectra-${id}`,
    ),
    json<object, undefined, SpectrumJson[]>(
      'compoundDb.legacy.getAllSpectra',
      'all spectra',
      none,
      async (_i, signal) => Promise.all((await (await client()).getAllSpectra({ signal })).map((sp) => spectrumJson(sp, false, signal))),
      () => 'all-spectra',
    ),
    json<{ spectrumId?: number | string }, number | string, unknown>(
      'compoundDb.legacy.getSpectrumInfo',
      'spectrum info',
      (a) => spectrumIdOf(a, 'Older Interface: Spectrum Info'),
      async (id, signal) => (await client()).getSpectrumInfo(id, { signal }),
      (id) => `spectrum-info-${id}`,
    ),
    json<Id, number, unknown>(
      'compoundDb.legacy.getCompoundSpectraInfo',
      'spectra info',
      (a) => idOf(a, 'Older Interface: Spectra Info of a Record'),
      async (id, signal) => (await client()).getCompoundSpectraInfo(id, { signal }),
      (id) => `spectra-info-${id}`,
    ),
    json<Ids, Array<number | string>, unknown>(
      'compoundDb.legacy.getSpectraInfoList',
      'spectra info list',
      (a) => idsOf(a, 'Older Interface: Spectra Info of Records'),
      async (ids, signal) => (await client()).getSpectraInfoList(ids, { signal }),
      () => 'spectra-info-list',
    ),
    json<object, undefined, unknown>('compoundDb.legacy.getAllSpectraInfo', 'all spectra info', none, async (_i, signal) => (await client()).getAllSpectraInfo({ signal }), () => 'all-spectra-info'),
  ];
}
