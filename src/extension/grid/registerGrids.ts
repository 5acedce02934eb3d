import * as vscode from 'vscode';
import { GRID_EDITOR_VIEW_TYPE, STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import type { DetailsHost } from '../details/detailsPanel';
import type { InsertTarget } from '../mol/insertTarget';
import { GridActions } from './gridActions';
import { GridRegistry } from './gridRegistry';
import { inTestMode } from '../common/testMode';
import type { GridSessionHost } from './gridSession';
import { NotebookOutputs } from './notebookOutputs';
import { Lazy } from '../common/lazy';
import { lazyReadonlyEditor, lazyTextEditor } from '../common/lazyProviders';

/**
 * The structure grid's editors (their hosts load when the first grid opens) and notebook renderer messaging; the
 * registry is the test hook, made in test mode only.
 */
export function registerGrids(
  extensionUri: vscode.Uri,
  details: DetailsHost,
  insertTarget: InsertTarget,
): { registry?: GridRegistry; disposables: vscode.Disposable[] } {
  const registry = inTestMode() ? new GridRegistry() : undefined;
  const host: GridSessionHost = { actions: new GridActions(details, insertTarget), registry };
  const structureGrid = new Lazy(async () => new (await import('./structureGridEditor.js')).StructureGridEditorProvider(extensionUri, host));
  const streamingGrid = new Lazy(async () => new (await import('./streamingGridEditor.js')).StreamingGridEditorProvider(extensionUri, host));
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
      new NotebookOutputs(host),
    ],
  };
}
