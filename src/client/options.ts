import { DEFAULT_API_VERSION } from '../wire';
import type { CompoundCache } from './cache';
import type { QueryTimes } from './query-times';
import { abortableSleep, type Sleep } from './sleep';
import { defaultUserAgent } from './version';

/** One line per HTTP attempt. Never holds the API key or the token; the path carries no secrets. */
export interface RequestLogEntry {
  method: string;
  /** Path and query of the request, below the server address. */
  path: string;
  /** HTTP status, when an answer came. */
  status?: number;
  /** Milliseconds from sending to the whole body read (or to the failure). */
  ms: number;
  /** 1 for the first try, 2.. for retries after 429/503. */
  attempt: number;
  /** Error kind when the attempt failed without an answer (`Network`, `Timeout`, `Cancelled`). */
  error?: string;
}

export interface ClientOptions {
  /**
   * Address of the current interface, e.g. `http://127.0.0.1:8745`. There is no public default: an empty string
   * means "not configured", and current-interface operations then fail with a ConfigurationError saying so.
   */
  baseUrl: string;
  /** Address of the older interface; defaults to `baseUrl`. */
  legacyBaseUrl?: string;
  apiKey?: string;
  token?: string;
  /**
   * A server started on demand (the command line's built-in database): called on the first request for the server's
   * addresses, and again only after a failure (which the requests waiting on it get as a ConfigurationError). `baseUrl`
   * may be '' until then.
   */
  startServer?: () => Promise<ServerAddresses>;
  /** Path-level API version (spec 9); default `v1`. */
  apiVersion?: string;
  userAgent?: string;
  /** Per-request timeout, including reading the body; default 30000. */
  timeoutMs?: number;
  /** Retries of a 429 or 503 answer; default 3. */
  retries?: number;
  /** Wait before the first retry when no Retry-After is given; doubled each retry. Default 500. */
  retryBaseMs?: number;
  /** Upper bound on any one wait between retries (a longer Retry-After is cut to this). Default 60000. */
  maxRetryWaitMs?: number;
  /** Overall time of one call, all attempts and waits between retries included; default 120000. */
  deadlineMs?: number;
  /** Largest answer accepted, after decompression; default 32 MiB. Larger ends in a ResponseTooLargeError. */
  maxResponseBytes?: number;
  /** The same for SDF results (the answer and the SDF text unpacked from it); default 512 MiB. */
  maxSdfBytes?: number;
  cache?: CompoundCache;
  /** Learned query times, shared across clients and kept by the host; default a fresh book per client. */
  queryTimes?: QueryTimes;
  log?: (entry: RequestLogEntry) => void;
  /** For tests: replaces real waiting (retries, search polling). */
  sleep?: Sleep;
  /** For tests: the clock, in milliseconds. */
  now?: () => number;
}

export interface ServerAddresses {
  baseUrl: string;
  legacyBaseUrl?: string;
}

export interface ResolvedOptions {
  baseUrl?: string;
  legacyBaseUrl?: string;
  apiKey?: string;
  token?: string;
  startServer?: () => Promise<ServerAddresses>;
  apiVersion: string;
  userAgent: string;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryWaitMs: number;
  deadlineMs: number;
  maxResponseBytes: number;
  maxSdfBytes: number;
  cache?: CompoundCache;
  log?: (entry: RequestLogEntry) => void;
  sleep: Sleep;
  now: () => number;
}

function trimSlash(url: string | undefined): string | undefined {
  const t = url?.trim();
  return t ? t.replace(/\/+$/, '') : undefined;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return value;
}

/** The addresses as requests use them: no trailing slash, the older interface's defaulting to the current one's. */
export function serverAddresses(addresses: ServerAddresses): Pick<ResolvedOptions, 'baseUrl' | 'legacyBaseUrl'> {
  const baseUrl = trimSlash(addresses.baseUrl);
  return { baseUrl, legacyBaseUrl: trimSlash(addresses.legacyBaseUrl) ?? baseUrl };
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  return {
    ...serverAddresses(options),
    apiKey: options.apiKey || undefined,
    token: options.token || undefined,
    startServer: options.startServer,
    apiVersion: options.apiVersion || DEFAULT_API_VERSION,
    userAgent: options.userAgent || defaultUserAgent(),
    timeoutMs: nonNegative('timeoutMs', options.timeoutMs, 30_000),
    retries: Math.floor(nonNegative('retries', options.retries, 3)),
    retryBaseMs: nonNegative('retryBaseMs', options.retryBaseMs, 500),
    maxRetryWaitMs: nonNegative('maxRetryWaitMs', options.maxRetryWaitMs, 60_000),
    deadlineMs: nonNegative('deadlineMs', options.deadlineMs, 120_000),
    maxResponseBytes: nonNegative('maxResponseBytes', options.maxResponseBytes, 32 * 1024 * 1024),
    maxSdfBytes: nonNegative('maxSdfBytes', options.maxSdfBytes, 512 * 1024 * 1024),
    cache: options.cache,
    log: options.log,
    sleep: options.sleep ?? abortableSleep,
    now: options.now ?? (() => performance.now()),
  };
}
