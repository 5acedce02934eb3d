import * as vscode from 'vscode';
import { NOTEBOOK_RENDERER_ID, type GridCommand, type GridRequests, type GridSnapshot } from '../../grid/protocol';
import { Disposable } from '../common/lifecycle';
import { errorMessage } from '../common/errors';
import type { GridSessionHost } from './gridSession';

interface RendererRequest {
  outputId: string;
  req: string;
  command: GridCommand;
  args: unknown;
}

/** What an output's grid drew, for the test surface: one-way, no reply. */
interface RendererSnapshot {
  outputId: string;
  snapshot: GridSnapshot;
}

function isRendererSnapshot(m: unknown): m is RendererSnapshot {
  const r = m as Partial<RendererSnapshot> | undefined;
  return !!r && typeof r.outputId === 'string' && !('req' in r) && typeof r.snapshot === 'object' && r.snapshot !== null;
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
    if (isRendererSnapshot(message)) return this.rendered(editor, message);
    if (!isRendererRequest(message)) return;
    const { outputId, req } = message;
    try {
      const res = await this.handle(message);
      await this.messaging.postMessage({ outputId, seq: req, res }, editor);
    } catch (error) {
      await this.messaging.postMessage({ outputId, seq: req, err: errorMessage(error) }, editor);
    }
  }

  /** An output's grid drew: the test surface learns of it (and may drive it from now on). */
  private rendered(editor: vscode.NotebookEditor, { outputId, snapshot }: RendererSnapshot): void {
    const key = `notebook:${outputId}`;
    if (!this.host.registry.keys().includes(key)) {
      this._register(
        this.host.registry.register(key, (action) => void this.messaging.postMessage({ outputId, push: { command: 'drive', args: action } }, editor)),
      );
    }
    this.host.registry.rendered(key, snapshot);
  }

  private async handle(message: RendererRequest): Promise<unknown> {
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
      default:
        throw new Error(`not offered for notebook outputs: ${message.command}`);
    }
  }
}
