/**
 * "Identify Spectrum…": a spectrum from a pasted or typed peak list, the clipboard, the selection or a file (MGF, MSP,
 * mzML, a peak list), searched with Flash entropy search over the library's measured spectra; the results land in the
 * Searches tree like every search. Precursor and ion mode are asked only when the text does not carry them; a program
 * passes everything in its argument and is asked nothing.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import {
  ION_MODES,
  SPECTRUM_SEARCH_TYPES,
  checkSpectrumFilter,
  describeFieldErrors,
  type IonMode,
  type Peak,
  type SpectrumSearchType,
} from '../../wire';
import type { ParsedSpectrum, SpectrumItem } from '../../client';
import type { SearchState } from '../searches/searchState';
import { askText, parseNumber, pick, PromptCancelled } from '../commands/prompts';
import type { ByPerson } from '../commands/defineCommand';
import { runTreeSearch } from '../commands/searchCommands';
import type { Services } from '../commands/services';
import { parseSpectra } from '../../client';
import { peakLinesOfOneLine, streamFile } from './spectrumText';

export interface IdentifyArgs extends ByPerson {
  /** `[[m/z, intensity], ...]`, or a text in any of the readable formats. */
  peaks?: Peak[] | string;
  /** A file (path or URI) to read instead; `spectrum` picks one of its spectra (1-based, default 1). */
  file?: string;
  spectrum?: number;
  precursorMz?: number;
  ionMode?: IonMode;
  searchType?: SpectrumSearchType;
  maxResults?: number;
  fragmentToleranceDa?: number;
  /** How the query is named in the tree and on the mirror plot. */
  title?: string;
}

/** Text read at once (a selection, the clipboard): more is a file's work, streamed, never parsed in one piece on the host. */
const MAX_PASTE_CHARS = 16 * 1024 * 1024;

/** Spectra offered in a pick from a file with many; the spectra list shows them all. */
const PICK_LIMIT = 500;

interface Query {
  spectrum: ParsedSpectrum;
  /** `Spectrum 3 of run.mgf ("Caffeine")` */
  title: string;
}

function titleOf(spectrum: ParsedSpectrum, source: string, many: boolean): string {
  const named = spectrum.title ? ` "${spectrum.title.length > 60 ? `${spectrum.title.slice(0, 57)}...` : spectrum.title}"` : '';
  return many ? vscode.l10n.t('spectrum {0} of {1}{2}', spectrum.index, source, named) : `${source}${named}`;
}

/** The one spectrum of a text, or the one a person picks; a text whose every spectrum was refused is an error naming them. */
async function chooseSpectrum(items: SpectrumItem[], source: string, wanted: number | undefined, person: boolean): Promise<Query> {
  const good = items.filter((i): i is { spectrum: ParsedSpectrum } => i.spectrum !== undefined).map((i) => i.spectrum);
  const errors = items.flatMap((i) => (i.error ? [i.error] : []));
  const many = items.length > 1;
  if (wanted !== undefined) {
    const item = items.find((i) => (i.spectrum ?? i.error).index === wanted);
    if (!item) throw new Error(vscode.l10n.t('{0} has no spectrum {1} ({2} read)', source, wanted, items.length));
    if (item.error) throw new Error(vscode.l10n.t('{0}: {1}', source, item.error.message));
    return { spectrum: item.spectrum, title: titleOf(item.spectrum, source, many) };
  }
  if (good.length === 0) {
    const shown = errors.slice(0, 3).map((e) => e.message);
    const more = errors.length > 3 ? vscode.l10n.t(' (and {0} more)', errors.length - 3) : '';
    throw new Error(
      vscode.l10n.t('{0} holds no spectrum that can be searched: {1}{2}', source, shown.join('; ') || vscode.l10n.t('it is empty'), more),
    );
  }
  if (good.length === 1 || !person) return { spectrum: good[0], title: titleOf(good[0], source, many) };
  const picked = await vscode.window.showQuickPick(
    good.slice(0, PICK_LIMIT).map((s) => ({
      label: s.title || vscode.l10n.t('Spectrum {0}', s.index),
      description: [
        s.precursorMz === undefined ? undefined : vscode.l10n.t('precursor {0}', s.precursorMz),
        vscode.l10n.t('{0} peaks', s.peaks.length),
      ]
        .filter(Boolean)
        .join(' · '),
      detail: vscode.l10n.t('spectrum {0}, line {1}', s.index, s.line),
      spectrum: s,
    })),
    {
      title:
        items.length >= PICK_LIMIT
          ? vscode.l10n.t('Identify Spectrum: the first {0} spectra of {1}', items.length, source)
          : vscode.l10n.t('Identify Spectrum: {0} holds {1} spectra', source, items.length),
      placeHolder:
        errors.length > 0
          ? vscode.l10n.t('Pick one ({0} could not be read; open the file in the spectra list to see why and to identify all)', errors.length)
          : vscode.l10n.t('Pick one (open the file in the spectra list to identify all)'),
      matchOnDescription: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked) throw new PromptCancelled();
  return { spectrum: picked.spectrum, title: titleOf(picked.spectrum, source, true) };
}

async function readFileItems(file: string, person: boolean, wanted: number | undefined): Promise<SpectrumItem[]> {
  const items: SpectrumItem[] = [];
  // a program's spectrum number, or enough for a pick; a file of one spectrum needs no more than that one
  const enough = wanted ?? (person ? PICK_LIMIT : 1);
  await streamFile(file, (item) => {
    items.push(item);
    return (item.spectrum ?? item.error).index < enough;
  });
  return items;
}

/** Where a person's spectrum comes from: the selection, the clipboard, a text typed or pasted, a file. */
async function askSource(): Promise<{ items: SpectrumItem[]; source: string }> {
  const editor = vscode.window.activeTextEditor;
  const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
  const firstLine = (text: string) => text.trim().split(/\r?\n/, 1)[0].slice(0, 60);
  type Choice = 'selection' | 'clipboard' | 'type' | 'file';
  const choices: Array<{ label: string; value: Choice; description?: string }> = [];
  if (selection?.trim()) choices.push({ label: vscode.l10n.t('$(selection) The selection'), value: 'selection', description: firstLine(selection) });
  // read only when chosen: a browser's VS Code asks for permission on every read
  choices.push({ label: vscode.l10n.t('$(clippy) The clipboard'), value: 'clipboard', description: vscode.l10n.t('a peak list you copied') });
  choices.push({ label: vscode.l10n.t('$(edit) Type or paste peaks…'), value: 'type', description: '195.0877 100, 138.0662 42.5' });
  choices.push({ label: vscode.l10n.t('$(file) A file…'), value: 'file', description: 'MGF, MSP, mzML, peak list' });
  const title = vscode.l10n.t('Identify Spectrum');
  const choice = await pick(title, choices, vscode.l10n.t('Where is the spectrum?'));
  switch (choice) {
    case 'selection':
      if ((selection as string).length > MAX_PASTE_CHARS)
        throw new Error(vscode.l10n.t('The selection holds more than {0} characters: open the file instead', MAX_PASTE_CHARS));
      return { items: parseSpectra(selection as string), source: vscode.l10n.t('the selection') };
    case 'clipboard': {
      const clipboard = await vscode.env.clipboard.readText();
      if (!clipboard.trim()) throw new Error(vscode.l10n.t('The clipboard holds no text: copy a peak list first'));
      if (clipboard.length > MAX_PASTE_CHARS)
        throw new Error(vscode.l10n.t('The clipboard holds more than {0} characters: open the file instead', MAX_PASTE_CHARS));
      return { items: parseSpectra(clipboard), source: vscode.l10n.t('the clipboard') };
    }
    case 'type': {
      const text = await askText({
        title,
        prompt: vscode.l10n.t('Peaks as m/z and intensity: "195.0877 100, 138.0662 42.5" or "195.0877:100 138.0662:42.5"'),
        placeHolder: '195.0877 100, 138.0662 42.5, 110.0713 12',
        validate: (v) => {
          if (!v.trim()) return vscode.l10n.t('Give at least one peak: m/z and intensity');
          const items = parseSpectra(peakLinesOfOneLine(v), 'peaks');
          return items.find((i) => i.error)?.error?.message;
        },
      });
      return { items: parseSpectra(peakLinesOfOneLine(text), 'peaks'), source: vscode.l10n.t('the typed peaks') };
    }
    case 'file': {
      const [uri] =
        (await vscode.window.showOpenDialog({
          title,
          canSelectMany: false,
          openLabel: vscode.l10n.t('Identify'),
          filters: { [vscode.l10n.t('Spectra')]: ['mgf', 'msp', 'mzML', 'mzml', 'txt', 'csv', 'tsv'], [vscode.l10n.t('All files')]: ['*'] },
        })) ?? [];
      if (!uri) throw new PromptCancelled();
      return { items: await readFileItems(uri.fsPath, true, undefined), source: path.basename(uri.fsPath) };
    }
  }
}

async function askPrecursor(query: Query): Promise<number | undefined> {
  const text = await askText({
    title: vscode.l10n.t('Identify Spectrum: precursor m/z'),
    prompt: vscode.l10n.t('{0} does not give its precursor m/z. Give it for an identity search, or leave it empty for an open search.', query.title),
    placeHolder: '195.0877',
    validate: (v) => {
      if (!v.trim()) return undefined;
      const n = parseNumber(v);
      return Number.isFinite(n) && n > 0 ? undefined : vscode.l10n.t('The precursor m/z must be a number above 0');
    },
  });
  return text.trim() ? parseNumber(text) : undefined;
}

async function askIonMode(query: Query): Promise<IonMode | undefined> {
  const mode = await pick(
    vscode.l10n.t('Identify Spectrum: ion mode'),
    [
      { label: vscode.l10n.t('Positive'), value: 'positive' as const, description: '[M+H]+, [M+Na]+, …' },
      { label: vscode.l10n.t('Negative'), value: 'negative' as const, description: '[M-H]-, …' },
      { label: vscode.l10n.t('Either'), value: 'either' as const, description: vscode.l10n.t('search spectra of both modes') },
    ],
    vscode.l10n.t('{0} does not say its ion mode', query.title),
  );
  return mode === 'either' ? undefined : mode;
}

function peaksOfArgs(args: IdentifyArgs): { items: SpectrumItem[]; source: string } | undefined {
  if (args.peaks === undefined) return undefined;
  if (typeof args.peaks === 'string') return { items: parseSpectra(args.peaks), source: vscode.l10n.t('the given text') };
  if (!Array.isArray(args.peaks)) throw new Error(vscode.l10n.t('peaks must be [[m/z, intensity], ...] or a peak-list text'));
  return { items: [{ spectrum: { index: 1, line: 1, peaks: args.peaks } }], source: vscode.l10n.t('the given peaks') };
}

export async function identifySpectrum(s: Services, args: IdentifyArgs | undefined, person: boolean): Promise<SearchState> {
  const given = args ?? {};
  if (given.searchType !== undefined && !SPECTRUM_SEARCH_TYPES.includes(given.searchType))
    throw new Error(vscode.l10n.t('searchType must be one of {0}', SPECTRUM_SEARCH_TYPES.join(', ')));
  if (given.ionMode !== undefined && !ION_MODES.includes(given.ionMode)) throw new Error(vscode.l10n.t('ionMode must be positive or negative'));
  const file = given.file === undefined ? undefined : given.file.includes('://') ? vscode.Uri.parse(given.file, true).fsPath : given.file;
  const read =
    peaksOfArgs(given) ??
    (file !== undefined ? { items: await readFileItems(file, person, given.spectrum), source: path.basename(file) } : undefined) ??
    (person ? await askSource() : undefined);
  if (!read) throw new Error(vscode.l10n.t('Give peaks or a file to identify'));
  const query = await chooseSpectrum(read.items, read.source, given.spectrum, person);
  const { spectrum } = query;
  let precursorMz = given.precursorMz ?? spectrum.precursorMz;
  if (precursorMz === undefined && person && given.searchType !== 'open') precursorMz = await askPrecursor(query);
  let ionMode = given.ionMode ?? spectrum.ionMode;
  if (ionMode === undefined && person && given.ionMode === undefined) ionMode = await askIonMode(query);
  const searchType = given.searchType ?? (precursorMz === undefined ? 'open' : 'identity');
  const spec = {
    kind: 'spectrum' as const,
    peaks: spectrum.peaks,
    searchType,
    ...(precursorMz !== undefined ? { precursorMz } : {}),
    ...(ionMode ? { ionMode } : {}),
    ...(given.maxResults !== undefined ? { maxResults: given.maxResults } : {}),
    ...(given.fragmentToleranceDa !== undefined ? { fragmentToleranceDa: given.fragmentToleranceDa } : {}),
  };
  // checked here too, so a bad value never leaves a failed search in the tree
  const errors = checkSpectrumFilter(spec);
  if (errors.length) throw new Error(vscode.l10n.t('{0}: {1}', query.title, describeFieldErrors(errors)));
  return runTreeSearch(s, spec, person, { queryTitle: given.title ?? query.title });
}
