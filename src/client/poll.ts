/**
 * Waiting for an asynchronous query (spec 3): status checks with a short first wait and growing waits after,
 * at most `maxStatusChecks` of them. Shared by the composite search and by callers that submit filters themselves.
 */
import { LIMITS, isFailedStatus, isFinishedStatus, type QueryStatus } from '../wire';
import { QueryFailedError, TimeoutError } from './errors';
import { wholeNumberOf } from './inputs';
import { abortableSleep, type Sleep } from './sleep';

export interface QueryState {
  status: QueryStatus | string;
  count: number;
  message: string;
}

export interface PollOptions {
  /** Default 40 (spec 8). */
  maxStatusChecks?: number;
  /** Wait before the first status check; default 100 ms. */
  firstWaitMs?: number;
  /** Each later wait is the previous one times this; default 1.5. */
  waitGrowth?: number;
  /** Longest wait between two checks; default 2000 ms. */
  maxWaitMs?: number;
  signal?: AbortSignal;
  /** Called after every status check with the state and the number of checks so far. */
  onStatus?: (state: QueryState, statusChecks: number) => void;
  sleep?: Sleep;
}

/**
 * Resolves with the finished state; rejects with QueryFailedError, TimeoutError (checks used up), CancelledError, or
 * InputError (before any check) when `maxStatusChecks` is not a whole number of at least 1.
 */
export async function pollQuery(
  queryId: string,
  checkStatus: (signal?: AbortSignal) => Promise<QueryState>,
  options: PollOptions = {},
): Promise<QueryState> {
  const maxChecks = wholeNumberOf('maxStatusChecks', options.maxStatusChecks, 1) ?? LIMITS.statusChecks;
  const growth = options.waitGrowth ?? 1.5;
  const maxWait = options.maxWaitMs ?? 2000;
  const sleep = options.sleep ?? abortableSleep;
  let wait = options.firstWaitMs ?? 100;
  let last: QueryState | undefined;
  for (let check = 1; check <= maxChecks; check++) {
    await sleep(wait, options.signal);
    last = await checkStatus(options.signal);
    options.onStatus?.(last, check);
    if (isFinishedStatus(last.status)) return last;
    if (isFailedStatus(last.status)) throw new QueryFailedError(queryId, last.status, last.message || undefined);
    wait = Math.min(wait * growth, maxWait);
  }
  throw new TimeoutError(`The search was still ${last?.status ?? 'running'} after ${maxChecks} status checks`);
}
