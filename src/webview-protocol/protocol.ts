/**
 * The one message protocol between a webview page and its host (the extension, or for a notebook output the
 * renderer's in-page model). Each webview declares only what it says, as a `Protocol`: its requests with their
 * params and result, and its pushes. Endpoints (endpoint.ts) do the rest: ids, pending replies, errors, the ready
 * handshake. No DOM and no `vscode` here: both sides import it.
 */

/** One request: what it carries and what its answer holds. */
export interface Call<Params = unknown, Result = unknown> {
  params: Params;
  result: Result;
}

export type Calls = Record<string, Call>;

export interface Protocol {
  /** Requests the page makes; the host answers each. */
  requests: Calls;
  /** Requests the host makes of the page; the page answers each (what is drawn; the test hooks). */
  pageRequests: Calls;
  /** What the host sends unasked, by name, with its payload. No reply. */
  pushes: Record<string, unknown>;
}

/** One handler per request, typed by it: a missing or mistyped handler does not compile. */
export type Handlers<C extends Calls> = { [M in keyof C]: (params: C[M]['params']) => C[M]['result'] | Promise<C[M]['result']> };

/** One listener per push. */
export type Listeners<P extends Record<string, unknown>> = { [M in keyof P]: (params: P[M]) => void };

/** The params argument of a request: optional when the request carries nothing. */
export type ParamsArg<C extends Call> = undefined extends C['params'] ? [params?: C['params']] : [params: C['params']];

/** What travels. The page says `ready` once its listener is in place (again after a reload); the host holds its messages until then. */
export type WireMessage =
  | { kind: 'ready' }
  | { kind: 'request'; id: number; method: string; params: unknown }
  | { kind: 'reply'; id: number; result?: unknown; error?: string }
  | { kind: 'push'; method: string; params: unknown };

export function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.kind) {
    case 'ready':
      return true;
    case 'request':
      return typeof m.id === 'number' && typeof m.method === 'string';
    case 'reply':
      return typeof m.id === 'number' && (m.error === undefined || typeof m.error === 'string');
    case 'push':
      return typeof m.method === 'string';
    default:
      return false;
  }
}

/** How an endpoint sends and receives: `postMessage` and the matching message event of whichever side it is on. */
export interface Channel {
  post(message: WireMessage): void;
  /** Calls `listener` with every message that arrives; the returned function stops it. */
  listen(listener: (message: unknown) => void): () => void;
}
