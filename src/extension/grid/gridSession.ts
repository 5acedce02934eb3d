import * as vscode from 'vscode';
import { recordHandlers } from '../../grid/gridHandlers';
import type { GridModel } from '../../grid/gridModel';
import type { GridEdit, GridProtocol } from '../../grid/protocol';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import { webviewChannel } from '../common/webviewChannel';
import type { GridActions } from './gridActions';
import type { GridRegistry } from './gridRegistry';

export interface GridSessionHost {
  actions: GridActions;
  /** Every open grid for the test hooks; only when the extension runs in test mode. */
  registry?: GridRegistry;
}

/**
 * One grid webview over one model: answers the grid's requests, runs its actions, pushes `changed` when the
 * records change. `applyEdit` is given by the text-backed editor only.
 */
export class GridSession extends Disposable {
  private readonly endpoint: HostEndpoint<GridProtocol>;

  constructor(
    webview: vscode.Webview,
    private readonly model: GridModel,
    host: GridSessionHost,
    key: string,
    applyEdit?: (edit: GridEdit) => Promise<void>,
  ) {
    super();
    const actions = host.actions;
    this.endpoint = new HostEndpoint<GridProtocol>(
      webviewChannel(webview),
      {
        ...recordHandlers(model),
        ...actions.handlers(),
        edit: async ({ version, edit }) => {
          if (!applyEdit) throw new Error(vscode.l10n.t('This grid is read-only'));
          if (version !== model.version) throw new Error(vscode.l10n.t('The file changed meanwhile; nothing was edited. Try again.'));
          return applyEdit(edit);
        },
      },
      { errorText: errorMessage },
    );
    this._register({ dispose: () => this.endpoint.dispose() });
    if (host.registry) this._register(host.registry.register(key, this.endpoint));
  }

  /** The records changed (text edited, more of the file read). */
  changed(): void {
    this.endpoint.push('changed', this.model.info());
  }
}
