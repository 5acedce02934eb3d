import * as vscode from 'vscode';
import { openPanels } from '../common/openPanels';
import { DETAILS_VIEW_TYPE, type DetailsPanelState, type DetailsProtocol, type DetailsView, type RenderedSnapshot } from '../../webview/protocol';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import type { Handlers } from '../../webview-protocol/protocol';
import { Disposable } from '../common/lifecycle';
import { errorMessage, isCancellation } from '../common/errors';
import type { Logger } from '../common/logger';
import type { InsertMol } from '../mol/insertMol';
import { saveMolFile, saveStructureImage } from '../commands/structureFiles';
import { PromptCancelled } from '../commands/prompts';
import type { Connection } from '../server/connection';
import type { Highlight } from '../searches/searchStateData';
import { loadDetails, loadSpectrumPlot } from './loadDetails';
import { restoredMatch, type SpectrumMatch } from '../spectra/mirrorPlot';
import { webviewHtml, webviewOptions } from '../common/webviewHtml';
import { webviewChannel } from '../common/webviewChannel';
import { nextEvent, withTimeout } from '../common/nextEvent';

export interface DetailsHost {
  extensionUri: vscode.Uri;
  connection: Connection;
  log: Logger;
  insertMol: InsertMol;
}

/**
 * The details panel of one record (one panel, reused). What it shows is pushed to the page; a page that starts
 * again (a reload) is sent the last of it.
 */
export class DetailsPanel extends Disposable {
  static get current(): DetailsPanel | undefined {
    return openPanels.details.current;
  }
  static set current(panel: DetailsPanel | undefined) {
    openPanels.details.current = panel;
  }

  private view: DetailsView | undefined;
  private resend: (() => void) | undefined;
  private loadSeq = 0;
  private readonly endpoint: HostEndpoint<DetailsProtocol>;
  private readonly _onDidShow = this._register(new vscode.EventEmitter<DetailsView>());

  static async createOrShow(
    host: DetailsHost,
    recordId: number,
    signal?: AbortSignal,
    highlight?: Highlight,
    match?: SpectrumMatch,
  ): Promise<DetailsView> {
    const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    if (DetailsPanel.current) {
      DetailsPanel.current.panel.reveal(column, true);
    } else {
      const panel = vscode.window.createWebviewPanel(
        DETAILS_VIEW_TYPE,
        vscode.l10n.t('Record {0}', recordId),
        { viewColumn: column, preserveFocus: true },
        DetailsPanel.options(host.extensionUri),
      );
      DetailsPanel.current = new DetailsPanel(panel, host);
    }
    return DetailsPanel.current.load(recordId, signal, highlight, match);
  }

  static revive(panel: vscode.WebviewPanel, host: DetailsHost, state: DetailsPanelState | undefined): void {
    panel.webview.options = DetailsPanel.options(host.extensionUri);
    DetailsPanel.current?.dispose();
    DetailsPanel.current = new DetailsPanel(panel, host, true);
    if (state && Number.isSafeInteger(state.recordId)) {
      DetailsPanel.current.load(state.recordId, undefined, undefined, restoredMatch(state.spectrumMatch)).catch((e: Error) => host.log.error(e));
    }
  }

  private static options(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return webviewOptions(extensionUri);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly host: DetailsHost,
    private readonly restored = false,
  ) {
    super();
    this._register(panel);
    this._register(panel.onDidDispose(() => this.dispose()));
    this.endpoint = new HostEndpoint<DetailsProtocol>(webviewChannel(panel.webview), this.handlers(), {
      errorText: (error) => (error instanceof PromptCancelled ? undefined : errorMessage(error)),
    });
    this._register({ dispose: () => this.endpoint.dispose() });
    this.endpoint.onReady((reloaded) => reloaded && this.resend?.());
    panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'beaker.svg');
    panel.webview.html = this.html();
  }

  override dispose(): void {
    if (DetailsPanel.current === this) DetailsPanel.current = undefined;
    super.dispose();
  }

  /** What the page shows, once it shows `recordId` when given (test hook; times out). */
  async rendered(recordId?: number): Promise<RenderedSnapshot> {
    const what = recordId === undefined ? 'the details panel to show a record' : `the details panel to show record ${recordId}`;
    if (!this.view || (recordId !== undefined && this.view.recordId !== recordId)) {
      await nextEvent(this._onDidShow.event, (v) => recordId === undefined || v.recordId === recordId, what);
    }
    return this.shown(withTimeout(this.endpoint.request('snapshot'), what));
  }

  /** Plots a spectrum of the shown record as its Plot button does, zoomed to `range`; resolves with the snapshot showing it (test hook; times out). */
  plot(spectrumId: number, range?: [number, number]): Promise<RenderedSnapshot> {
    return this.shown(withTimeout(this.endpoint.request('plot', { id: spectrumId, range }), `the details panel to plot spectrum ${spectrumId}`));
  }

  private async shown(snapshot: Promise<RenderedSnapshot | undefined>): Promise<RenderedSnapshot> {
    const s = await snapshot;
    if (!s) throw new Error(vscode.l10n.t('The details panel shows no record'));
    return s;
  }

  /**
   * Loads a record into the panel. A failed or cancelled load leaves the record shown before in place. A panel
   * that has shown nothing yet closes: the command that asked shows the error (a toast), and a second tab
   * reading "Not Found" beside it would say the same thing twice. Only a panel restored after a reload, which no
   * command asked for, says in itself what went wrong.
   */
  async load(recordId: number, signal?: AbortSignal, highlight?: Highlight, match?: SpectrumMatch): Promise<DetailsView> {
    const seq = ++this.loadSeq;
    const current = () => seq === this.loadSeq && !this.isDisposed;
    this.panel.title = vscode.l10n.t('Record {0}', recordId);
    try {
      const { client, server } = await this.host.connection.get();
      const view = await loadDetails(client, recordId, server.kind === 'local' ? 'built-in database' : server.baseUrl, signal, highlight, match);
      if (current()) this.show(view);
      return view;
    } catch (error) {
      if (current()) {
        if (this.view) this.panel.title = this.view.title;
        else if (isCancellation(error) || !this.restored) this.panel.dispose();
        else this.push('failed', { recordId, message: errorMessage(error) });
      }
      throw error;
    }
  }

  /** Sends what the panel shows (the endpoint holds it until the page is ready); sent again when the page reloads. */
  private push<M extends keyof DetailsProtocol['pushes'] & string>(method: M, params: DetailsProtocol['pushes'][M]): void {
    this.resend = () => this.endpoint.push(method, params);
    this.resend();
  }

  private show(view: DetailsView): void {
    this.view = view;
    this.panel.title = view.title;
    this.push('show', view);
    this._onDidShow.fire(view);
  }

  private handlers(): Handlers<DetailsProtocol['requests']> {
    const client = async () => (await this.host.connection.get()).client;
    const copied = (what: string) => void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', what), 2000);
    return {
      copy: async ({ text, what }) => {
        await vscode.env.clipboard.writeText(text);
        copied(what);
      },
      copied: ({ what }) => copied(what),
      insertMol: async ({ recordId, kind }) => {
        await this.host.insertMol(recordId, kind);
      },
      openExternal: async ({ url }) => {
        const uri = vscode.Uri.parse(url, true);
        if (uri.scheme !== 'https' && uri.scheme !== 'http') throw new Error(vscode.l10n.t('Not opening {0} links', uri.scheme));
        await vscode.env.openExternal(uri);
      },
      spectrum: async ({ id }) => loadSpectrumPlot(await client(), id),
      saveImage: async ({ recordId, format }) => {
        await saveStructureImage(await client(), recordId, format);
      },
      saveMol: async ({ recordId, kind }) => {
        await saveMolFile(await client(), recordId, kind);
      },
      openRecord: async ({ recordId }) => {
        await this.load(recordId);
      },
      structureSearch: async ({ recordId, kind }) => {
        const command = { similar: 'compoundDb.findSimilar', substructure: 'compoundDb.searchBySubstructure', edit: 'compoundDb.drawStructure' }[
          kind
        ];
        await vscode.commands.executeCommand(command, { recordId, interactive: true });
      },
    };
  }

  private html(): string {
    return webviewHtml(this.panel.webview, {
      extensionUri: this.host.extensionUri,
      script: 'webview.js',
      title: 'Compound details',
      body: '<main id="root"><p class="note">Loading…</p></main>',
    });
  }
}
