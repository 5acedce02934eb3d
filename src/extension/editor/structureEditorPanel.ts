/**
 * The structure editor: a webview running OpenChemLib's canvas editor (BSD-3-Clause, offline, already used to build
 * the data). Chosen over Ketcher (Apache-2.0, React, several MB) and JSME (no npm package of a clear licence): it is
 * one dependency the project already has, bundles into one script, and needs no network. What is drawn runs an
 * exact, substructure or similarity search, or goes into the editor at the cursor as SMILES or a MOL block.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/logger';
import { webviewHtml, webviewOptions } from '../common/webviewHtml';
import type { InsertTarget } from '../mol/insertTarget';
import { insertTextAtCursor } from '../mol/insertText';
import { webviewChannel } from '../common/webviewChannel';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import { EDITOR_ACTIONS, EDITOR_VIEW_TYPE, type Drawing, type EditorAction, type EditorProtocol } from '../../webview/editorProtocol';

export interface EditorHost {
  extensionUri: vscode.Uri;
  log: Logger;
  insertTarget: InsertTarget;
}

/** The command each search action runs, with the drawing's SMILES as its query. */
const SEARCH_OF: Partial<Record<EditorAction, (smiles: string) => [string, object]>> = {
  exact: (smiles) => ['compoundDb.searchBySmiles', { smiles, interactive: true }],
  substructure: (smiles) => ['compoundDb.searchBySubstructure', { query: smiles, queryFormat: 'SMILES', interactive: true }],
  similar: (smiles) => ['compoundDb.findSimilar', { smiles, interactive: true }],
};

export class StructureEditorPanel extends Disposable {
  static current: StructureEditorPanel | undefined;
  private readonly endpoint: HostEndpoint<EditorProtocol>;

  /** Opens the editor (or brings it forward) with `smiles` drawn; resolves once the editor shows it. */
  static async show(host: EditorHost, smiles: string): Promise<StructureEditorPanel> {
    if (!StructureEditorPanel.current) {
      const panel = vscode.window.createWebviewPanel(EDITOR_VIEW_TYPE, vscode.l10n.t('Draw Structure'), vscode.ViewColumn.Beside, {
        ...webviewOptions(host.extensionUri),
        retainContextWhenHidden: true,
      });
      StructureEditorPanel.current = new StructureEditorPanel(panel, host);
    }
    const editor = StructureEditorPanel.current;
    editor.panel.reveal(undefined, false);
    await editor.endpoint.request('load', { smiles }).catch((error: Error) => host.log.warn(error.message));
    return editor;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly host: EditorHost,
  ) {
    super();
    this._register(panel);
    this._register(panel.onDidDispose(() => this.dispose()));
    this.endpoint = new HostEndpoint<EditorProtocol>(webviewChannel(panel.webview), {
      action: async ({ action, drawing }) => {
        if (!EDITOR_ACTIONS.includes(action)) throw new Error(`unknown action ${String(action)}`);
        try {
          await this.perform(action, drawing);
        } catch (error) {
          void vscode.window.showErrorMessage(errorMessage(error));
          throw error;
        }
      },
    });
    this._register({ dispose: () => this.endpoint.dispose() });
    panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'beaker.svg');
    panel.webview.html = this.html();
  }

  override dispose(): void {
    if (StructureEditorPanel.current === this) StructureEditorPanel.current = undefined;
    super.dispose();
  }

  /** What is drawn now, read from the editor itself. */
  read(): Promise<Drawing> {
    return this.endpoint.request('drawing');
  }

  /** Runs an action on what is drawn, as its button does. */
  async run(action: EditorAction): Promise<unknown> {
    return this.perform(action, await this.read());
  }

  private async perform(action: EditorAction, drawing: Drawing): Promise<unknown> {
    if (!drawing || drawing.atoms === 0 || !drawing.smiles) throw new Error(vscode.l10n.t('Draw a structure first'));
    const search = SEARCH_OF[action];
    if (search) {
      const [command, args] = search(drawing.smiles);
      return vscode.commands.executeCommand(command, args);
    }
    const text = action === 'insertMol' ? drawing.molfile : drawing.smiles;
    return insertTextAtCursor(text, this.host.insertTarget.editor());
  }

  private html(): string {
    return webviewHtml(this.panel.webview, {
      extensionUri: this.host.extensionUri,
      script: 'editor.js',
      title: 'Draw Structure',
      csp: { inlineStyles: true, blobImages: true },
      body: `<main>
<div id="actions" class="actions"></div>
<div id="editor" class="structure-editor"></div>
<p id="status" class="note"></p>
</main>`,
    });
  }
}
