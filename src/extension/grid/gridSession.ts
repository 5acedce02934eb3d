import * as vscode from 'vscode';
import type { GridModel } from '../../grid/gridModel';
import { isGridRequest, isGridSnapshotMessage, type GridEdit, type GridPush, type GridRequestMessage, type GridRequests } from '../../grid/protocol';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { GridActions } from './gridActions';
import type { GridRegistry } from './gridRegistry';

export interface GridSessionHost {
  actions: GridActions;
  registry: GridRegistry;
}

/**
 * One grid webview over one model: answers the grid's requests, runs its actions, pushes `changed` when the
 * records change. `applyEdit` is given by the text-backed editor only.
 */
export class GridSession extends Disposable {
  constructor(
    private readonly webview: vscode.Webview,
    private readonly model: GridModel,
    private readonly host: GridSessionHost,
    private readonly key: string,
    private readonly applyEdit?: (edit: GridEdit) => Promise<void>,
  ) {
    super();
    this._register(webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m)));
    this._register(host.registry.register(key, (action) => this.post({ command: 'drive', args: action })));
  }

  /** The records changed (text edited, more of the file read). */
  changed(): void {
    this.post({ command: 'changed', args: this.model.info() });
  }

  private post(message: GridPush | { seq: string; res?: unknown; err?: string }): void {
    void this.webview.postMessage(message);
  }

  private async onMessage(message: unknown): Promise<void> {
    if (isGridSnapshotMessage(message)) return this.host.registry.rendered(this.key, message.args);
    if (!isGridRequest(message)) return;
    try {
      this.post({ seq: message.req, res: await this.handle(message) });
    } catch (error) {
      this.post({ seq: message.req, err: errorMessage(error) });
    }
  }

  private async handle(message: GridRequestMessage): Promise<unknown> {
    const model = this.model;
    const args = message.args;
    switch (message.command) {
      case 'ready':
        return model.page({ version: model.version, offset: 0, limit: (args as GridRequests['ready']['args']).limit, filters: {} });
      case 'page':
        return model.page(args as GridRequests['page']['args']);
      case 'texts': {
        const { version, ids } = args as GridRequests['texts']['args'];
        if (!Array.isArray(ids)) throw new Error('ids must be an array');
        return { version: model.version, texts: version === model.version ? await model.texts(ids) : [] };
      }
      case 'scanned':
        return model.scanned(args as GridRequests['scanned']['args']);
      case 'copy': {
        const { text, what } = args as GridRequests['copy']['args'];
        return this.host.actions.copy(text, what);
      }
      case 'openDetails':
        return this.host.actions.openDetails(args as GridRequests['openDetails']['args']);
      case 'lookUp':
        return this.host.actions.lookUp((args as GridRequests['lookUp']['args']).records);
      case 'insertMol':
        return this.host.actions.insertMol(args as GridRequests['insertMol']['args']);
      case 'edit': {
        const { version, edit } = args as GridRequests['edit']['args'];
        if (!this.applyEdit) throw new Error(vscode.l10n.t('This grid is read-only'));
        if (version !== model.version) throw new Error(vscode.l10n.t('The file changed meanwhile; nothing was edited. Try again.'));
        return this.applyEdit(edit);
      }
      default:
        throw new Error(`unknown request ${String(message.command)}`);
    }
  }
}
