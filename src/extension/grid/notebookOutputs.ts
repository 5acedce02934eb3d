import * as vscode from 'vscode';
import { isOutputMessage, NOTEBOOK_RENDERER_ID, type NotebookGridProtocol, type OutputMessage } from '../../grid/protocol';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { GridSessionHost } from './gridSession';

/**
 * The extension's side of the notebook renderer: the grid draws by itself in the notebook's webview; only its
 * actions (copy, details, look up, insert) and its test hooks come here, one endpoint per output, over the renderer
 * messaging channel.
 */
export class NotebookOutputs extends Disposable {
  private readonly messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);
  private readonly outputs = new Map<string, { hear?: (message: unknown) => void }>();

  constructor(private readonly host: GridSessionHost) {
    super();
    this._register(this.messaging.onDidReceiveMessage(({ editor, message }) => this.onMessage(editor, message)));
    this._register({ dispose: () => this.outputs.clear() });
  }

  private onMessage(editor: vscode.NotebookEditor, message: unknown): void {
    if (!isOutputMessage(message)) return;
    const output = this.outputs.get(message.outputId) ?? this.connect(editor, message.outputId);
    output.hear?.(message.message);
  }

  /** An output's grid spoke for the first time: its endpoint, and for the test hooks its key. */
  private connect(editor: vscode.NotebookEditor, outputId: string): { hear?: (message: unknown) => void } {
    const output: { hear?: (message: unknown) => void } = {};
    this.outputs.set(outputId, output);
    const endpoint = new HostEndpoint<NotebookGridProtocol>(
      {
        post: (message) => void this.messaging.postMessage({ outputId, message } satisfies OutputMessage, editor),
        listen: (listener) => {
          output.hear = listener;
          return () => (output.hear = undefined);
        },
      },
      this.host.actions.handlers(),
      { errorText: errorMessage },
    );
    this._register({ dispose: () => endpoint.dispose() });
    if (this.host.registry) {
      // Said on each ready: a notebook webview that reloads evaluates the renderer afresh.
      endpoint.onReady(() => endpoint.push('testHooks', true));
      this._register(this.host.registry.register(`notebook:${outputId}`, endpoint));
    }
    return output;
  }
}
