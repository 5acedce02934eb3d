import { openWalkthroughOnFirstRun } from './common/firstRun';
import * as vscode from 'vscode';
import { setTestMode } from './common/testMode';
import { DETAILS_VIEW_TYPE, type DetailsPanelState } from '../webview/protocol';
import type { CompoundDbApi } from './api';
import type { CommandTable } from './commands/commandTable';
import { registerContributedCommands } from './commands/registerCommands';
import { ResultDocuments } from './commands/resultDocuments';
import { Lazy } from './common/lazy';
import { lazyInlayHints, lazyTreeDataProvider, RelayedEvent } from './common/lazyProviders';
import { nextEvent } from './common/nextEvent';
import { openPanels } from './common/openPanels';
import { registerCompoundTools } from './tools/compoundTools';
import { mcpServerDefinition, registerMcpServerProvider } from './tools/mcpServerProvider';
import { Logger } from './common/logger';
import { readSettings, watchSettings } from './config/settings';
import { SecretStore } from './config/secretStore';
import type { DetailsHost } from './details/detailsPanel';
import { INLAY_SELECTOR, registerHoverWhileEnabled } from './hover/hoverRegistration';
import { registerGrids } from './grid/registerGrids';
import type { InsertMol } from './mol/insertMol';
import { InsertTarget } from './mol/insertTarget';
import type { Parts, Shell } from './parts';
import { hasKeptSearches, VIEW_ID } from './searches/searchesView';
import type { SearchNode } from './searches/searchesTreeProvider';
import { Connection } from './server/connection';
import { LOCAL_API_KEY, LOCAL_TOKEN, LocalService } from './server/localService';
import { loadQueryTimes } from './server/queryTimesStore';
import { ServerStatusBar } from './server/statusBar';
import { SkippedDataFilesNotice } from './server/skippedDataFiles';
import { registerSpectraList } from './spectra/registerSpectraList';
import { SpectraLists } from './spectra/spectraLists';

/** Set by the bundle's first line (esbuild.js banner); module load time when run unbundled. */
declare const __compoundDbLoadedAt: number | undefined;
declare const __compoundDbLoadedCpu: NodeJS.CpuUsage | undefined;
const moduleLoadedAt = performance.now();
const moduleLoadedCpu = process.cpuUsage();
/** Evaluating the bundle: esbuild puts this module's own code last. VS Code may call activate() much later. */
const bundleLoadMs = moduleLoadedAt - (typeof __compoundDbLoadedAt === 'number' ? __compoundDbLoadedAt : moduleLoadedAt);
const bundleLoadCpuMs = cpuMs(process.cpuUsage(typeof __compoundDbLoadedCpu === 'object' ? __compoundDbLoadedCpu : moduleLoadedCpu));

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/**
 * Wires the parts together; each part lives in its own module. Activation registers what VS Code must know (commands,
 * the view, providers, editors); the code behind them loads on first use (`Lazy`, `import()`).
 */
export function activate(context: vscode.ExtensionContext): CompoundDbApi {
  const activateStarted = performance.now();
  const activateStartedCpu = process.cpuUsage();
  setTestMode(context.extensionMode === vscode.ExtensionMode.Test);
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  own(watchSettings());
  const secrets = own(new SecretStore(context.secrets));
  const log = own(new Logger(() => [...secrets.knownValues(), LOCAL_API_KEY, LOCAL_TOKEN]));
  const local = own(new LocalService(context.asAbsolutePath('dist/service.js'), context.extensionPath, () => readSettings().localDataFiles, log));
  const connection = own(new Connection(secrets, local, log, own(loadQueryTimes(context.globalState, log))));
  const statusBar = own(new ServerStatusBar(local));
  const skippedFiles = own(new SkippedDataFilesNotice(local));

  const insertTarget = own(new InsertTarget());
  const inserter = new Lazy(async () => (await import('./mol/insertMol.js')).molInserter(connection, insertTarget));
  const insertMol: InsertMol = async (recordId, kind) => (await inserter.get())(recordId, kind);
  const details: DetailsHost = { extensionUri: context.extensionUri, connection, log, insertMol };
  const grids = registerGrids(context.extensionUri, details, insertTarget);
  grids.disposables.forEach(own);
  const detailsPanel = new Lazy(() => import('./details/detailsPanel.js'));
  // Restores the panel after a reload (activation event `onWebviewPanel:compoundDb.details`).
  own(
    vscode.window.registerWebviewPanelSerializer(DETAILS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: DetailsPanelState | undefined) =>
        (await detailsPanel.get()).DetailsPanel.revive(panel, details, state),
    }),
  );
  const spectraLists = own(new SpectraLists());
  own(registerSpectraList({ extensionUri: context.extensionUri, connection, log, details, lists: spectraLists }));
  own(openPanels.details);
  own(openPanels.structureEditor);

  // Made after the commands are registered (below); the commands reach it only when run.
  const view: { tree?: vscode.TreeView<SearchNode> } = {};
  const shell: Shell = {
    context,
    connection,
    local,
    secrets,
    log,
    get treeView() {
      return view.tree!;
    },
    results: own(new ResultDocuments()),
    details,
    insertMol,
    insertTarget,
  };
  // The Searches view's model and tree, hovers and inlay hints: made by the first use of any of them (parts.ts).
  const treeChanged = own(new RelayedEvent<SearchNode | undefined | void>());
  const inlayHintsChanged = own(new RelayedEvent<void>());
  const parts = new Lazy(async () => {
    const made = own(new (await import('./parts.js')).Parts(shell));
    treeChanged.relay(made.tree.onDidChangeTreeData);
    inlayHintsChanged.relay(made.inlayHints.onDidChangeInlayHints);
    if (view.tree) for (const d of made.tree.trackExpansion(view.tree)) own(d);
    return made;
  });
  own(registerHoverWhileEnabled(async () => (await parts.get()).hoverProvider.get()));
  own(
    vscode.languages.registerInlayHintsProvider(
      INLAY_SELECTOR,
      lazyInlayHints(async () => (await parts.get()).inlayHints, inlayHintsChanged),
    ),
  );

  const commands = new Lazy<CommandTable>(async () => {
    const [{ commandTable }, made] = await Promise.all([import('./commands/commandTable.js'), parts.get()]);
    return commandTable(made.services);
  });
  for (const d of [
    ...registerContributedCommands(context, () => commands.get()),
    ...registerCompoundTools(shell),
    registerMcpServerProvider(shell),
  ]) {
    own(d);
  }
  // Only now the view: a row's command (open details, load more) must exist before the row can be clicked.
  const tree = lazyTreeDataProvider(
    async () => (await parts.get()).tree,
    () => parts.made?.tree,
    treeChanged,
  );
  view.tree = own(vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true }));

  const updateContext = async () => {
    await vscode.commands.executeCommand('setContext', 'compoundDb.apiKeySet', !!(await secrets.get('apiKey')));
    await vscode.commands.executeCommand('setContext', 'compoundDb.tokenSet', !!(await secrets.get('token')));
    await vscode.commands.executeCommand('setContext', 'compoundDb.remoteServer', readSettings().serverUrl !== '');
  };
  own(secrets.onDidChange(() => void updateContext()));
  // An unset context key is already false: no round trip to VS Code at activation for an empty list.
  if (hasKeptSearches(context)) void vscode.commands.executeCommand('setContext', 'compoundDb.hasSearches', true);
  own(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('compoundDb.serverUrl') && void updateContext()));
  void updateContext();
  openWalkthroughOnFirstRun(context).catch((e: Error) => log.warn(`The walkthrough did not open: ${e.message}`));

  // For the test hooks (VS Code's own figure is in Running Extensions); not logged: a first line would make the log's
  // channel at activation.
  const activationMs = bundleLoadMs + performance.now() - activateStarted;
  const activationCpuMs = bundleLoadCpuMs + cpuMs(process.cpuUsage(activateStartedCpu));
  return {
    activationMs,
    activationCpuMs,
    partsMade: () => parts.made !== undefined,
    makeParts: async () => void (await parts.get()),
    searches: () => JSON.parse(JSON.stringify(madeParts(parts).searches.all())) as ReturnType<CompoundDbApi['searches']>,
    treeItems: (node) => {
      const made = madeParts(parts).tree;
      return made.getChildren(node).map((n) => ({ node: n, item: made.getTreeItem(n) }));
    },
    rowsFirstServed: (searchId) => madeParts(parts).tree.rowsFirstServed(searchId),
    details: {
      rendered: (recordId) => openDetailsPanel().then((panel) => panel.rendered(recordId)),
      plot: (spectrumId, range) => openDetailsPanel().then((panel) => panel.plot(spectrumId, range)),
      restore: async () => {
        const { saved } = await (await openDetailsPanel()).rendered();
        const panel = vscode.window.createWebviewPanel(DETAILS_VIEW_TYPE, 'Compound details', vscode.ViewColumn.Active, {});
        (await detailsPanel.get()).DetailsPanel.revive(panel, details, saved);
      },
    },
    localService: () => ({ state: local.state, info: local.current, pid: local.pid }),
    statusBarText: () => statusBar.text,
    skippedDataFileNotices: () => [...testHooks(skippedFiles.shown)],
    hoverBackendLookups: () => testHooks(madeParts(parts).hoverBackendCalls)(),
    nextInlayHintsChange: () => nextEvent(inlayHintsChanged.event, () => true, 'the inlay hints to change'),
    mcpServer: () => {
      const { command, args, env } = mcpServerDefinition(shell);
      return { command, args, env };
    },
    logFolder: context.logUri.fsPath,
    grids: {
      keys: () => testHooks(grids.registry).keys(),
      rendered: async (key, until) => testHooks(grids.registry).snapshot(key, until),
      drive: async (key, action) => testHooks(grids.registry).drive(key, action),
    },
    spectraLists: {
      keys: () => spectraLists.keys(),
      rendered: (key) => spectraLists.rendered(key),
      select: (key, index) => spectraLists.select(key, index),
      identifyAll: (key) => spectraLists.identifyAll(key, connection),
      cancel: (key) => spectraLists.cancel(key),
      state: (key) => {
        const doc = spectraLists.state(key);
        return doc && { rows: doc.rows.length, read: { ...doc.read }, hits: [...doc.hits.values()], identify: doc.identify && { ...doc.identify } };
      },
    },
    structureEditor: () => {
      const editor = openPanels.structureEditor.current;
      if (!editor) throw new Error(vscode.l10n.t('The structure editor is not open'));
      return { read: () => editor.read(), type: (text) => editor.type(text), run: (action) => editor.run(action), layout: () => editor.layout() };
    },
  };
}

function madeParts(parts: Lazy<Parts>): Parts {
  if (!parts.made) throw new Error('The Searches view and hovers are made on first use: await makeParts() first');
  return parts.made;
}

/** The test hooks exist only when the extension runs in test mode. */
function testHooks<T>(hooks: T | undefined): T {
  if (!hooks) throw new Error('The test hooks work only when the extension runs in test mode');
  return hooks;
}

function openDetailsPanel(): Promise<NonNullable<typeof openPanels.details.current>> {
  const panel = openPanels.details.current;
  return panel ? Promise.resolve(panel) : Promise.reject(new Error(vscode.l10n.t('No details panel is open')));
}

export function deactivate(): void {
  // Everything, the local service's child process included, is disposed through context.subscriptions.
}
