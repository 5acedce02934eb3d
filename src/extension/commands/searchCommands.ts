import * as vscode from 'vscode';
import { pickStructure } from './recordPicker';
import {
  COMPLEXITIES,
  ISOTOPIC_OPTIONS,
  INTRINSIC_MASS_KEYS,
  STRUCTURE_LIMITS,
  type Complexity,
  type Direction,
  type Isotopic,
  type MassWithRange,
  type SortKey,
  type SubstructureFormat,
} from '../../wire';
import { readSettings } from '../config/settings';
import { findHoverTarget } from '../hover/hoverTargets';
import { describeSpec, type IntrinsicInputs, type Ordering, type SearchSpec } from '../searches/searchSpec';
import type { SearchState } from '../searches/searchState';
import { VIEW_ID } from '../searches/searchesView';
import { withCancellableProgress } from '../common/progress';
import {
  askElements,
  askInchi,
  askInchikey,
  askMassAndRange,
  askMassList,
  askSmiles,
  askString,
  askStructureQuery,
  askStringList,
  askText,
  pick,
} from './prompts';
import { defineCommand, showError, type ByPerson, type CommandDefinition } from './defineCommand';
import type { Services } from './services';

type OrderArgs = { order?: SortKey; direction?: Direction };
type DataSourceArgs = { dataSources?: string[] };

/**
 * The direction setting applies with a sort key: sent alone it would order by record ID (service README) and undo
 * the name search's ranking of exact names first.
 */
function ordering(args: OrderArgs | undefined): Ordering {
  const s = readSettings();
  const order = args?.order ?? s.sortKey;
  return { order, direction: args?.direction ?? (order ? s.direction : undefined) };
}
function dataSources(args: DataSourceArgs | undefined): string[] | undefined {
  const list = args?.dataSources ?? readSettings().dataSources;
  return list.length ? list : undefined;
}

/** Runs a search into the tree under a cancellable notification; resolves with its final state. */
export async function runTreeSearch(
  s: Services,
  spec: SearchSpec,
  interactive: boolean,
  about: Pick<SearchState, 'queryTitle'> = {},
): Promise<SearchState> {
  void vscode.commands.executeCommand(`${VIEW_ID}.focus`);
  const state = await withCancellableProgress(vscode.l10n.t('Compound DB: {0}', describeSpec(spec)), (signal) =>
    s.searches.start(spec, signal, about),
  );
  try {
    await s.treeView.reveal(s.tree.searchNode(state.id), { select: true, focus: false, expand: true });
  } catch {
    /* the view may be hidden */
  }
  if (state.error && interactive && state.status !== 'Cancelled') void showError(new Error(state.error));
  return JSON.parse(JSON.stringify(state)) as SearchState;
}

/** The walkthrough's example: structures to hover, and a word to look up. */
const EXAMPLE = [
  '# Compounds to hover',
  '',
  'Caffeine: RYYVLZVUVIJVGH-UHFFFAOYSA-N',
  'Ethanol as SMILES: CCO',
  'Aspirin as SMILES: CC(=O)Oc1ccccc1C(=O)O',
  '',
  'Put the cursor on a name such as caffeine and run "Look Up the Word at the Cursor" (Ctrl+Shift+Alt+L).',
  '',
].join('\n');

/** A selection longer than this is not a query (a whole InChI is well under it). */
const MAX_LOOKUP_TEXT = 2000;

/** The selection, else the InChIKey or SMILES under the cursor (as hovers find them), else the word there. */
function textAtCursor(): string {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error(vscode.l10n.t('Put the cursor on a name, InChIKey or SMILES in an editor first'));
  const { document, selection } = editor;
  const selected = document.getText(selection).trim();
  if (selected && !selected.includes('\n')) return selected.slice(0, MAX_LOOKUP_TEXT);
  const line = document.lineAt(selection.active.line).text;
  const target = findHoverTarget(line, selection.active.character, { inchikey: true, smiles: true });
  if (target) return target.text;
  const word = document.getWordRangeAtPosition(selection.active, /[\w\-,'()]+/);
  const text = word ? document.getText(word).replace(/^[(,']+|[),']+$/g, '') : '';
  if (!text) throw new Error(vscode.l10n.t('There is no name, InChIKey or SMILES at the cursor'));
  return text;
}

/** A record's structure as a query: from a tree result, a hover or the details panel (`{recordId}`). */
type RecordArgs = { recordId?: number } & ByPerson;

async function smilesOfRecord(s: Services, recordId: number): Promise<string> {
  const smiles = await (await s.connection.get()).client.compound(recordId).smiles();
  if (!smiles) throw new Error(vscode.l10n.t('Record {0} has no SMILES to search with', recordId));
  return smiles;
}

/**
 * A structure to search with, asked as a record is asked for (the selected result, a recent one, a record ID, a
 * name, an InChIKey or an InChI, looked up as Insert MOL does: that record's SMILES) or typed as SMILES (or
 * SMARTS, for a substructure).
 */
async function askStructure(s: Services, title: string, smarts: boolean): Promise<{ query: string; queryFormat: SubstructureFormat }> {
  const answer = await pickStructure(title, { smarts });
  if (answer === undefined) return smarts ? askStructureQuery(title) : { query: await askSmiles(title), queryFormat: 'SMILES' };
  return 'recordId' in answer ? { query: await smilesOfRecord(s, answer.recordId), queryFormat: 'SMILES' } : answer;
}

/** One search command: how it makes its spec from its arguments (scripts, hovers, the tree) or by asking. */
interface SearchCommand {
  command: string;
  toSpec: (args: object | undefined) => Promise<SearchSpec>;
}

/** A search of one value: the command's argument when given, else a prompt (or the record named by the arguments). */
function prompted<A extends object, V>(
  command: string,
  given: (args: A | undefined) => V | undefined,
  ask: (args: A | undefined) => Promise<V>,
  spec: (value: V, args: A | undefined) => SearchSpec,
): SearchCommand {
  return {
    command,
    toSpec: async (args) => {
      const a = args as A | undefined;
      return spec(given(a) ?? (await ask(a)), a);
    },
  };
}

function searchCommands(s: Services): SearchCommand[] {
  const e = (example: string) => vscode.l10n.t('e.g. {0}', example);
  return [
    prompted<{ query?: string } & OrderArgs, string>(
      'compoundDb.search',
      (a) => a?.query,
      () => askString(vscode.l10n.t('Search'), 'query', vscode.l10n.t('Name, record ID, SMILES, InChI or InChIKey'), e('aspirin')),
      (query, a) => ({ kind: 'composite', query, ...ordering(a) }),
    ),
    prompted<{ name?: string } & OrderArgs, string>(
      'compoundDb.searchByName',
      (a) => a?.name,
      () => askString(vscode.l10n.t('Search by Name'), 'name', vscode.l10n.t('Compound name (case-insensitive)'), e('caffeine')),
      (name, a) => ({ kind: 'name', name, ...ordering(a) }),
    ),
    prompted<{ formula?: string } & OrderArgs & DataSourceArgs, string>(
      'compoundDb.searchByFormula',
      (a) => a?.formula,
      () => askString(vscode.l10n.t('Search by Formula'), 'formula', vscode.l10n.t('Molecular formula, any element order'), e('C8H10N4O2')),
      (formula, a) => ({ kind: 'formula', formula, dataSources: dataSources(a), ...ordering(a) }),
    ),
    prompted<{ formulas?: string[] } & OrderArgs & DataSourceArgs, string[]>(
      'compoundDb.searchByFormulaList',
      (a) => a?.formulas,
      () =>
        askStringList(
          vscode.l10n.t('Search by Formula List'),
          'formulas',
          vscode.l10n.t('Formulas separated by commas or spaces'),
          e('C9H8O4, C8H10N4O2'),
        ),
      (formulas, a) => ({ kind: 'formulaBatch', formulas, dataSources: dataSources(a), ...ordering(a) }),
    ),
    prompted<Partial<MassWithRange> & OrderArgs & DataSourceArgs, MassWithRange>(
      'compoundDb.searchByMass',
      (a) => (a?.mass !== undefined && a.range !== undefined ? { mass: a.mass, range: a.range } : undefined),
      () => askMassAndRange(vscode.l10n.t('Search by Mass'), vscode.l10n.t('Monoisotopic mass')),
      (pair, a) => ({ kind: 'mass', ...pair, dataSources: dataSources(a), ...ordering(a) }),
    ),
    prompted<{ masses?: MassWithRange[] } & OrderArgs & DataSourceArgs, MassWithRange[]>(
      'compoundDb.searchByMassList',
      (a) => a?.masses,
      () => askMassList(vscode.l10n.t('Search by Mass List')),
      (masses, a) => ({ kind: 'massBatch', masses, dataSources: dataSources(a), ...ordering(a) }),
    ),
    { command: 'compoundDb.searchByElements', toSpec: (a) => elementSpec(a as ElementArgs | undefined) },
    { command: 'compoundDb.searchByIntrinsicProperties', toSpec: (a) => intrinsicSpec(a as (IntrinsicInputs & OrderArgs) | undefined) },
    prompted<{ inchi?: string }, string>(
      'compoundDb.searchByInchi',
      (a) => a?.inchi,
      () => askInchi(vscode.l10n.t('Search by InChI')),
      (inchi) => ({ kind: 'inchi', inchi }),
    ),
    prompted<{ inchikey?: string }, string>(
      'compoundDb.searchByInchikey',
      (a) => a?.inchikey,
      () => askInchikey(vscode.l10n.t('Search by InChIKey')),
      (inchikey) => ({ kind: 'inchikey', inchikey }),
    ),
    prompted<{ smiles?: string }, string>(
      'compoundDb.searchBySmiles',
      (a) => a?.smiles,
      () => askSmiles(vscode.l10n.t('Search by SMILES')),
      (smiles) => ({ kind: 'smiles', smiles }),
    ),
    prompted<{ text?: string }, string>(
      'compoundDb.lookUpAtCursor',
      (a) => a?.text,
      () => Promise.resolve(textAtCursor()),
      (query) => ({ kind: 'composite', query, ...ordering(undefined) }),
    ),
    prompted<SubstructureArgs, { query: string; queryFormat: SubstructureFormat }>(
      'compoundDb.searchBySubstructure',
      (a) => (a?.query ? { query: a.query, queryFormat: a.queryFormat ?? 'SMILES' } : undefined),
      async (a) =>
        a?.recordId !== undefined
          ? { query: await smilesOfRecord(s, a.recordId), queryFormat: 'SMILES' as const }
          : askStructure(s, vscode.l10n.t('Search by Substructure'), true),
      (typed, a) => ({ kind: 'substructure', ...typed, useChirality: a?.useChirality, dataSources: dataSources(a), ...ordering(a) }),
    ),
    { command: 'compoundDb.findSimilar', toSpec: (a) => similaritySpec(s, a as SimilarityArgs | undefined) },
    prompted<{ query?: string }, string>(
      'compoundDb.legacy.simpleSearch',
      (a) => a?.query,
      () =>
        askString(
          vscode.l10n.t('Older Interface: Simple Search'),
          'query',
          vscode.l10n.t('Name, SMILES, InChI, InChIKey or record ID (at most {0} results)', 100),
        ),
      (query) => ({ kind: 'legacySimple', query }),
    ),
    prompted<{ query?: string } & OrderArgs, string>(
      'compoundDb.legacy.asyncSimpleSearch',
      (a) => a?.query,
      () => askString(vscode.l10n.t('Older Interface: Async Simple Search'), 'query', vscode.l10n.t('Name, SMILES, InChI, InChIKey or record ID')),
      (query, a) => ({ kind: 'legacyAsync', query, ...ordering(a) }),
    ),
  ];
}

type ElementArgs = {
  includeElements?: string[];
  excludeElements?: string[];
  includeAll?: boolean;
  complexity?: Complexity;
  isotopic?: Isotopic;
} & OrderArgs;

async function elementSpec(a: ElementArgs | undefined): Promise<SearchSpec> {
  if (a?.includeElements) return { kind: 'element', ...a, includeElements: a.includeElements, ...ordering(a) };
  const title = vscode.l10n.t('Search by Elements');
  const includeElements = await askElements(title, 'include');
  const excludeElements = await askElements(title, 'exclude');
  const includeAll =
    (await pick(title, [
      { label: vscode.l10n.t('Any of them'), value: 'any', description: vscode.l10n.t('records containing at least one of the elements') },
      { label: vscode.l10n.t('All of them'), value: 'all', description: vscode.l10n.t('records containing every one of the elements') },
    ])) === 'all';
  const complexity = await pick(
    title,
    COMPLEXITIES.map((c) => ({ label: c, value: c, description: c === 'multiple' ? vscode.l10n.t('several parts, or a metal') : undefined })),
    vscode.l10n.t('Complexity'),
  );
  const isotopic = await pick(
    title,
    ISOTOPIC_OPTIONS.map((c) => ({ label: c, value: c })),
    vscode.l10n.t('Isotopic labelling'),
  );
  return {
    kind: 'element',
    includeElements,
    excludeElements: excludeElements.length ? excludeElements : undefined,
    includeAll,
    complexity,
    isotopic,
    ...ordering(a),
  };
}

async function intrinsicSpec(a: (IntrinsicInputs & OrderArgs) | undefined): Promise<SearchSpec> {
  if (a && (a.formula || INTRINSIC_MASS_KEYS.some((k) => a[k]))) return { kind: 'intrinsic', ...a, ...ordering(a) };
  const title = vscode.l10n.t('Search by Intrinsic Properties');
  const formula = await askText({
    title,
    prompt: vscode.l10n.t('Formula (optional; leave empty to search by a mass)'),
    placeHolder: vscode.l10n.t('e.g. {0}', 'C9H8O4'),
    validate: () => undefined,
  });
  const spec: SearchSpec = { kind: 'intrinsic', formula: formula.trim() || undefined, ...ordering(a) };
  const key = await pick(
    title,
    [
      ...(formula.trim() ? [{ label: vscode.l10n.t('No mass'), value: 'none' as const }] : []),
      ...INTRINSIC_MASS_KEYS.map((k) => ({ label: k, value: k })),
    ],
    vscode.l10n.t('Also match a mass?'),
  );
  if (key !== 'none') spec[key] = await askMassAndRange(title, key);
  return spec;
}

type SubstructureArgs = { query?: string; queryFormat?: SubstructureFormat; useChirality?: boolean } & RecordArgs & OrderArgs & DataSourceArgs;
type SimilarityArgs = { smiles?: string; threshold?: number; maxResults?: number } & RecordArgs & DataSourceArgs;

async function similaritySpec(s: Services, a: SimilarityArgs | undefined): Promise<SearchSpec> {
  const title = vscode.l10n.t('Find Similar Compounds');
  const smiles = a?.smiles ?? (a?.recordId !== undefined ? await smilesOfRecord(s, a.recordId) : (await askStructure(s, title, false)).query);
  const threshold = a?.threshold ?? (a === undefined ? await askThreshold(title) : undefined);
  return { kind: 'similarity', smiles, threshold, maxResults: a?.maxResults, dataSources: dataSources(a) };
}

export function defineSearchCommands(s: Services): CommandDefinition[] {
  return [
    ...searchCommands(s).map(({ command, toSpec }) =>
      defineCommand<object, SearchState>(command, s.log, async (args, invocation) => {
        // Asked from a person (a prompt follows): the built-in database starts while they type, not after Enter.
        if (invocation === 'person') s.connection.get().catch(() => undefined);
        return runTreeSearch(s, await toSpec(args), invocation === 'person');
      }),
    ),
    defineCommand<object, vscode.TextDocument>('compoundDb.openExample', s.log, async () => {
      const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: EXAMPLE });
      await vscode.window.showTextDocument(document);
      return document;
    }),
  ];
}

async function askThreshold(title: string): Promise<number> {
  const text = await askText({
    title,
    prompt: vscode.l10n.t('Lowest Tanimoto similarity (0 to 1) on Morgan fingerprints'),
    value: String(STRUCTURE_LIMITS.similarityThresholdDefault),
    validate: (v) => (/^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/.test(v) ? undefined : vscode.l10n.t('the threshold is a number from 0 to 1')),
  });
  return Number(text);
}
