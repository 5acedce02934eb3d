import * as vscode from 'vscode';
import { isOutputMessage, type NotebookGridProtocol, type OutputMessage } from '../../grid/protocol';
import { HostEndpoint } from '../../webview-protocol/endpoint';
import { Disposable, disposeAll } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { GridSessionHost } from './gridSession';

/** One output's connection: the notebook editor whose webview draws it, and what hears its messages. */
interface OutputConnection extends vscode.Disposable {
  readonly editor: vscode.NotebookEditor;
  hear?: (message: unknown) => void;
}

/**
 * The extension's side of the notebook renderer: the grid draws by itself in the notebook's webview; only its
 * actions (copy, details, look up, insert) and its test hooks come here, one endpoint per output, over the renderer
 * messaging channel.
 */
export class NotebookOutputs extends Disposable {
  private readonly outputs = new Map<string, OutputConnection>();

  /** `messaging`: made at activation (a renderer may speak first), which hands every message to `onMessage`. */
  constructor(
    private readonly messaging: vscode.NotebookRendererMessaging,
    private readonly host: GridSessionHost,
  ) {
    super();
    this._register(vscode.window.onDidChangeVisibleNotebookEditors((visible) => this.forgetHidden(visible)));
    this._register({ dispose: () => this.forgetHidden([]) });
  }

  onMessage(editor: vscode.NotebookEditor, message: unknown): void {
    if (!isOutputMessage(message)) return;
    let output = this.outputs.get(message.outputId);
    // A notebook closed and opened again keeps its output IDs but draws them in a new editor: answer that one.
    if (output && output.editor !== editor) this.forget(message.outputId);
    output = this.outputs.get(message.outputId) ?? this.connect(editor, message.outputId);
    output.hear?.(message.message);
  }

  /** The outputs of editors no longer shown: their webviews are gone (a page shown again says `ready` anew). */
  private forgetHidden(visible: readonly vscode.NotebookEditor[]): void {
    for (const [outputId, output] of this.outputs) if (!visible.includes(output.editor)) this.forget(outputId);
  }

  private forget(outputId: string): void {
    this.outputs.get(outputId)?.dispose();
    this.outputs.delete(outputId);
  }

  /** An output's grid spoke for the first time in this editor: its endpoint, and for the test hooks its key. */
  private connect(editor: vscode.NotebookEditor, outputId: string): OutputConnection {
    const parts: vscode.Disposable[] = [];
    const output: OutputConnection = { editor, dispose: () => disposeAll(parts) };
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
    parts.push({ dispose: () => endpoint.dispose() });
    if (this.host.registry) {
      // Said on each ready: a notebook webview that reloads evaluates the renderer afresh.
      endpoint.onReady(() => endpoint.push('testHooks', true));
      parts.push(this.host.registry.register(`notebook:${outputId}`, endpoint));
    }
    return output;
  }
}
