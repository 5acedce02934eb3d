import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { compositeReading, describeSpec, kindTitle } from './searchSpec';
import { byMassDifference, queryMass, resultDescription, resultLabel, resultTooltip } from './resultLabels';
import { PAGE_SIZE, formatDuration, searchDescription, searchTitle, type SearchState } from './searchState';
import type { SearchesModel } from './searchesModel';
import { prettyFormula } from '../../chemistry/formula/text';

export type SearchNode =
  | { type: 'search'; searchId: string }
  | { type: 'group'; searchId: string; group: string }
  | { type: 'result'; searchId: string; recordId: number; group?: string }
  | { type: 'more'; searchId: string; group?: string }
  | { type: 'message'; searchId: string; text: string; error: boolean }
  | { type: 'suggestion'; searchId: string; index: number };

/** The list a node is shown in: '' the searches, `id\n` a search's children, `id\ng:label` a group's. */
function listOf(node: SearchNode): string {
  if (node.type === 'search') return '';
  const group = node.type === 'result' || node.type === 'more' ? node.group : undefined;
  return group === undefined ? `${node.searchId}\n` : `${node.searchId}\ng:${group}`;
}

/** The Searches view: one node per search, its results (or groups for batches) below, paged. */
export class SearchesTreeProvider extends Disposable implements vscode.TreeDataProvider<SearchNode> {
  private readonly _onDidChangeTreeData = this._register(new vscode.EventEmitter<SearchNode | undefined>());
  readonly onDidChangeTreeData = this._onDidChangeTreeData.event;
  /**
   * One object per node identity, so `reveal` and partial refreshes find them, per list: '' the searches, then each
   * search's children and each group's. A list keeps only the nodes it shows now, and the lists of a removed search
   * go with it, so this holds no more than the tree shows.
   */
  private readonly lists = new Map<string, Map<string, SearchNode>>();
  /** When VS Code first asked for a result row of each search, and for one with its record's name (performance.now()). */
  private readonly rowsServed = new Map<string, { row: number; named?: number }>();

  /** `thumbnail`: a record's structure as base64 PNG for a result's tooltip, loaded when the tooltip is first shown. */
  constructor(
    private readonly model: SearchesModel,
    private readonly thumbnail?: (recordId: number) => Promise<string | undefined>,
  ) {
    super();
    this._register(model.onDidChange((state) => this._onDidChangeTreeData.fire(state ? this.searchNode(state.id) : undefined)));
  }

  private intern<T extends SearchNode>(node: T): T {
    const scope = listOf(node);
    let list = this.lists.get(scope);
    if (!list) this.lists.set(scope, (list = new Map<string, SearchNode>()));
    const key = JSON.stringify(node);
    const known = list.get(key);
    if (known) return known as T;
    list.set(key, node);
    return node;
  }

  /** Forgets the nodes of `scope` that are not among `shown`. */
  private keepOnly(scope: string, shown: SearchNode[]): SearchNode[] {
    const list = this.lists.get(scope);
    if (list) for (const [key, known] of list) if (!shown.includes(known)) list.delete(key);
    if (list?.size === 0) this.lists.delete(scope);
    return shown;
  }

  searchNode(searchId: string): SearchNode {
    return this.intern({ type: 'search', searchId });
  }

  getChildren(node?: SearchNode): SearchNode[] {
    if (!node) {
      for (const scope of this.lists.keys()) if (scope !== '' && !this.model.get(scope.split('\n')[0])) this.lists.delete(scope);
      for (const id of this.rowsServed.keys()) if (!this.model.get(id)) this.rowsServed.delete(id);
      return this.keepOnly(
        '',
        this.model.all().map((s) => this.searchNode(s.id)),
      );
    }
    const state = this.model.get(node.searchId);
    if (!state) return [];
    if (node.type === 'search') return this.keepOnly(listOf({ type: 'more', searchId: state.id }), this.searchChildren(state));
    if (node.type === 'group') {
      const group = state.groups?.find((g) => g.label === node.group);
      if (!group) return [];
      return this.keepOnly(listOf({ type: 'more', searchId: state.id, group: group.label }), this.page(state, group.ids, group.label, false));
    }
    return [];
  }

  private searchChildren(state: SearchState): SearchNode[] {
    const id = state.id;
    if (state.error) return [this.intern({ type: 'message', searchId: id, text: state.error, error: true })];
    if (state.running) return [];
    if (state.groups) return state.groups.map((g) => this.intern({ type: 'group', searchId: id, group: g.label }));
    if (state.ids.length === 0) {
      const tries = (state.suggestions ?? []).map((_, index) => this.intern({ type: 'suggestion', searchId: id, index }));
      return [this.intern({ type: 'message', searchId: id, text: vscode.l10n.t('No results'), error: false }), ...tries];
    }
    return this.page(state, state.ids, undefined, state.more);
  }

  private page(state: SearchState, ids: number[], group: string | undefined, moreOnServer: boolean): SearchNode[] {
    const shown = state.shown[group ?? ''] ?? Math.min(PAGE_SIZE, ids.length);
    const target = queryMass(state, group);
    const visible = target === undefined ? ids.slice(0, shown) : byMassDifference(ids.slice(0, shown), state, target);
    const nodes: SearchNode[] = visible.map((recordId) => this.intern({ type: 'result', searchId: state.id, recordId, group }));
    if (shown < ids.length || moreOnServer) nodes.push(this.intern({ type: 'more', searchId: state.id, group }));
    return nodes;
  }

  /** Follows the view's expand and collapse, so the model keeps them across a reload. */
  trackExpansion(view: vscode.TreeView<SearchNode>): vscode.Disposable[] {
    const remember = (node: SearchNode, expanded: boolean) => {
      if (node.type === 'search') this.model.setExpanded(node.searchId, undefined, expanded);
      if (node.type === 'group') this.model.setExpanded(node.searchId, node.group, expanded);
    };
    return [view.onDidExpandElement((e) => remember(e.element, true)), view.onDidCollapseElement((e) => remember(e.element, false))];
  }

  /** A result's tooltip gets its structure when it is first shown (VS Code asks here on hover). */
  async resolveTreeItem(item: vscode.TreeItem, node: SearchNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (node.type !== 'result' || !this.thumbnail || !(item.tooltip instanceof vscode.MarkdownString)) return item;
    const png = await this.thumbnail(node.recordId);
    if (png && !token.isCancellationRequested) item.tooltip.appendMarkdown(`\n\n![structure](data:image/png;base64,${png}|width=140)`);
    return item;
  }

  getParent(node: SearchNode): SearchNode | undefined {
    if (node.type === 'search') return undefined;
    if (node.type === 'result' && node.group !== undefined) return this.intern({ type: 'group', searchId: node.searchId, group: node.group });
    return this.searchNode(node.searchId);
  }

  getTreeItem(node: SearchNode): vscode.TreeItem {
    const state = this.model.get(node.searchId);
    if (!state) return new vscode.TreeItem(vscode.l10n.t('(removed)'));
    switch (node.type) {
      case 'search':
        return this.searchItem(state);
      case 'group': {
        const group = state.groups?.find((g) => g.label === node.group);
        const open = state.openGroups?.includes(node.group);
        const item = new vscode.TreeItem(
          prettyFormula(node.group),
          open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = `${state.id}/g/${node.group}`;
        item.description = group?.ids.length === 1 ? vscode.l10n.t('1 result') : vscode.l10n.t('{0} results', group?.ids.length ?? 0);
        item.iconPath = new vscode.ThemeIcon('list-tree');
        item.contextValue = 'group';
        return item;
      }
      case 'result': {
        const label = state.labels[node.recordId];
        this.served(state.id, label !== undefined);
        const name = label?.name || vscode.l10n.t('Record {0}', node.recordId);
        const item = new vscode.TreeItem(resultLabel(state, node.recordId, name));
        item.id = `${state.id}/${node.group ?? ''}/r/${node.recordId}`;
        item.description = resultDescription(state, node.recordId, node.group);
        item.tooltip = resultTooltip(state, node.recordId, node.group);
        item.accessibilityInformation = {
          label: [resultLabel(state, node.recordId, name), item.description, vscode.l10n.t('record {0}', node.recordId)].filter(Boolean).join(', '),
        };
        item.iconPath = new vscode.ThemeIcon('beaker');
        item.contextValue = 'result';
        item.command = { command: 'compoundDb.searches.openDetails', title: vscode.l10n.t('Open Details'), arguments: [node] };
        return item;
      }
      case 'more': {
        const total =
          node.group === undefined ? (state.count ?? state.ids.length) : (state.groups?.find((g) => g.label === node.group)?.ids.length ?? 0);
        const shown = state.shown[node.group ?? ''] ?? 0;
        const item = new vscode.TreeItem(vscode.l10n.t('Load more ({0} of {1} shown)', shown, total));
        item.id = `${state.id}/${node.group ?? ''}/more`;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.contextValue = 'more';
        item.command = { command: 'compoundDb.searches.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
        return item;
      }
      case 'suggestion': {
        const suggestion = state.suggestions?.[node.index];
        const item = new vscode.TreeItem(suggestion?.label ?? '');
        item.id = `${state.id}/try/${node.index}`;
        item.tooltip = vscode.l10n.t('Run this search');
        item.iconPath = new vscode.ThemeIcon('lightbulb');
        item.contextValue = 'suggestion';
        item.command = { command: 'compoundDb.searches.trySuggestion', title: vscode.l10n.t('Run This Search'), arguments: [node] };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text);
        item.id = `${state.id}/message`;
        item.tooltip = node.text;
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info', node.error ? new vscode.ThemeColor('errorForeground') : undefined);
        item.contextValue = node.error ? 'error' : 'message';
        return item;
      }
    }
  }

  /** When a result row of the search, and one with its name, were first asked for: what the Searches view drew. */
  rowsFirstServed(searchId: string): { row: number; named?: number } | undefined {
    const served = this.rowsServed.get(searchId);
    return served && { ...served };
  }

  private served(searchId: string, named: boolean): void {
    const now = performance.now();
    const served = this.rowsServed.get(searchId);
    if (!served) this.rowsServed.set(searchId, named ? { row: now, named: now } : { row: now });
    else if (named && served.named === undefined) served.named = now;
  }

  private searchItem(state: SearchState): vscode.TreeItem {
    const hasChildren = !state.running;
    const expanded = state.collapsed ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded;
    const item = new vscode.TreeItem(searchTitle(state), hasChildren ? expanded : vscode.TreeItemCollapsibleState.None);
    item.id = state.id;
    const reading = state.spec.kind === 'composite' ? vscode.l10n.t('read as {0}', compositeReading(state.spec.query)) : undefined;
    item.description = [reading, searchDescription(state)].filter(Boolean).join(' · ');
    item.iconPath = state.running
      ? new vscode.ThemeIcon('sync~spin')
      : state.error
        ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
        : new vscode.ThemeIcon('search');
    item.contextValue = state.running ? 'search.running' : state.error ? 'search.failed' : 'search';
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${kindTitle(state.spec.kind)}**\n\n`);
    const rows: Array<[string, string | undefined]> = [
      [vscode.l10n.t('Query'), describeSpec(state.spec)],
      [vscode.l10n.t('Read as'), state.spec.kind === 'composite' ? compositeReading(state.spec.query) : undefined],
      [vscode.l10n.t('Status'), state.status],
      [vscode.l10n.t('Count'), state.count === undefined ? undefined : String(state.count)],
      [vscode.l10n.t('Message'), state.message],
      [vscode.l10n.t('Duration'), formatDuration(state.durationMs)],
      [vscode.l10n.t('Query ID'), state.queryId],
      [
        vscode.l10n.t('Refreshed'),
        state.refreshedAt === undefined
          ? undefined
          : vscode.l10n.t('{0} (the server had forgotten the query, so it ran again)', new Date(state.refreshedAt).toLocaleString()),
      ],
      [vscode.l10n.t('Error'), state.error],
    ];
    for (const [k, v] of rows) if (v) tip.appendText(`${k}: ${v}\n\n`);
    item.tooltip = tip;
    return item;
  }
}
