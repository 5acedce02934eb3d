import type {
  DetailsPanelState,
  HostMessage,
  PlotMessage,
  PushMessage,
  ReplyMessage,
  SnapshotMessage,
  WebviewCommand,
  WebviewRequests,
} from './protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): DetailsPanelState | undefined;
  setState(state: DetailsPanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** The webview side of the protocol: each request returns a promise settled by the host's reply. */
export class HostConnection {
  private readonly api = acquireVsCodeApi();
  private seq = 0;
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(onMessage: (message: PushMessage | PlotMessage) => void) {
    window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
      const message = event.data;
      if ('seq' in message) this.settle(message);
      else if (message.command === 'show' || message.command === 'failed' || message.command === 'plot') onMessage(message);
    });
  }

  private settle(reply: ReplyMessage): void {
    const waiting = this.pending.get(reply.seq);
    if (!waiting) return;
    this.pending.delete(reply.seq);
    if (reply.err !== undefined) waiting.reject(new Error(reply.err));
    else waiting.resolve(reply.res);
  }

  request<C extends WebviewCommand>(command: C, args: WebviewRequests[C]['args']): Promise<WebviewRequests[C]['res']> {
    const req = String(++this.seq);
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve: resolve as (v: unknown) => void, reject });
      this.api.postMessage({ req, command, args });
    });
  }

  /** Tells the host what is on screen (the test hook's input; one way, nothing waits for a reply). */
  reportSnapshot(snapshot: SnapshotMessage['args']): void {
    const message: SnapshotMessage = { command: 'snapshot', args: snapshot };
    this.api.postMessage(message);
  }

  setState(state: DetailsPanelState): void {
    this.api.setState(state);
  }
}
