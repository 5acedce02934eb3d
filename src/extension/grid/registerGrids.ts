import * as vscode from 'vscode';
import { GRID_EDITOR_VIEW_TYPE, STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import type { DetailsHost } from '../details/detailsPanel';
import type { InsertTarget } from '../mol/insertTarget';
import { GridActions } from './gridActions';
import { GridRegistry } from './gridRegistry';
import { inTestMode } from '../common/testMode';
import type { GridSessionHost } from './gridSession';
import { NotebookOutputs } from './notebookOutputs';
import { StreamingGridEditorProvider } from './streamingGridEditor';
import { StructureGridEditorProvider } from './structureGridEditor';

/** The structure grid's editors and notebook renderer messaging; the registry is the test hook, made in test mode only. */
export function registerGrids(
  extensionUri: vscode.Uri,
  details: DetailsHost,
  insertTarget: InsertTarget,
): { registry?: GridRegistry; disposables: vscode.Disposable[] } {
  const registry = inTestMode() ? new GridRegistry() : undefined;
  const host: GridSessionHost = { actions: new GridActions(details, insertTarget), registry };
  return {
    registry,
    disposables: [
      ...(registry ? [registry] : []),
      vscode.window.registerCustomEditorProvider(GRID_EDITOR_VIEW_TYPE, new StructureGridEditorProvider(extensionUri, host), {
        webviewOptions: { retainContextWhenHidden: true },
      }),
      vscode.window.registerCustomEditorProvider(STREAMING_GRID_VIEW_TYPE, new StreamingGridEditorProvider(extensionUri, host), {
        webviewOptions: { retainContextWhenHidden: true },
        supportsMultipleEditorsPerDocument: true,
      }),
      new NotebookOutputs(host),
    ],
  };
}
