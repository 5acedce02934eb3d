import * as vscode from 'vscode';
import {
  DETAILS_VIEW_TYPE,
  isRequestMessage,
  isSnapshotMessage,
  type DetailsPanelState,
  type DetailsView,
  type HostMessage,
  type PushMessage,
  type RenderedSnapshot,
  type RequestMessage,
  type WebviewRequests,
} from '../../webview/protocol';
import { Disposable } from '../common/lifecycle';
import { errorMessage, isCancellation } from '../common/errors';
import type { Logger } from '../common/logger';
import type { InsertMol } from '../mol/insertMol';
import { saveMolFile, saveStructureImage } from '../commands/structureFiles';
import { PromptCancelled } from '../commands/prompts';
import type { Connection } from '../server/connection';
import type { Highlight } from '../searches/searchStateData';
import { loadDetails, loadSpectrumPlot } from './loadDetails';
import { webviewHtml, webviewOptions } from '../common/webviewHtml';
import { nextEvent } from '../common/nextEvent';

export interface DetailsHost {
  extensionUri: vscode.Uri;
  connection: Connection;
  log: Logger;
  insertMol: InsertMol;
}

/**
 * The details panel of one record (one panel, reused). The webview asks `ready` first; the host answers
 * with the view when it has one and pushes `show` when a load finishes later.
 */
export class DetailsPanel extends Disposable {
  static current: DetailsPanel | undefined;

  private view: DetailsView | undefined;
  private lastPush: PushMessage | undefined;
  private webviewReady = false;
  private loadSeq = 0;
  private lastRendered: RenderedSnapshot | undefined;
  private readonly _onDidRender = this._register(new vscode.EventEmitter<RenderedSnapshot>());
  /** The webview reported what it put on screen (a `SnapshotMessage`, for the test hook only). */
  readonly onDidRender = this._onDidRender.event;

  static async createOrShow(host: DetailsHost, recordId: number, signal?: AbortSignal, highlight?: Highlight): Promise<DetailsView> {
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
    return DetailsPanel.current.load(recordId, signal, highlight);
  }

  static revive(panel: vscode.WebviewPanel, host: DetailsHost, state: DetailsPanelState | undefined): void {
    panel.webview.options = DetailsPanel.options(host.extensionUri);
    DetailsPanel.current?.dispose();
    DetailsPanel.current = new DetailsPanel(panel, host);
    if (state && Number.isSafeInteger(state.recordId)) {
      DetailsPanel.current.load(state.recordId).catch((e: Error) => host.log.error(e));
    }
  }

  private static options(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return webviewOptions(extensionUri);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly host: DetailsHost,
  ) {
    super();
    this._register(panel);
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m)));
    panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'beaker.svg');
    panel.webview.html = this.html();
  }

  override dispose(): void {
    if (DetailsPanel.current === this) DetailsPanel.current = undefined;
    super.dispose();
  }

  /** The last snapshot the webview reported, or the next one for `recordId` (test hook; times out). */
  rendered(recordId?: number): Promise<RenderedSnapshot> {
    const wanted = (s: RenderedSnapshot) => recordId === undefined || s.recordId === recordId;
    if (this.lastRendered && wanted(this.lastRendered)) return Promise.resolve(this.lastRendered);
    return nextEvent(this.onDidRender, wanted, recordId === undefined ? 'the details panel to draw' : `the details panel to draw record ${recordId}`);
  }

  /** Plots a spectrum of the shown record as its Plot button does, zoomed to `range`; resolves with the snapshot showing it (test hook; times out). */
  plot(spectrumId: number, range?: [number, number]): Promise<RenderedSnapshot> {
    const shown = nextEvent(
      this.onDidRender,
      (s) => s.plot?.id === spectrumId && (!range || (s.plot.range[0] === range[0] && s.plot.range[1] === range[1])),
      `the details panel to plot spectrum ${spectrumId}`,
    );
    this.post({ command: 'plot', args: { id: spectrumId, range } });
    return shown;
  }

  /**
   * Loads a record into the panel. A failed or cancelled load leaves the record shown before in place; a panel
   * that has shown nothing yet says what went wrong (or closes, when cancelled).
   */
  async load(recordId: number, signal?: AbortSignal, highlight?: Highlight): Promise<DetailsView> {
    const seq = ++this.loadSeq;
    const current = () => seq === this.loadSeq && !this.isDisposed;
    this.panel.title = vscode.l10n.t('Record {0}', recordId);
    try {
      const { client, server } = await this.host.connection.get();
      const view = await loadDetails(client, recordId, server.kind === 'local' ? 'built-in database' : server.baseUrl, signal, highlight);
      if (current()) this.push({ command: 'show', args: view });
      return view;
    } catch (error) {
      if (current()) {
        if (this.view) this.panel.title = this.view.title;
        else if (isCancellation(error)) this.panel.dispose();
        else this.push({ command: 'failed', args: { recordId, message: errorMessage(error) } });
      }
      throw error;
    }
  }

  /** Shows a view or a failure: at once when the webview is ready, else as the answer to its `ready`. */
  private push(message: PushMessage): void {
    if (message.command === 'show') {
      this.view = message.args;
      this.lastRendered = undefined;
      this.panel.title = message.args.title;
    }
    this.lastPush = message;
    if (this.webviewReady) this.post(message);
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private async onMessage(message: unknown): Promise<void> {
    if (isSnapshotMessage(message)) {
      this.lastRendered = message.args;
      this._onDidRender.fire(this.lastRendered);
      return;
    }
    if (!isRequestMessage(message)) return;
    try {
      const res = await this.handle(message);
      this.post({ seq: message.req, res });
    } catch (error) {
      if (error instanceof PromptCancelled) return this.post({ seq: message.req, res: undefined });
      this.post({ seq: message.req, err: errorMessage(error) });
    }
  }

  private async handle(message: RequestMessage): Promise<WebviewRequests[keyof WebviewRequests]['res']> {
    switch (message.command) {
      case 'ready':
        this.webviewReady = true;
        return this.lastPush;
      case 'copy': {
        const { text, what } = message.args as WebviewRequests['copy']['args'];
        await vscode.env.clipboard.writeText(text);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', what), 2000);
        return;
      }
      case 'insertMol': {
        const { recordId, kind } = message.args as WebviewRequests['insertMol']['args'];
        await this.host.insertMol(recordId, kind);
        return;
      }
      case 'openExternal': {
        const { url } = message.args as WebviewRequests['openExternal']['args'];
        const uri = vscode.Uri.parse(url, true);
        if (uri.scheme !== 'https' && uri.scheme !== 'http') throw new Error(vscode.l10n.t('Not opening {0} links', uri.scheme));
        await vscode.env.openExternal(uri);
        return;
      }
      case 'spectrum': {
        const { id } = message.args as WebviewRequests['spectrum']['args'];
        const { client } = await this.host.connection.get();
        return loadSpectrumPlot(client, id);
      }
      case 'saveImage': {
        const { recordId, format } = message.args as WebviewRequests['saveImage']['args'];
        await saveStructureImage((await this.host.connection.get()).client, recordId, format);
        return;
      }
      case 'saveMol': {
        const { recordId, kind } = message.args as WebviewRequests['saveMol']['args'];
        await saveMolFile((await this.host.connection.get()).client, recordId, kind);
        return;
      }
      case 'copied': {
        const { what } = message.args as WebviewRequests['copied']['args'];
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', what), 2000);
        return;
      }
      case 'openRecord': {
        const { recordId } = message.args as WebviewRequests['openRecord']['args'];
        await this.load(recordId);
        return;
      }
      case 'structureSearch': {
        const { recordId, kind } = message.args as WebviewRequests['structureSearch']['args'];
        const command = { similar: 'compoundDb.findSimilar', substructure: 'compoundDb.searchBySubstructure', edit: 'compoundDb.drawStructure' }[
          kind
        ];
        await vscode.commands.executeCommand(command, { recordId, interactive: true });
        return;
      }
      default:
        throw new Error(`unknown request ${String(message.command)}`);
    }
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

/** Restores the panel after a reload (activation event `onWebviewPanel:compoundDb.details`). */
export class DetailsPanelSerializer implements vscode.WebviewPanelSerializer<DetailsPanelState> {
  constructor(private readonly host: DetailsHost) {}
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: DetailsPanelState | undefined): Promise<void> {
    DetailsPanel.revive(panel, this.host, state);
  }
}
