import * as vscode from 'vscode';
import { sdfRecord } from '../../wire';
import type { SearchNode } from '../searches/searchesTreeProvider';
import { VIEW_ID } from '../searches/searchesView';
import { DetailsPanel } from '../details/detailsPanel';
import { searchTitle, type SearchState } from '../searches/searchState';
import { isFilterQueryKind } from '../searches/searchSpec';
import { highlightOf } from '../searches/searchStateData';
import { spectrumMatchOf } from '../spectra/spectrumSearches';
import { withCancellableProgress } from '../common/progress';
import { defineCommand, type CommandDefinition } from './defineCommand';
import { runTreeSearch } from './searchCommands';
import { saveSdf } from './files';
import { pick } from './prompts';
import { saveMolFile, saveStructureImage, type ImageFormat } from './structureFiles';
import type { Services } from './services';
import { plainFormula } from '../../chemistry/formula/text';

type ResultArg = { recordId: number } | SearchNode;
type SearchArg = { searchId: string } | SearchNode;

function recordIdOf(node: ResultArg | undefined): number {
  if (node && 'recordId' in node && Number.isSafeInteger(node.recordId)) return node.recordId;
  throw new Error(vscode.l10n.t('Pick a result in the Searches view'));
}
function searchIdOf(node: SearchArg | undefined): string {
  if (node && 'searchId' in node && typeof node.searchId === 'string') return node.searchId;
  throw new Error(vscode.l10n.t('Pick a search in the Searches view'));
}

export function defineTreeCommands(s: Services): CommandDefinition[] {
  const client = async () => (await s.connection.get()).client;
  // Offered on the view's items only: VS Code passes the clicked node, and a person ran it.
  const onItem = <A extends object | undefined, R>(id: string, handler: (args: A | undefined) => Promise<R>) =>
    defineCommand<A, R>(id, s.log, handler, { viewItem: true });

  const copy = (id: string, what: string, read: (recordId: number) => Promise<string | undefined>) =>
    onItem<ResultArg, string>(id, async (node) => {
      const recordId = recordIdOf(node);
      const value = await read(recordId);
      if (!value) throw new Error(vscode.l10n.t('Record {0} has no {1}', recordId, what));
      await vscode.env.clipboard.writeText(value);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0} of record {1}', what, recordId), 3000);
      return value;
    });

  return [
    // Opened from the view: its own progress bar, not a notification for a lookup that takes a moment.
    onItem<ResultArg, unknown>('compoundDb.searches.openDetails', async (node) =>
      vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => {
        const state = node && 'searchId' in node ? s.searches.get(node.searchId) : undefined;
        const recordId = recordIdOf(node);
        return DetailsPanel.createOrShow(s.details, recordId, undefined, state && highlightOf(state.spec), state && spectrumMatchOf(state, recordId));
      }),
    ),
    copy('compoundDb.searches.copyRecordId', 'record ID', async (id) => String(id)),
    copy('compoundDb.searches.copySmiles', 'SMILES', async (id) => (await client()).compound(id).smiles()),
    copy('compoundDb.searches.copyInchi', 'InChI', async (id) => (await client()).compound(id).inchi()),
    copy('compoundDb.searches.copyInchikey', 'InChIKey', async (id) => (await client()).compound(id).inchiKey()),
    copy('compoundDb.searches.copyFormula', 'formula', async (id) => {
      const f = await (await client()).compound(id).formula();
      return f ? plainFormula(f) : undefined;
    }),
    onItem<ResultArg & { format?: ImageFormat; uri?: string }, unknown>('compoundDb.searches.saveImage', async (node) => {
      const recordId = recordIdOf(node);
      const format =
        node && 'format' in node && node.format
          ? node.format
          : await pick(
              vscode.l10n.t('Save Structure Image'),
              [
                { label: 'PNG', value: 'png' as const },
                { label: vscode.l10n.t('SVG (holding the PNG)'), value: 'svg' as const },
              ],
              vscode.l10n.t('Format'),
            );
      return saveStructureImage(await client(), recordId, format, node && 'uri' in node ? node.uri : undefined);
    }),
    onItem<ResultArg & { uri?: string }, unknown>('compoundDb.searches.saveMol', async (node) =>
      saveMolFile(await client(), recordIdOf(node), '2d', node && 'uri' in node ? node.uri : undefined),
    ),
    onItem<ResultArg, unknown>('compoundDb.searches.findSimilar', async (node) =>
      vscode.commands.executeCommand('compoundDb.findSimilar', { recordId: recordIdOf(node), interactive: true }),
    ),
    onItem<ResultArg, unknown>('compoundDb.searches.searchSubstructure', async (node) =>
      vscode.commands.executeCommand('compoundDb.searchBySubstructure', { recordId: recordIdOf(node), interactive: true }),
    ),
    onItem<ResultArg, unknown>('compoundDb.searches.insertMol2d', async (node) => s.insertMol(recordIdOf(node), '2d')),
    onItem<ResultArg, unknown>('compoundDb.searches.insertMol3d', async (node) => s.insertMol(recordIdOf(node), '3d')),

    onItem<SearchArg & { uri?: string }, { uri: string; records: number; message: string }>('compoundDb.searches.saveSdf', async (node) => {
      const state = s.searches.get(searchIdOf(node));
      if (!state) throw new Error(vscode.l10n.t('That search is gone'));
      const sdf = await withCancellableProgress(vscode.l10n.t('Compound DB: SDF of results'), (signal) => sdfOf(state, signal));
      return saveSdf(sdf, `compound-db-${state.spec.kind}.sdf`, node && 'uri' in node ? node.uri : undefined);
    }),
    onItem<SearchArg, SearchState | undefined>('compoundDb.searches.rerun', async (node) => {
      const state = s.searches.get(searchIdOf(node));
      if (!state) throw new Error(vscode.l10n.t('That search is gone'));
      s.searches.remove(state.id);
      return runTreeSearch(s, state.spec, false, { queryTitle: state.queryTitle });
    }),
    onItem<SearchNode, SearchState | undefined>('compoundDb.searches.trySuggestion', async (node) => {
      const state = s.searches.get(searchIdOf(node));
      const suggestion = node?.type === 'suggestion' ? state?.suggestions?.[node.index] : undefined;
      if (!suggestion) throw new Error(vscode.l10n.t('That suggestion is gone; run the search again'));
      return runTreeSearch(s, suggestion.spec, true);
    }),
    onItem<SearchArg, boolean>('compoundDb.searches.cancel', async (node) => s.searches.cancel(searchIdOf(node))),
    onItem<SearchArg, boolean>('compoundDb.searches.remove', async (node) => {
      const id = searchIdOf(node);
      const state = s.searches.get(id);
      s.searches.remove(id);
      if (state) offerUndo(vscode.l10n.t('Removed the search {0}.', searchTitle(state)), [state]);
      return !!state;
    }),
    onItem<SearchNode, SearchState | undefined>('compoundDb.searches.loadMore', async (node) => {
      const id = searchIdOf(node);
      await s.searches.loadMore(id, node && node.type === 'more' ? node.group : undefined);
      return s.searches.get(id);
    }),
    onItem<object, number>('compoundDb.searches.clearAll', async () => {
      const removed = [...s.searches.all()];
      s.searches.clear();
      if (removed.length)
        offerUndo(removed.length === 1 ? vscode.l10n.t('Cleared 1 search.') : vscode.l10n.t('Cleared {0} searches.', removed.length), removed);
      return removed.length;
    }),
  ];

  /** Says what went, with Undo: removing a search asks nothing first, and a slip costs nothing. */
  function offerUndo(message: string, removed: SearchState[]): void {
    const undo = vscode.l10n.t('Undo');
    void vscode.window.showInformationMessage(message, undo).then((answer) => answer === undo && s.searches.putBack(removed));
  }

  /** The server's SDF of a filter query when there is one; otherwise built from each record. Titled with names, plain formulas. */
  async function sdfOf(state: SearchState, signal: AbortSignal): Promise<string> {
    const c = await client();
    if (isFilterQueryKind(state.spec.kind) && state.queryId)
      return s.searches.withQuery(state.id, (live, queryId) => live.filterResultsSdf(queryId, { signal }), signal);
    const ids = state.groups ? [...new Set(state.groups.flatMap((g) => g.ids))] : state.ids;
    const records = ids.length ? await c.getDetailsBatch(ids, ['CommonName', 'Formula', 'SMILES', 'Mol2D'], { signal }) : [];
    return records
      .map((r) =>
        sdfRecord(r.mol2D ?? '', r.commonName ?? '', [
          ['RECORD_ID', r.id],
          ['COMMON_NAME', r.commonName],
          ['FORMULA', r.formula ? plainFormula(r.formula) : undefined],
          ['SMILES', r.smiles],
        ]),
      )
      .join('');
  }
}
