/**
 * HTTP over node-fetch v2: a timeout on every attempt (body included), the caller's AbortSignal, bounded
 * retries of 429/503 honouring Retry-After, no redirects (the API key must not follow one elsewhere), and
 * one log entry per attempt with secrets scrubbed.
 */
import type * as NodeFetch from 'node-fetch';
import { CancelledError, NetworkError, TimeoutError, type CompoundDbError } from './errors';
import type { ResolvedOptions } from './options';
import type { Redact } from './redact';
import { throwIfAborted } from './sleep';

export interface RawRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
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

/** node-fetch (and with it Node's http, https and zlib) loads on the first request, not with the client. */
let nodeFetch: Promise<typeof NodeFetch> | undefined;
const loadNodeFetch = (): Promise<typeof NodeFetch> => (nodeFetch ??= import('node-fetch'));

export class HttpTransport {
  constructor(
    private readonly options: ResolvedOptions,
    private readonly redact: Redact,
  ) {}

  async send(request: RawRequest): Promise<RawResponse> {
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(request.signal);
      const response = await this.attempt(request, attempt);
      if (!RETRIED_STATUSES.has(response.status) || attempt > this.options.retries) return response;
      await this.options.sleep(this.retryWait(response, attempt), request.signal);
    }
  }

  private retryWait(response: RawResponse, attempt: number): number {
    const fromHeader = parseRetryAfter(response.retryAfter, Date.now());
    const wait = fromHeader ?? this.options.retryBaseMs * 2 ** (attempt - 1);
    return Math.min(wait, this.options.maxRetryWaitMs);
  }

  private async attempt(request: RawRequest, attempt: number): Promise<RawResponse> {
    const url = new URL(request.url);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
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
      const { default: fetch } = await loadNodeFetch();
      const res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: controller.signal,
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
      const failure = this.failure(error, url, request.signal, timedOut, (await loadNodeFetch()).FetchError);
      log(undefined, failure.kind);
      throw failure;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private failure(error: unknown, url: URL, signal: AbortSignal | undefined, timedOut: boolean, FetchError: typeof NodeFetch.FetchError): CompoundDbError {
    if (signal?.aborted) return new CancelledError(undefined, { cause: error });
    if (timedOut) return new TimeoutError(`No answer from ${url.host} within ${this.options.timeoutMs} ms`, { cause: error });
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
