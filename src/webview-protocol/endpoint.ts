/**
 * The two ends of protocol.ts. Both answer requests through a handler map typed per request and make requests
 * of the other end, each settled by its reply; the host also pushes, and holds what it sends until the page says
 * it is ready. No DOM and no `vscode`: each side hands in its `Channel`.
 */
import { isWireMessage, type Calls, type Channel, type Handlers, type Listeners, type ParamsArg, type Protocol, type WireMessage } from './protocol';

export interface EndpointOptions {
  /**
   * The text a failed handler's error is answered with; `undefined` answers the request with no result instead
   * (an error that is not one to the caller, such as a prompt the person closed). Default: the error's message.
   */
  errorText?: (error: unknown) => string | undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs the handler of `method` in place, as a reply would carry its result (a page that is its own host uses it). */
export async function callHandler<C extends Calls, M extends keyof C>(
  handlers: Handlers<C>,
  method: M,
  ...[params]: ParamsArg<C[M]>
): Promise<C[M]['result']> {
  // `ParamsArg` only makes the argument optional where the request carries nothing.
  return handlers[method](params as C[M]['params']);
}

abstract class Endpoint<Answers extends Calls, Asks extends Calls> {
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly stopListening: () => void;
  private closed = false;

  constructor(
    protected readonly channel: Channel,
    private readonly handlers: Handlers<Answers>,
    private readonly options: EndpointOptions = {},
  ) {
    this.stopListening = channel.listen((message) => {
      if (isWireMessage(message)) this.receive(message);
    });
  }

  /** Asks the other end; settles with its handler's result, or rejects with its error's text. */
  request<M extends keyof Asks & string>(method: M, ...[params]: ParamsArg<Asks[M]>): Promise<Asks[M]['result']> {
    if (this.closed) return Promise.reject(new Error(`${method}: the webview is closed`));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.send({ kind: 'request', id, method, params });
    });
  }

  /** Stops listening; requests still waiting reject. */
  dispose(): void {
    this.closed = true;
    this.stopListening();
    this.rejectPending('the webview is closed');
  }

  protected rejectPending(why: string): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(new Error(why));
  }

  /** Sends one message; the host overrides it to hold messages until the page is ready. */
  protected send(message: WireMessage): void {
    this.channel.post(message);
  }

  protected receive(message: WireMessage): void {
    if (message.kind === 'request') void this.answer(message.id, message.method, message.params);
    else if (message.kind === 'reply') this.settle(message);
  }

  private settle({ id, result, error }: { id: number; result?: unknown; error?: string }): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error !== undefined) waiting.reject(new Error(error));
    else waiting.resolve(result);
  }

  private async answer(id: number, method: string, params: unknown): Promise<void> {
    try {
      if (!Object.hasOwn(this.handlers, method)) throw new Error(`unknown request ${method}`);
      // The one place a message's params meet their handler's type: the other end built them from the same Protocol.
      const handler = this.handlers[method] as (params: unknown) => unknown;
      this.channel.post({ kind: 'reply', id, result: await handler(params) });
    } catch (error) {
      const text = (this.options.errorText ?? messageOf)(error);
      this.channel.post(text === undefined ? { kind: 'reply', id } : { kind: 'reply', id, error: text });
    }
  }
}

/**
 * The extension's end of one webview: answers the page's requests, pushes, asks the page. Everything it sends
 * waits until the page says `ready`; when the page says it again (it was reloaded), requests to the old page
 * reject and `onReady` runs again, so the owner can push its state afresh.
 */
export class HostEndpoint<P extends Protocol> extends Endpoint<P['requests'], P['pageRequests']> {
  private ready = false;
  private held: WireMessage[] = [];
  private readonly readyListeners: Array<(reloaded: boolean) => void> = [];

  constructor(channel: Channel, handlers: Handlers<P['requests']>, options?: EndpointOptions) {
    super(channel, handlers, options);
  }

  push<M extends keyof P['pushes'] & string>(method: M, params: P['pushes'][M]): void {
    this.send({ kind: 'push', method, params });
  }

  /** Runs `listener` each time the page says it is ready (after what was held has been sent); `reloaded` after the first. */
  onReady(listener: (reloaded: boolean) => void): void {
    this.readyListeners.push(listener);
  }

  protected override send(message: WireMessage): void {
    if (this.ready) this.channel.post(message);
    else this.held.push(message);
  }

  protected override receive(message: WireMessage): void {
    if (message.kind !== 'ready') return super.receive(message);
    const reloaded = this.ready;
    if (reloaded) this.rejectPending('the webview was reloaded');
    this.ready = true;
    const held = this.held;
    this.held = [];
    for (const m of held) this.channel.post(m);
    for (const listener of this.readyListeners) listener(reloaded);
  }
}

/** The page's end: asks the host, answers the host's requests, hears its pushes. Says `ready` as it starts. */
export class PageEndpoint<P extends Protocol> extends Endpoint<P['pageRequests'], P['requests']> {
  constructor(
    channel: Channel,
    handlers: Handlers<P['pageRequests']>,
    private readonly listeners: Listeners<P['pushes']>,
  ) {
    super(channel, handlers);
    channel.post({ kind: 'ready' });
  }

  protected override receive(message: WireMessage): void {
    if (message.kind !== 'push') return super.receive(message);
    if (!Object.hasOwn(this.listeners, message.method)) return;
    const listener = this.listeners[message.method] as (params: unknown) => void;
    listener(message.params);
  }
}
