/**
 * The composite search of spec 3: classify the query, submit it, poll its status with a short first wait and
 * growing waits (at most `maxStatusChecks` checks), then fetch every result ID as compounds.
 */
import { checkSearchQuery, classifyQuery, type QueryKind, type QueryStatus } from '../wire';
import type { Compound } from './compound';
import type { CallOptions } from './current-api';
import { CancelledError, CompoundDbError } from './errors';
import { pollQuery, type PollOptions, type QueryState } from './poll';
import { assertValid, wholeNumberOf, type OrderInput } from './inputs';
import { Results, type SearchInterface } from './results';
import { throwIfAborted, type Sleep } from './sleep';

export interface SearchProgress {
  queryId?: string;
  status?: QueryStatus | string;
  count: number;
  message: string;
  statusChecks: number;
  elapsedMs: number;
}

export interface SearchOptions extends OrderInput, Omit<PollOptions, 'onStatus' | 'sleep'> {
  /** Throw failures instead of keeping them in `Results.error` (default false). A cancel always rejects. */
  raiseErrors?: boolean;
  onProgress?: (progress: SearchProgress) => void;
}

/** One interface generation's way of running a query. */
export interface SearchBackend {
  via: SearchInterface;
  submit(kind: Exclude<QueryKind, 'recordId'>, query: string, order: OrderInput, call: CallOptions): Promise<string>;
  status(queryId: string, call: CallOptions): Promise<QueryState>;
  results(queryId: string, call: CallOptions): Promise<number[]>;
  /** Validates order and direction before anything is sent. */
  checkOrder(order: OrderInput): void;
}

export interface SearchContext {
  backend: SearchBackend;
  compound(recordId: number): Compound;
  sdf: (queryId: string, call?: CallOptions) => Promise<string>;
  sleep: Sleep;
  now: () => number;
}

export async function runSearch(context: SearchContext, query: string | number, options: SearchOptions = {}): Promise<Results> {
  const { backend, now } = context;
  const text = String(query).trim();
  const kind = classifyQuery(text);
  const results = new Results(text, kind, backend.via, context.sdf);
  const started = now();
  const signal = options.signal;
  const order: OrderInput = { order: options.order, direction: options.direction ?? 'ascending' };
  try {
    throwIfAborted(signal);
    backend.checkOrder(order);
    wholeNumberOf('maxStatusChecks', options.maxStatusChecks, 1);
    assertValid(checkSearchQuery('query', text));
    if (kind === 'recordId') {
      results.compounds = [context.compound(Number(text))];
      results.count = 1;
      results.status = backend.via === 'current' ? 'Complete' : 'ResultReady';
    } else {
      results.queryId = await backend.submit(kind, text, order, { signal });
      await waitForQuery(context, results, options, started);
      const ids = await backend.results(results.queryId, { signal });
      results.compounds = ids.map((id) => context.compound(id));
      results.count = ids.length;
    }
  } catch (error) {
    results.durationMs = now() - started;
    if (error instanceof CancelledError || signal?.aborted) throw error instanceof CancelledError ? error : new CancelledError();
    if (options.raiseErrors || !(error instanceof CompoundDbError)) throw error;
    results.error = error;
    return results;
  }
  results.durationMs = now() - started;
  return results;
}

async function waitForQuery(context: SearchContext, results: Results, options: SearchOptions, started: number): Promise<void> {
  const queryId = results.queryId as string;
  await pollQuery(queryId, (signal) => context.backend.status(queryId, { signal }), {
    ...options,
    sleep: context.sleep,
    onStatus: (state, check) => {
      results.statusChecks = check;
      results.status = state.status;
      results.count = state.count;
      results.message = state.message;
      options.onProgress?.({ queryId, ...state, statusChecks: check, elapsedMs: context.now() - started });
    },
  });
}
