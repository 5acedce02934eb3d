import { GridModel } from '../../grid/gridModel';
import type { GridCommand, GridPush, GridReply, GridRequests, GridSnapshot, GridSnapshotMessage } from '../../grid/protocol';

/** Where the grid's records and actions live: the extension host (editors) or the page itself (notebook outputs). */
export interface GridBackend {
  request<C extends GridCommand>(command: C, args: GridRequests[C]['args']): Promise<GridRequests[C]['res']>;
  onPush(listener: (message: GridPush) => void): void;
  /** Tells the host what is on screen (the test surface's snapshot; no reply). */
  snapshot(drawn: GridSnapshot): void;
}

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** The editors' backend: requests to the extension host, each settled by its reply. */
export class HostBackend implements GridBackend {
  private readonly api = acquireVsCodeApi();
  private seq = 0;
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private listener: ((message: GridPush) => void) | undefined;

  constructor() {
    window.addEventListener('message', (event: MessageEvent<GridReply | GridPush>) => {
      const message = event.data;
      if ('seq' in message) {
        const waiting = this.pending.get(message.seq);
        if (!waiting) return;
        this.pending.delete(message.seq);
        if (message.err !== undefined) waiting.reject(new Error(message.err));
        else waiting.resolve(message.res);
      } else if (message.command === 'changed' || message.command === 'drive') {
        this.listener?.(message);
      }
    });
  }

  request<C extends GridCommand>(command: C, args: GridRequests[C]['args']): Promise<GridRequests[C]['res']> {
    const req = String(++this.seq);
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve: resolve as (v: unknown) => void, reject });
      this.api.postMessage({ req, command, args });
    });
  }

  onPush(listener: (message: GridPush) => void): void {
    this.listener = listener;
  }

  snapshot(drawn: GridSnapshot): void {
    this.api.postMessage({ command: 'snapshot', args: drawn } satisfies GridSnapshotMessage);
  }
}

/** Actions the page cannot do itself (clipboard aside): handed to the extension host when one listens. */
export type ActionSink = <C extends GridCommand>(command: C, args: GridRequests[C]['args']) => Promise<GridRequests[C]['res']>;

/** A notebook output's backend: the records are the output's bytes, held in the page; actions go to `sink`. */
export class LocalBackend implements GridBackend {
  private listener: ((message: GridPush) => void) | undefined;

  constructor(
    private readonly model: GridModel,
    private readonly sink: ActionSink,
    readonly snapshot: (drawn: GridSnapshot) => void,
  ) {}

  async request<C extends GridCommand>(command: C, args: GridRequests[C]['args']): Promise<GridRequests[C]['res']> {
    const a = args as never;
    switch (command) {
      case 'ready': {
        const { limit } = args as GridRequests['ready']['args'];
        return (await this.model.page({ version: this.model.version, offset: 0, limit, filters: {} })) as GridRequests[C]['res'];
      }
      case 'page':
        return (await this.model.page(a)) as GridRequests[C]['res'];
      case 'texts': {
        const { version, ids } = args as GridRequests['texts']['args'];
        return { version, texts: await this.model.texts(ids) } as GridRequests[C]['res'];
      }
      case 'scanned':
        this.model.scanned(a);
        return undefined as GridRequests[C]['res'];
      case 'edit':
        throw new Error('A notebook output cannot be edited.');
      default:
        return this.sink(command, args);
    }
  }

  onPush(listener: (message: GridPush) => void): void {
    this.listener = listener;
  }

  /** The test hook's drive messages arrive through the renderer's messaging channel. */
  push(message: GridPush): void {
    this.listener?.(message);
  }
}
