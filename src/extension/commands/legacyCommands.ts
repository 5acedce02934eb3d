import * as vscode from 'vscode';
import { defineCommand, type CommandDefinition } from './defineCommand';
import { LIMITS, MOL_TYPES, type LegacyRequestStatus, type MolType } from '../../wire';
import type { Spectrum } from '../../client';
import { asDocument, asJson, asMessage, lookupCommand } from './lookupCommand';
import { askRecordIds, askSpectrumId, askString, askWholeNumber, pick, recordIdOf } from './prompts';
import type { Services } from './services';
import { savePng } from './files';
import { DetailsPanel } from '../details/detailsPanel';

type Id = { recordId?: number | string };
type Ids = { recordIds?: Array<number | string> };
type Rid = { transactionId?: string };
type SpectrumArgs = { spectrumId?: number | string };

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

/**
 * Opens the details panel of the spectrum's record and plots the spectrum there. False when that record's details do
 * not list it (the caller then shows the data file as text).
 */
async function plotInDetails(s: Services, recordId: number, spectrumId: number): Promise<boolean> {
  const view = await DetailsPanel.createOrShow(s.details, recordId);
  if (!view.spectra.items.some((item) => item.id === spectrumId) || !DetailsPanel.current) return false;
  await DetailsPanel.current.plot(spectrumId);
  return true;
}

const spectraJson = (spectra: Spectrum[], signal: AbortSignal) => Promise.all(spectra.map((sp) => spectrumJson(sp, false, signal)));

const idsOf = async (a: Ids | undefined, title: string, limit?: number) => a?.recordIds ?? (await askRecordIds(title, limit));
const ridOf = async (a: Rid | undefined, title: string) =>
  a?.transactionId ?? (await askString(title, 'transactionId', vscode.l10n.t('Transaction ID of an older-interface search')));
const spectrumIdOf = async (a: SpectrumArgs | undefined, title: string) => a?.spectrumId ?? (await askSpectrumId(title));
const nothing = async (_a: object | undefined) => undefined;

type MolListArgs = Ids & { molType?: MolType; includeReferenceCounts?: boolean; includeExternalReferences?: boolean };

async function askMolList(a: MolListArgs | undefined) {
  const title = vscode.l10n.t('Older Interface: Extended Compound Info with MOL');
  const ids = await idsOf(a, title, LIMITS.legacyMolInfoBatch);
  if (a) {
    return {
      ids,
      options: {
        molType: a.molType ?? '2d',
        includeReferenceCounts: a.includeReferenceCounts ?? false,
        includeExternalReferences: a.includeExternalReferences ?? false,
      },
    };
  }
  const molType = await pick(
    title,
    MOL_TYPES.map((m) => ({ label: m, value: m })),
    vscode.l10n.t('Coordinates'),
  );
  const counts = vscode.l10n.t('Reference counts');
  const references = vscode.l10n.t('External references');
  const include = await vscode.window.showQuickPick([counts, references], {
    title,
    canPickMany: true,
    placeHolder: vscode.l10n.t('Include (optional)'),
    ignoreFocusOut: true,
  });
  return {
    ids,
    options: { molType, includeReferenceCounts: !!include?.includes(counts), includeExternalReferences: !!include?.includes(references) },
  };
}

/**
 * The older interface's commands behind one picker: every contributed `compoundDb.legacy.*` command, read from
 * the manifest, so a new one is listed without touching this (in the palette they show only with a token set).
 */
async function pickOlderCommand(s: Services): Promise<unknown> {
  const commands = (s.context.extension.packageJSON as { contributes: { commands: Array<{ command: string; title: string }> } }).contributes.commands;
  const older = commands.filter((c) => c.command.startsWith('compoundDb.legacy.'));
  const chosen = await vscode.window.showQuickPick(
    older.map((c) => ({ label: c.title, command: c.command })),
    { title: vscode.l10n.t('Older Interface'), placeHolder: vscode.l10n.t('An operation of the older (XML) interface'), matchOnDescription: true },
  );
  return chosen ? vscode.commands.executeCommand(chosen.command) : undefined;
}

export function defineLegacyCommands(s: Services): CommandDefinition[] {
  return [
    defineCommand<object, unknown>('compoundDb.olderInterface', s.log, async () => pickOlderCommand(s)),
    lookupCommand(s, 'compoundDb.legacy.getCompoundInfo', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Compound Info')),
      title: () => vscode.l10n.t('compound info'),
      request: (c, id, signal) => c.getCompoundInfo(id, { signal }),
      show: asJson(s, (id) => `compound-info-${id}`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getExtendedCompoundInfo', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Extended Compound Info')),
      title: () => vscode.l10n.t('extended info'),
      request: (c, id, signal) => c.getExtendedCompoundInfo(id, { signal }),
      show: asJson(s, (id) => `extended-info-${id}`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getExtendedCompoundInfoList', {
      ask: (a: Ids | undefined) => idsOf(a, vscode.l10n.t('Older Interface: Extended Compound Info List')),
      title: () => vscode.l10n.t('extended info'),
      request: (c, ids, signal) => c.getExtendedCompoundInfoList(ids, { signal }),
      show: asJson(s, () => 'extended-info-list'),
    }),
    lookupCommand(s, 'compoundDb.legacy.getExtendedMolCompoundInfoList', {
      ask: askMolList,
      title: () => vscode.l10n.t('extended info with MOL'),
      request: (c, { ids, options }, signal) => c.getExtendedMolCompoundInfoList(ids, options, { signal }),
      show: asJson(s, () => 'extended-mol-info-list'),
    }),
    lookupCommand(s, 'compoundDb.legacy.getRecordMol', {
      ask: async (a: (Id & { calc3d?: boolean }) | undefined) => {
        const title = vscode.l10n.t('Older Interface: Record MOL');
        const id = await recordIdOf(a, title);
        const calc3d = a
          ? !!a.calc3d
          : (await pick(title, [
              { label: '2D', value: '2d' },
              { label: vscode.l10n.t('3D (calculated)'), value: '3d' },
            ])) === '3d';
        return { id, calc3d };
      },
      title: () => vscode.l10n.t('record MOL'),
      request: (c, { id, calc3d }, signal) => c.getRecordMol(id, calc3d, { signal }),
      show: asDocument(s, ({ id, calc3d }) => `record-${id}${calc3d ? '-3d' : ''}.mol`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getOriginalMol', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Original MOL')),
      title: () => vscode.l10n.t('original MOL'),
      request: (c, id, signal) => c.getOriginalMol(id, { signal }),
      show: asDocument(s, (id) => `record-${id}-original.mol`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getCompoundThumbnail', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Compound Thumbnail')),
      title: () => vscode.l10n.t('thumbnail'),
      request: (c, id, signal) => c.getCompoundThumbnail(id, { signal }),
      show: async (png, recordId) => ({ recordId, uri: (await savePng(s.context, `thumbnail-${recordId}.png`, png)).toString(), bytes: png.length }),
    }),
    lookupCommand(s, 'compoundDb.legacy.getDatabases', {
      ask: nothing,
      title: () => vscode.l10n.t('databases'),
      request: (c, _i, signal) => c.getDatabases({ signal }),
      show: asJson(s, () => 'databases'),
    }),

    lookupCommand(s, 'compoundDb.legacy.getAsyncSearchStatus', {
      ask: (a: Rid | undefined) => ridOf(a, vscode.l10n.t('Older Interface: Search Status')),
      title: () => vscode.l10n.t('search status'),
      request: async (c, rid, signal) => String(await c.getAsyncSearchStatus(rid, { signal })),
      show: asMessage((status: string, rid: string) => vscode.l10n.t('Transaction {0}: {1}', rid, status)),
    }),
    lookupCommand(s, 'compoundDb.legacy.getAsyncSearchStatusAndCount', {
      ask: (a: Rid | undefined) => ridOf(a, vscode.l10n.t('Older Interface: Search Status and Count')),
      title: () => vscode.l10n.t('search status'),
      request: (c, rid, signal) => c.getAsyncSearchStatusAndCount(rid, { signal }),
      show: asMessage((st: LegacyRequestStatus, rid: string) =>
        st.Message
          ? vscode.l10n.t('Transaction {0}: {1}, {2} results ({3})', rid, st.Status, st.Count, st.Message)
          : vscode.l10n.t('Transaction {0}: {1}, {2} results', rid, st.Status, st.Count),
      ),
    }),
    lookupCommand(s, 'compoundDb.legacy.getAsyncSearchResult', {
      ask: (a: Rid | undefined) => ridOf(a, vscode.l10n.t('Older Interface: Search Result')),
      title: () => vscode.l10n.t('search result'),
      request: (c, rid, signal) => c.getAsyncSearchResult(rid, { signal }),
      show: asJson(s, (rid) => `result-${rid}`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getAsyncSearchResultPart', {
      ask: async (a: (Rid & { start?: number; count?: number }) | undefined) => {
        const title = vscode.l10n.t('Older Interface: Search Result Part');
        const rid = await ridOf(a, title);
        if (a) return { rid, start: a.start ?? 0, count: a.count ?? -1 };
        const start = await askWholeNumber(title, 'start', vscode.l10n.t('First result (from 0)'), 0);
        const count = await askWholeNumber(title, 'count', vscode.l10n.t('How many (-1 = all the rest)'), -1);
        return { rid, start, count };
      },
      title: () => vscode.l10n.t('search result part'),
      request: (c, { rid, start, count }, signal) => c.getAsyncSearchResultPart(rid, start, count, { signal }),
      show: asJson(s, ({ rid, start }) => `result-${rid}-${start}`),
    }),

    lookupCommand(s, 'compoundDb.legacy.getSpectrum', {
      ask: (a: SpectrumArgs | undefined) => spectrumIdOf(a, vscode.l10n.t('Older Interface: Spectrum')),
      title: () => vscode.l10n.t('spectrum'),
      request: async (c, id, signal) => spectrumJson(await c.getSpectrum(id, { signal }), true, signal),
      show: async (json) => {
        if (!(await plotInDetails(s, json.record_id, json.id))) await s.results.show(json.file_name || `spectrum-${json.id}.jdx`, json.data ?? '');
        return json;
      },
    }),
    lookupCommand(s, 'compoundDb.legacy.getSpectra', {
      ask: async (a: { spectrumIds?: Array<number | string> } | undefined) =>
        a?.spectrumIds ?? (await askRecordIds(vscode.l10n.t('Older Interface: Spectra'), undefined, vscode.l10n.t('Spectrum IDs'))),
      title: () => vscode.l10n.t('spectra'),
      request: async (c, ids, signal) => spectraJson(await c.getSpectra(ids, { signal }), signal),
      show: asJson(s, () => 'spectra'),
    }),
    lookupCommand(s, 'compoundDb.legacy.getCompoundSpectra', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Spectra of a Record')),
      title: () => vscode.l10n.t('compound spectra'),
      request: async (c, id, signal) => spectraJson(await c.getCompoundSpectra(id, { signal }), signal),
      // The record's details list its spectra with Plot buttons; the first is plotted. No spectra: the (empty) list.
      show: async (list, id) => {
        if (!list.length || !(await plotInDetails(s, Number(id), list[0].id))) await s.results.showJson(`spectra-${id}`, list);
        return list;
      },
    }),
    lookupCommand(s, 'compoundDb.legacy.getAllSpectra', {
      ask: nothing,
      title: () => vscode.l10n.t('all spectra'),
      request: async (c, _i, signal) => spectraJson(await c.getAllSpectra({ signal }), signal),
      show: asJson(s, () => 'all-spectra'),
    }),
    lookupCommand(s, 'compoundDb.legacy.getSpectrumInfo', {
      ask: (a: SpectrumArgs | undefined) => spectrumIdOf(a, vscode.l10n.t('Older Interface: Spectrum Info')),
      title: () => vscode.l10n.t('spectrum info'),
      request: (c, id, signal) => c.getSpectrumInfo(id, { signal }),
      show: asJson(s, (id) => `spectrum-info-${id}`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getCompoundSpectraInfo', {
      ask: (a: Id | undefined) => recordIdOf(a, vscode.l10n.t('Older Interface: Spectra Info of a Record')),
      title: () => vscode.l10n.t('spectra info'),
      request: (c, id, signal) => c.getCompoundSpectraInfo(id, { signal }),
      show: asJson(s, (id) => `spectra-info-${id}`),
    }),
    lookupCommand(s, 'compoundDb.legacy.getSpectraInfoList', {
      ask: (a: Ids | undefined) => idsOf(a, vscode.l10n.t('Older Interface: Spectra Info of Records')),
      title: () => vscode.l10n.t('spectra info list'),
      request: (c, ids, signal) => c.getSpectraInfoList(ids, { signal }),
      show: asJson(s, () => 'spectra-info-list'),
    }),
    lookupCommand(s, 'compoundDb.legacy.getAllSpectraInfo', {
      ask: nothing,
      title: () => vscode.l10n.t('all spectra info'),
      request: (c, _i, signal) => c.getAllSpectraInfo({ signal }),
      show: asJson(s, () => 'all-spectra-info'),
    }),
  ];
}
