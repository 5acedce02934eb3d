import * as vscode from 'vscode';
import type { HostEndpoint } from '../../webview-protocol/endpoint';
import type { SpectraProtocol, SpectraSnapshot } from '../../webview/spectra/protocol';
import { withTimeout } from '../common/nextEvent';
import type { Connection } from '../server/connection';
import type { SpectraDocument } from './spectraDocument';
import type { SpectraListDocument } from './spectraListEditor';

/** Open spectra lists by document URI: the test hook. */
export class SpectraLists implements vscode.Disposable {
  private readonly open = new Map<string, { document: SpectraListDocument; endpoint: HostEndpoint<SpectraProtocol> }>();

  track(key: string, document: SpectraListDocument, endpoint: HostEndpoint<SpectraProtocol>): vscode.Disposable {
    const entry = { document, endpoint };
    this.open.set(key, entry);
    return new vscode.Disposable(() => this.open.get(key) === entry && this.open.delete(key));
  }

  keys(): string[] {
    return [...this.open.keys()];
  }

  private entry(key: string) {
    const entry = this.open.get(key);
    if (!entry) throw new Error(`no spectra list ${key}`);
    return entry;
  }

  /** What the page shows now. */
  rendered(key: string): Promise<SpectraSnapshot> {
    return withTimeout(this.entry(key).endpoint.request('snapshot'), `spectra list ${key} to answer`);
  }

  /** Chooses a row as a click does; resolves once its plot is drawn. */
  select(key: string, index: number): Promise<SpectraSnapshot> {
    return withTimeout(this.entry(key).endpoint.request('select', { index }), `spectra list ${key} to plot spectrum ${index}`);
  }

  /** The document's side: rows, hits, read and identify progress. */
  state(key: string): SpectraDocument | undefined {
    return this.open.get(key)?.document.spectra;
  }

  identifyAll(key: string, connection: Connection): Promise<void> {
    return this.entry(key).document.identifyAll(connection);
  }

  cancel(key: string): void {
    this.open.get(key)?.document.cancel();
  }

  dispose(): void {
    this.open.clear();
  }
}
