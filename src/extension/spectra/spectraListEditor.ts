/**
 * The spectra list: .mgf, .msp and .mzML files open as a read-only table of their spectra (title, precursor, peaks),
 * streamed as they are read; "Identify All" adds each spectrum's best hit (structure thumbnail, name, score and what the
 * score means); a row's mirror plot; the hits exported as CSV.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { SpectrumPlotView } from '../../webview/protocol';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import type { Handlers } from '../../webview-protocol/protocol';
import { type SpectraListState, type SpectraProtocol } from '../../webview/spectra/protocol';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/logger';
import { webviewChannel } from '../common/webviewChannel';
import { webviewHtml, webviewOptions } from '../common/webviewHtml';
import { readSettings } from '../config/settings';
import { DetailsPanel, type DetailsHost } from '../details/detailsPanel';
import type { Connection } from '../server/connection';
import { loadMirrorPlot, type SpectrumMatch } from './mirrorPlot';
import { scoreMeaning } from './scoreMeaning';
import { LOCAL_IN_FLIGHT, SpectraDocument } from './spectraDocument';
import type { SpectraLists } from './spectraLists';

/** InChIKey requests of the CSV in flight: many against the built-in database (it only queues them), the resolve setting's for a server. */
const inFlight = (connection: Connection) => (connection.usesLocal() ? LOCAL_IN_FLIGHT : readSettings().resolveConcurrency);
import { SPECTRUM_LIMITS } from '../../wire';

interface Listener {
  /** New rows are there (the listener sends those its page does not have). */
  rowsAdded(): void;
  hits(hits: SpectraProtocol['pushes']['hits']): void;
}

export class SpectraListDocument implements vscode.CustomDocument {
  readonly spectra: SpectraDocument;
  readonly listeners = new Set<Listener>();
  private running?: AbortController;

  constructor(readonly uri: vscode.Uri) {
    this.spectra = new SpectraDocument(uri.fsPath, () => this.listeners.forEach((l) => l.rowsAdded()));
  }

  async identifyAll(connection: Connection): Promise<void> {
    if (this.running) return;
    const controller = (this.running = new AbortController());
    try {
      const { client } = await connection.get();
      await this.spectra.identifyAll(client, {
        signal: controller.signal,
        statusCheckLimit: readSettings().statusCheckLimit,
        meaning: scoreMeaning,
        onProgress: (identify, hits) => this.listeners.forEach((l) => l.hits({ hits, identify })),
      });
    } finally {
      this.running = undefined;
    }
  }

  cancel(): void {
    this.running?.abort();
  }

  dispose(): void {
    this.cancel();
    this.spectra.dispose();
  }
}

export interface SpectraListHost {
  extensionUri: vscode.Uri;
  connection: Connection;
  log: Logger;
  details: DetailsHost;
  lists: SpectraLists;
}

export class SpectraListEditorProvider implements vscode.CustomReadonlyEditorProvider<SpectraListDocument> {
  constructor(private readonly host: SpectraListHost) {}

  openCustomDocument(uri: vscode.Uri): SpectraListDocument {
    if (uri.scheme !== 'file') throw new Error(vscode.l10n.t('The spectra list reads files on disk; {0} is not one.', uri.toString()));
    return new SpectraListDocument(uri);
  }

  resolveCustomEditor(document: SpectraListDocument, panel: vscode.WebviewPanel): void {
    const webview = panel.webview;
    const host = this.host;
    webview.options = webviewOptions(host.extensionUri);
    const spectra = document.spectra;
    /** Rows the page has (sent with the state, then as they come); undefined until the page is ready. */
    let sent: number | undefined;
    const state = (): SpectraListState => {
      sent = spectra.rows.length;
      return {
        file: path.basename(document.uri.fsPath),
        rows: spectra.rows.slice(0, sent),
        read: { ...spectra.read },
        hits: [...spectra.hits.values()],
        identify: spectra.identify && { ...spectra.identify },
      };
    };
    const matchOf = (index: number): SpectrumMatch | undefined => {
      const hit = spectra.hits.get(index);
      const row = spectra.row(index);
      if (!row || hit?.spectrumId === undefined) return undefined;
      return {
        queryTitle: vscode.l10n.t('Spectrum {0} of {1}', index, path.basename(document.uri.fsPath)),
        peaks: spectra.peaksOf(index),
        precursorMz: row.precursorMz,
        spectrumId: hit.spectrumId,
        score: hit.score,
        matchedPeaks: hit.matchedPeaks,
        toleranceDa: SPECTRUM_LIMITS.fragmentToleranceDaDefault,
        meaning: hit.meaning,
      };
    };

    const handlers: Handlers<SpectraProtocol['requests']> = {
      identifyAll: () => document.identifyAll(host.connection),
      cancel: async () => document.cancel(),
      thumbnail: async ({ recordId }) => {
        const { client } = await host.connection.get();
        const png = await client.compound(recordId).image();
        return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
      },
      plot: async ({ index }): Promise<SpectrumPlotView> => {
        const row = spectra.row(index);
        if (!row) throw new Error(vscode.l10n.t('There is no spectrum {0}', index));
        if (row.error) throw new Error(row.error);
        const match = matchOf(index);
        if (match) return loadMirrorPlot((await host.connection.get()).client, match);
        const hit = spectra.hits.get(index);
        return {
          id: index,
          title: row.title || vscode.l10n.t('Spectrum {0}', index),
          xLabel: 'm/z',
          yLabel: vscode.l10n.t('intensity'),
          points: spectra.peaksOf(index),
          sticks: true,
          precursorMz: row.precursorMz,
          details: [hit?.message ?? vscode.l10n.t('Not identified yet: Identify All searches every spectrum.')],
        };
      },
      openDetails: async ({ index }) => {
        const hit = spectra.hits.get(index);
        if (hit?.recordId === undefined) throw new Error(vscode.l10n.t('Spectrum {0} has no hit', index));
        await DetailsPanel.createOrShow(host.details, hit.recordId, undefined, undefined, matchOf(index));
      },
      exportCsv: async () => {
        const target = await vscode.window.showSaveDialog({
          title: vscode.l10n.t('Export Hits as CSV'),
          defaultUri: vscode.Uri.file(document.uri.fsPath.replace(/\.[^./\\]+$/, '') + '.hits.csv'),
          filters: { CSV: ['csv'] },
        });
        if (!target) return;
        const { client } = await host.connection.get();
        await vscode.workspace.fs.writeFile(target, Buffer.from(await spectra.csv(client, inFlight(host.connection)), 'utf8'));
        const open = vscode.l10n.t('Open');
        if ((await vscode.window.showInformationMessage(vscode.l10n.t('Saved the hits to {0}', target.fsPath), open)) === open)
          await vscode.window.showTextDocument(target);
      },
    };

    const endpoint = new HostEndpoint<SpectraProtocol>(webviewChannel(webview), handlers, {
      errorText: (error) => {
        host.log.warn(`spectra list: ${errorMessage(error)}`);
        return errorMessage(error);
      },
    });
    endpoint.onReady(() => endpoint.push('state', state()));
    const listener: Listener = {
      rowsAdded: () => {
        if (sent === undefined) return;
        const rows = spectra.rows.slice(sent);
        sent = spectra.rows.length;
        endpoint.push('rows', { rows, read: { ...spectra.read } });
      },
      hits: (hits) => {
        if (sent !== undefined) endpoint.push('hits', hits);
      },
    };
    document.listeners.add(listener);
    const tracked = host.lists.track(document.uri.toString(), document, endpoint);
    webview.html = webviewHtml(webview, {
      extensionUri: host.extensionUri,
      script: 'spectra.js',
      stylesheet: 'spectra.css',
      title: path.basename(document.uri.fsPath),
      body: '<main id="root"><p class="note">Reading…</p></main>',
    });
    panel.onDidDispose(() => {
      document.listeners.delete(listener);
      endpoint.dispose();
      tracked.dispose();
    });
  }
}
