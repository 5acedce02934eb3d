import * as vscode from 'vscode';
import { NOTEBOOK_RENDERER_ID, type GridCommand, type GridRequests } from '../../grid/protocol';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { GridSessionHost } from './gridSession';

interface RendererRequest {
  outputId: string;
  req: string;
  command: GridCommand;
  args: unknown;
}

function isRendererRequest(m: unknown): m is RendererRequest {
  const r = m as Partial<RendererRequest> | undefined;
  return !!r && typeof r.outputId === 'string' && typeof r.req === 'string' && typeof r.command === 'string';
}

/**
 * The extension's side of the notebook renderer: the grid draws by itself in the notebook's webview; only its
 * actions (copy, details, look up, insert) and its test hook come here, through the renderer messaging channel.
 */
export class NotebookOutputs extends Disposable {
  private readonly messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);

  constructor(private readonly host: GridSessionHost) {
    super();
    this._register(this.messaging.onDidReceiveMessage(({ editor, message }) => void this.onMessage(editor, message)));
  }

  private async onMessage(editor: vscode.NotebookEditor, message: unknown): Promise<void> {
    if (!isRendererRequest(message)) return;
    const { outputId, req } = message;
    const key = `notebook:${outputId}`;
    if (message.command === 'rendered' && !this.host.registry.keys().includes(key)) {
      this._register(
        this.host.registry.register(key, (action) => void this.messaging.postMessage({ outputId, push: { command: 'drive', args: action } }, editor)),
      );
    }
    try {
      const res = await this.handle(key, message);
      await this.messaging.postMessage({ outputId, seq: req, res }, editor);
    } catch (error) {
      await this.messaging.postMessage({ outputId, seq: req, err: errorMessage(error) }, editor);
    }
  }

  private async handle(key: string, message: RendererRequest): Promise<unknown> {
    const actions = this.host.actions;
    switch (message.command) {
      case 'copy': {
        const { text, what } = message.args as GridRequests['copy']['args'];
        return actions.copy(text, what);
      }
      case 'openDetails':
        return actions.openDetails(message.args as GridRequests['openDetails']['args']);
      case 'lookUp':
        return actions.lookUp((message.args as GridRequests['lookUp']['args']).records);
      case 'insertMol':
        return actions.insertMol(message.args as GridRequests['insertMol']['args']);
      case 'rendered':
        return this.host.registry.rendered(key, message.args as GridRequests['rendered']['args']);
      default:
        throw new Error(`not offered for notebook outputs: ${message.command}`);
    }
  }
}
