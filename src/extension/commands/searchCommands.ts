import * as vscode from 'vscode';
import { COMPLEXITIES, ISOTOPIC_OPTIONS, INTRINSIC_MASS_KEYS, type Complexity, type Direction, type Isotopic, type MassWithRange, type SortKey } from '../../wire';
import { readSettings } from '../config/settings';
import { describeSpec, type IntrinsicInputs, type Ordering, type SearchSpec } from '../searches/searchSpec';
import type { SearchState } from '../searches/searchState';
import { VIEW_ID } from '../searches/searchesTreeProvider';
import { withCancellableProgress } from '../common/progress';
import {
  askElements,
  askInchi,
  askInchikey,
  askMassAndRange,
  askMassList,
  askSmiles,
  askString,
  askStringList,
  askText,
  pick,
} from './prompts';
import { registerCommand, showError } from './register';
import type { Services } from './services';

type OrderArgs = { order?: SortKey; direction?: Direction };
type DataSourceArgs = { dataSources?: string[] };

function ordering(args: OrderArgs | undefined): Ordering {
  const s = readSettings();
  return { order: args?.order ?? s.sortKey, direction: args?.direction ?? s.direction };
}
function dataSources(args: DataSourceArgs | undefined): string[] | undefined {
  const list = args?.dataSources ?? readSettings().dataSources;
  return list.length ? list : undefined;
}

/** Runs a search into the tree under a cancellable notification; resolves with its final state. */
export async function runTreeSearch(s: Services, spec: SearchSpec, interactive: boolean): Promise<SearchState> {
  void vscode.commands.executeCommand(`${VIEW_ID}.focus`);
  const state = await withCancellableProgress(`Compound DB: ${describeSpec(spec)}`, (signal) => s.searches.start(spec, signal));
  try {
    await s.treeView.reveal(s.tree.searchNode(state.id), { select: true, focus: false, expand: true });
  } catch {
    /* the view may be hidden */
  }
  if (state.error && interactive && state.status !== 'Cancelled') void showError(new Error(state.error));
  return JSON.parse(JSON.stringify(state)) as SearchState;
}

export function registerSearchCommands(s: Services): vscode.Disposable[] {
  const search = <A extends object>(id: string, toSpec: (args: A | undefined) => Promise<SearchSpec>) =>
    registerCommand<A, SearchState>(id, s.log, async (args) => runTreeSearch(s, await toSpec(args), args === undefined));

  return [
    search<{ query?: string } & OrderArgs>('compoundDb.search', async (a) => ({
      kind: 'composite',
      query: a?.query ?? (await askString('Search', 'query', 'Name, record ID, SMILES, InChI or InChIKey', 'e.g. aspirin')),
      ...ordering(a),
    })),
    search<{ name?: string } & OrderArgs>('compoundDb.searchByName', async (a) => ({
      kind: 'name',
      name: a?.name ?? (await askString('Search by Name', 'name', 'Compound name (case-insensitive)', 'e.g. caffeine')),
      ...ordering(a),
    })),
    search<{ formula?: string } & OrderArgs & DataSourceArgs>('compoundDb.searchByFormula', async (a) => ({
      kind: 'formula',
      formula: a?.formula ?? (await askString('Search by Formula', 'formula', 'Molecular formula, any element order', 'e.g. C8H10N4O2')),
      dataSources: dataSources(a),
      ...ordering(a),
    })),
    search<{ formulas?: string[] } & OrderArgs & DataSourceArgs>('compoundDb.searchByFormulaList', async (a) => ({
      kind: 'formulaBatch',
      formulas: a?.formulas ?? (await askStringList('Search by Formula List', 'formulas', 'Formulas separated by commas or spaces', 'e.g. C9H8O4, C8H10N4O2')),
      dataSources: dataSources(a),
      ...ordering(a),
    })),
    search<Partial<MassWithRange> & OrderArgs & DataSourceArgs>('compoundDb.searchByMass', async (a) => {
      const pair = a?.mass !== undefined && a.range !== undefined ? { mass: a.mass, range: a.range } : await askMassAndRange('Search by Mass', 'Monoisotopic mass');
      return { kind: 'mass', ...pair, dataSources: dataSources(a), ...ordering(a) };
    }),
    search<{ masses?: MassWithRange[] } & OrderArgs & DataSourceArgs>('compoundDb.searchByMassList', async (a) => ({
      kind: 'massBatch',
      masses: a?.masses ?? (await askMassList('Search by Mass List')),
      dataSources: dataSources(a),
      ...ordering(a),
    })),
    search<{ includeElements?: string[]; excludeElements?: string[]; includeAll?: boolean; complexity?: Complexity; isotopic?: Isotopic } & OrderArgs>(
      'compoundDb.searchByElements',
      async (a) => {
        const title = 'Search by Elements';
        if (a?.includeElements) return { kind: 'element', ...a, includeElements: a.includeElements, ...ordering(a) };
        const includeElements = await askElements(title, 'include');
        const excludeElements = await askElements(title, 'exclude');
        const includeAll = (await pick(title, [
          { label: 'Any of them', value: 'any', description: 'records containing at least one of the elements' },
          { label: 'All of them', value: 'all', description: 'records containing every one of the elements' },
        ])) === 'all';
        const complexity = await pick(title, COMPLEXITIES.map((c) => ({ label: c, value: c, description: c === 'multiple' ? 'several parts, or a metal' : undefined })), 'Complexity');
        const isotopic = await pick(title, ISOTOPIC_OPTIONS.map((c) => ({ label: c, value: c })), 'Isotopic labelling');
        return { kind: 'element', includeElements, excludeElements: excludeElements.length ? excludeElements : undefined, includeAll, complexity, isotopic, ...ordering(a) };
      },
    ),
    search<IntrinsicInputs & OrderArgs>('compoundDb.searchByIntrinsicProperties', async (a) => {
      if (a && (a.formula || INTRINSIC_MASS_KEYS.some((k) => a[k]))) return { kind: 'intrinsic', ...a, ...ordering(a) };
      const title = 'Search by Intrinsic Properties';
      const formula = await askText({ title, prompt: 'Formula (optional; leave empty to search by a mass)', placeHolder: 'e.g. C9H8O4', validate: () => undefined });
      const spec: SearchSpec = { kind: 'intrinsic', formula: formula.trim() || undefined, ...ordering(a) };
      const key = await pick(title, [
        ...(formula.trim() ? [{ label: 'No mass', value: 'none' as const }] : []),
        ...INTRINSIC_MASS_KEYS.map((k) => ({ label: k, value: k })),
      ], 'Also match a mass?');
      if (key !== 'none') spec[key] = await askMassAndRange(title, key);
      return spec;
    }),
    search<{ inchi?: string }>('compoundDb.searchByInchi', async (a) => ({ kind: 'inchi', inchi: a?.inchi ?? (await askInchi('Search by InChI')) })),
    search<{ inchikey?: string }>('compoundDb.searchByInchikey', async (a) => ({
      kind: 'inchikey',
      inchikey: a?.inchikey ?? (await askInchikey('Search by InChIKey')),
    })),
    search<{ smiles?: string }>('compoundDb.searchBySmiles', async (a) => ({
      kind: 'smiles',
      smiles: a?.smiles ?? (await askSmiles('Search by SMILES')),
    })),
    search<{ query?: string }>('compoundDb.legacy.simpleSearch', async (a) => ({
      kind: 'legacySimple',
      query: a?.query ?? (await askString('Older Interface: Simple Search', 'query', 'Name, SMILES, InChI, InChIKey or record ID (at most 100 results)')),
    })),
    search<{ query?: string } & OrderArgs>('compoundDb.legacy.asyncSimpleSearch', async (a) => ({
      kind: 'legacyAsync',
      query: a?.query ?? (await askString('Older Interface: Async Simple Search', 'query', 'Name, SMILES, InChI, InChIKey or record ID')),
      ...ordering(a),
    })),
  ];
}

