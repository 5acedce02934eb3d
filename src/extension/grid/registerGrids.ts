import * as vscode from 'vscode';
import { GRID_EDITOR_VIEW_TYPE, NOTEBOOK_RENDERER_ID, STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import type { DetailsHost } from '../details/detailsPanel';
import type { InsertTarget } from '../mol/insertTarget';
import { GridRegistry } from './gridRegistry';
import { inTestMode } from '../common/testMode';
import type { GridSessionHost } from './gridSession';
import { Lazy } from '../common/lazy';
import { lazyReadonlyEditor, lazyTextEditor } from '../common/lazyProviders';

/**
 * The structure grid's editors and notebook renderer messaging; what serves them (the editors' hosts, the grid's
 * actions, the notebook outputs' endpoints) loads when the first grid opens or the first notebook output speaks. The
 * registry is the test hook, made in test mode only.
 */
export function registerGrids(
  extensionUri: vscode.Uri,
  details: DetailsHost,
  insertTarget: InsertTarget,
): { registry?: GridRegistry; disposables: vscode.Disposable[] } {
  const registry = inTestMode() ? new GridRegistry() : undefined;
  const host = new Lazy<GridSessionHost>(async () => ({
    actions: new (await import('./gridActions.js')).GridActions(details, insertTarget),
    registry,
  }));
  const structureGrid = new Lazy(
    async () => new (await import('./structureGridEditor.js')).StructureGridEditorProvider(extensionUri, await host.get()),
  );
  const streamingGrid = new Lazy(
    async () => new (await import('./streamingGridEditor.js')).StreamingGridEditorProvider(extensionUri, await host.get()),
  );
  const messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);
  const outputs = new Lazy(async () => new (await import('./notebookOutputs.js')).NotebookOutputs(messaging, await host.get()));
  return {
    registry,
    disposables: [
      ...(registry ? [registry] : []),
      vscode.window.registerCustomEditorProvider(
        GRID_EDITOR_VIEW_TYPE,
        lazyTextEditor(() => structureGrid.get()),
        {
          webviewOptions: { retainContextWhenHidden: true },
        },
      ),
      vscode.window.registerCustomEditorProvider(
        STREAMING_GRID_VIEW_TYPE,
        lazyReadonlyEditor(() => streamingGrid.get()),
        {
          webviewOptions: { retainContextWhenHidden: true },
          supportsMultipleEditorsPerDocument: true,
        },
      ),
      // Handed on in the order they came: every message waits for the one load, then for nothing else.
      messaging.onDidReceiveMessage(({ editor, message }) => void outputs.get().then((o) => o.onMessage(editor, message))),
      { dispose: () => outputs.made?.dispose() },
    ],
  };
}
