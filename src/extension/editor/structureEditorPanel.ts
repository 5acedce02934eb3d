/**
 * The structure editor: a webview running OpenChemLib's canvas editor (BSD-3-Clause, offline, already used to build
 * the data). Chosen over Ketcher (Apache-2.0, React, several MB) and JSME (no npm package of a clear licence): it is
 * one dependency the project already has, bundles into one script, and needs no network. What is drawn runs an
 * exact, substructure or similarity search, or goes into the editor at the cursor as SMILES or a MOL block.
 */
import * as vscode from 'vscode';
import { openPanels } from '../common/openPanels';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/logger';
import { webviewHtml, webviewOptions } from '../common/webviewHtml';
import type { InsertTarget } from '../mol/insertTarget';
import { insertTextAtCursor } from '../mol/insertText';
import { webviewChannel } from '../common/webviewChannel';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import type { LayoutReport } from '../../webview/protocol';
import { EDITOR_ACTIONS, EDITOR_VIEW_TYPE, type Drawing, type EditorAction, type EditorProtocol } from '../../webview/editorProtocol';

export interface EditorHost {
  extensionUri: vscode.Uri;
  log: Logger;
  insertTarget: InsertTarget;
  /** The SMILES of a name, InChIKey, InChI or record ID typed into the editor's box (a pick when several match). */
  structureOf(text: string): Promise<{ smiles: string; name?: string }>;
}

/** The command each search action runs, with the drawing's SMILES as its query. */
const SEARCH_OF: Partial<Record<EditorAction, (smiles: string) => [string, object]>> = {
  exact: (smiles) => ['compoundDb.searchBySmiles', { smiles, interactive: true }],
  substructure: (smiles) => ['compoundDb.searchBySubstructure', { query: smiles, queryFormat: 'SMILES', interactive: true }],
  similar: (smiles) => ['compoundDb.findSimilar', { smiles, interactive: true }],
};

export class StructureEditorPanel extends Disposable {
  static get current(): StructureEditorPanel | undefined {
    return openPanels.structureEditor.current;
  }
  static set current(panel: StructureEditorPanel | undefined) {
    openPanels.structureEditor.current = panel;
  }
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
      structureOf: ({ text }) => host.structureOf(text),
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

  /** What a person would see wrong on the page as laid out now (test hook). */
  layout(): Promise<LayoutReport> {
    return this.endpoint.request('layout');
  }

  /** Types into the editor's box and draws it as Enter does (test hook). */
  type(text: string): Promise<Drawing> {
    return this.endpoint.request('typeInBox', { text });
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
      body: `<main class="sketcher">
<div class="sketch-input">
<input id="query" type="text" spellcheck="false" placeholder="Paste or type a SMILES, InChI, InChIKey, name or record ID" aria-label="Structure to draw: a SMILES, InChI, InChIKey, name or record ID">
<button id="draw-typed" type="button">Draw</button>
</div>
<p class="note hint">Draw with the tools, or paste a structure above; then search with a button beside the drawing.</p>
<div class="sketch-body">
<div id="editor" class="structure-editor"></div>
<div id="actions" class="sketch-actions"></div>
</div>
<p id="status" class="note" role="status"></p>
</main>`,
    });
  }
}
