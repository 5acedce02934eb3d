import type * as vscode from 'vscode';
import type { DetailsPanel } from '../details/detailsPanel';
import type { StructureEditorPanel } from '../editor/structureEditorPanel';

/** The one open panel of a kind, if any. */
export class OpenPanel<P extends vscode.Disposable> implements vscode.Disposable {
  current?: P;

  dispose(): void {
    this.current?.dispose();
  }
}

/**
 * The open panels, kept outside the panels' modules, which load on first use: activation's code reaches an open
 * panel (to dispose it with the extension, for the test hooks) without loading its module.
 */
export const openPanels = {
  details: new OpenPanel<DetailsPanel>(),
  structureEditor: new OpenPanel<StructureEditorPanel>(),
};
