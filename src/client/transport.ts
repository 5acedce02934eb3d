/**
 * HTTP over node-fetch v2: a timeout on every attempt (body included), the caller's AbortSignal, bounded
 * retries of 429/503 honouring Retry-After, no redirects (the API key must not follow one elsewhere), and
 * one log entry per attempt with secrets scrubbed.
 */
import type * as http from 'http';
import type { Socket } from 'net';
import type * as NodeFetch from 'node-fetch';
import { CancelledError, NetworkError, ResponseTooLargeError, TimeoutError, type CompoundDbError } from './errors';
import type { ResolvedOptions } from './options';
import type { Redact } from './redact';
import { throwIfAborted } from './sleep';

export interface RawRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Largest answer accepted (after decompression); default the client's `maxResponseBytes`. */
  maxBytes?: number;
}

export interface RawResponse {
  status: number;
  statusText: string;
  contentType: string;
  /** The raw `Retry-After` header, or null. */
  retryAfter: string | null;
  body: Buffer;
}

const RETRIED_STATUSES = new Set([429, 503]);

/**
 * node-fetch, Node's http and https and the agents built on them load on the first request, not with the client:
 * requiring `https` alone costs several milliseconds of the extension's activation.
 */
interface HttpStack {
  fetch: Fetch;
  FetchError: typeof NodeFetch.FetchError;
  agentFor: (url: URL) => http.Agent;
}
let httpStack: Promise<HttpStack> | undefined;
const loadHttpStack = (): Promise<HttpStack> => (httpStack ??= makeHttpStack());

export class HttpTransport {
  constructor(
    private readonly options: ResolvedOptions,
    private readonly redact: Redact,
  ) {}

  /** One call: attempts and waits between them all end by `deadlineMs` after the start. */
  async send(request: RawRequest): Promise<RawResponse> {
    const deadline = this.options.now() + this.options.deadlineMs;
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(request.signal);
      const left = deadline - this.options.now();
      if (left <= 0) throw new TimeoutError(`The call did not finish within its deadline of ${this.options.deadlineMs} ms (retries included)`);
      const response = await this.attempt(request, attempt, Math.min(this.options.timeoutMs, left));
      if (!RETRIED_STATUSES.has(response.status) || attempt > this.options.retries) return response;
      const wait = this.retryWait(response, attempt);
      // A wait that would pass the deadline is not worth starting: the caller gets the 429/503 now.
      if (this.options.now() + wait >= deadline) return response;
      await this.options.sleep(wait, request.signal);
    }
  }

  private retryWait(response: RawResponse, attempt: number): number {
    const fromHeader = parseRetryAfter(response.retryAfter, Date.now());
    const wait = fromHeader ?? this.options.retryBaseMs * 2 ** (attempt - 1);
    return Math.min(wait, this.options.maxRetryWaitMs);
  }

  private async attempt(request: RawRequest, attempt: number, timeoutMs: number): Promise<RawResponse & { retryAfter: string | null }> {
    const url = new URL(request.url);
    const controller = new AbortController();
    let timedOut = false;
    let closedEarly = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const maxBytes = request.maxBytes ?? this.options.maxResponseBytes;
    const onCallerAbort = (): void => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = this.options.now();
    const log = (status?: number, error?: string): void =>
      this.options.log?.({
        method: request.method,
        path: this.redact(url.pathname + url.search),
        status,
        ms: this.options.now() - started,
        attempt,
        error,
      });
    try {
      const res = await watchedFetch(await loadHttpStack(), request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: controller.signal,
        size: maxBytes,
        onEarlyClose: () => {
          closedEarly = true;
          controller.abort();
        },
      });
      const body = await res.buffer();
      log(res.status);
      return {
        status: res.status,
        statusText: res.statusText,
        contentType: res.headers.get('content-type') ?? '',
        retryAfter: res.headers.get('retry-after'),
        body,
      };
    } catch (error) {
      const { FetchError } = await loadHttpStack();
      const failure = closedEarly
        ? new NetworkError(`${url.host} closed the connection before the whole answer arrived`, 'ECONNRESET', { cause: error })
        : isTooLarge(error, FetchError)
          ? new ResponseTooLargeError(
              `The answer from ${url.host} is larger than ${maxBytes} bytes (the client's limit; raise maxResponseBytes to accept it)`,
              { cause: error },
            )
          : this.failure(error, url, request.signal, timedOut, timeoutMs, FetchError);
      log(undefined, failure.kind);
      throw failure;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private failure(
    error: unknown,
    url: URL,
    signal: AbortSignal | undefined,
    timedOut: boolean,
    timeoutMs: number,
    FetchError: typeof NodeFetch.FetchError,
  ): CompoundDbError {
    if (signal?.aborted) return new CancelledError(undefined, { cause: error });
    if (timedOut) return new TimeoutError(`No answer from ${url.host} within ${timeoutMs} ms`, { cause: error });
    const code = error instanceof FetchError ? error.code : (error as { code?: string } | undefined)?.code;
    const why = NETWORK_TEXT[code ?? ''] ?? 'the connection failed';
    return new NetworkError(`Could not reach ${url.host}: ${why}${code && !NETWORK_TEXT[code] ? ` (${code})` : ''}`, code, { cause: error });
  }
}

const NETWORK_TEXT: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (is the server running?)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (temporary DNS failure)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function isTooLarge(error: unknown, FetchError: typeof NodeFetch.FetchError): boolean {
  return error instanceof FetchError && error.type === 'max-size';
}

type Fetch = typeof NodeFetch.default;
type WatchedInit = NonNullable<Parameters<Fetch>[1]> & { onEarlyClose: () => void };

/**
 * node-fetch v2 waits forever (until the timeout) when a server closes the connection in the middle of a body it
 * announced with Content-Length. These agents see each response's end: a response closed before it was complete
 * calls the attempt's `onEarlyClose`, which reports a connection error at once. node-fetch creates the request
 * synchronously inside `fetch()`, so the attempt waiting for its request is the one `fetch` was just called for.
 */
let arriving: (() => void) | undefined;

async function makeHttpStack(): Promise<HttpStack> {
  const [nodeFetch, httpModule, httpsModule] = await Promise.all([import('node-fetch'), import('http'), import('https')]);
  class WatchingAgent extends httpModule.Agent {
    addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
      watch(req);
      (httpModule.Agent.prototype as unknown as { addRequest(r: unknown, o: unknown): void }).addRequest.call(this, req, options);
    }
  }
  class WatchingHttpsAgent extends httpsModule.Agent {
    addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
      watch(req);
      (httpsModule.Agent.prototype as unknown as { addRequest(r: unknown, o: unknown): void }).addRequest.call(this, req, options);
    }
  }
  const httpAgent = new WatchingAgent({ keepAlive: true });
  const httpsAgent = new WatchingHttpsAgent({ keepAlive: true });
  return {
    fetch: nodeFetch.default,
    FetchError: nodeFetch.FetchError,
    agentFor: (url) => (url.protocol === 'https:' ? httpsAgent : httpAgent),
  };
}

function watch(req: http.ClientRequest): void {
  const onEarlyClose = arriving;
  if (!onEarlyClose) return;
  req.once('response', (res: http.IncomingMessage) => {
    res.once('close', () => {
      if (!res.complete) onEarlyClose();
    });
  });
  req.once('socket', (socket: Socket) => socket.setNoDelay(true));
}

function watchedFetch({ fetch, agentFor }: HttpStack, url: string, init: WatchedInit) {
  const { onEarlyClose, ...rest } = init;
  arriving = onEarlyClose;
  try {
    return fetch(url, { ...rest, agent: agentFor });
  } finally {
    arriving = undefined;
  }
}
