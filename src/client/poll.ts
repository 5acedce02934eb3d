/**
 * Waiting for an asynchronous query (spec 3) with a schedule that learns.
 *
 * The schedule, in time since the submit was answered (t):
 * 1. The first status check goes out at once: a server that finishes cheap queries while answering the submit
 *    (the built-in service does) costs submit + one status + results, nothing more.
 * 2. When this server's queries of this kind have been seen before (QueryTimes: a moving average E per
 *    origin and kind), the next check goes out at 1.03 E, so a query that takes what it usually takes is
 *    found ready by the second check, a few percent after it was.
 * 3. After that the waits grow: the next check goes out when the lateness (t - 1.03 E) has grown 1.5 times,
 *    and at least E/20 after the last, so a query a little late is found within about 5% of E and a much
 *    later one with few checks. Waits are at least `minWaitMs` (default 20 ms).
 *    With nothing learned yet, each wait is half the time elapsed so far and at least 200 ms: checks at
 *    0, 0.2, 0.4, 0.6, 0.9, 1.35 s, ... never more than a fixed 0.2 s poller makes, fewer for longer queries.
 * 4. No wait is longer than `maxWaitMs` (default 2 s) except the learned one of step 2, and none is shorter
 *    than a `Retry-After` the last status answer carried (capped like the transport's retries).
 * 5. At most `maxStatusChecks` checks (default 40, spec 8), then a TimeoutError.
 * When the query is done an estimate of its time is learned (readyEstimate); the average is what step 2 aims
 * at next time. Simulated on queries of 0.3, 1 and 3 s: once learned, 2-3 checks a search (a fixed 0.2 s
 * poller makes 3, 6 and 16) and results on average 3-4% (at most about 15%) of the query's time after it was ready.
 */
import { LIMITS, isFailedStatus, isFinishedStatus, type QueryStatus } from '../wire';
import { QueryFailedError, TimeoutError } from './errors';
import { wholeNumberOf } from './inputs';
import type { Sleep } from './sleep';

export interface QueryState {
  status: QueryStatus | string;
  count: number;
  message: string;
}

/** A status answer as the poller reads it: the state, and the wait a `Retry-After` header asked for. */
export interface StatusCheck extends QueryState {
  retryAfterMs?: number;
}

export interface PollSchedule {
  /** Learned typical time of such a query on this server, ms; undefined when nothing is known. */
  expectedMs?: number;
  /** Shortest wait between checks once waits grow; default 20 ms. */
  minWaitMs?: number;
  /** Longest wait between two checks; default 2000 ms. */
  maxWaitMs?: number;
  /** Upper bound on a Retry-After wait; default 60000 ms. */
  maxRetryAfterMs?: number;
}

export interface PollOptions extends PollSchedule {
  /** Default 40 (spec 8). */
  maxStatusChecks?: number;
  signal?: AbortSignal;
  /** Called after every status check with the state and the number of checks so far. */
  onStatus?: (state: QueryState, statusChecks: number) => void;
  sleep: Sleep;
  now: () => number;
}

export interface PollOutcome {
  state: QueryState;
  statusChecks: number;
  /** Estimated time from the submit's answer to the query being ready, ms (what QueryTimes learns). */
  readyAfterMs: number;
}

/** With nothing learned, no wait is shorter than a fixed 0.2 s poller's, so no search makes more checks than it. */
const COLD_MIN_WAIT_MS = 200;

/** The learned time is aimed at a little late: a check just before the query is ready costs one more. */
const AIM_FACTOR = 1.03;

/** The wait before the next check, given the time since the submit was answered (see the schedule above). */
export function nextWait(elapsedMs: number, schedule: PollSchedule, retryAfterMs?: number): number {
  const minWait = schedule.minWaitMs ?? 20;
  const maxWait = schedule.maxWaitMs ?? 2000;
  const expected = schedule.expectedMs;
  let wait: number;
  if (expected === undefined) {
    wait = Math.min(Math.max(COLD_MIN_WAIT_MS, elapsedMs / 2), maxWait);
  } else if (elapsedMs < expected * AIM_FACTOR - minWait / 2) {
    wait = expected * AIM_FACTOR - elapsedMs; // learned, so not cut to maxWait
  } else {
    // Past the aim: the lateness grows 1.5 times a check, at least a twentieth of E apart.
    wait = Math.min(Math.max(expected / 20, (elapsedMs - expected * AIM_FACTOR) / 2, minWait), maxWait);
  }
  if (retryAfterMs !== undefined) wait = Math.max(wait, Math.min(retryAfterMs, schedule.maxRetryAfterMs ?? 60_000));
  return wait;
}

/**
 * What to learn from a query found running at `lastRunningMs` and done at `doneMs`: the midpoint when the two
 * checks were close; when they were far apart (found done at the aimed check, after the immediate one) a
 * little under `doneMs`, so the average drifts down until a check comes just too early and shows the real time.
 */
export function readyEstimate(lastRunningMs: number, doneMs: number): number {
  return doneMs - lastRunningMs > 0.3 * doneMs ? 0.85 * doneMs : (lastRunningMs + doneMs) / 2;
}

/**
 * Resolves when the query is finished; rejects with QueryFailedError, TimeoutError (checks used up), CancelledError,
 * or InputError (before any check) when `maxStatusChecks` is not a whole number of at least 1.
 */
export async function pollQuery(
  queryId: string,
  checkStatus: (signal?: AbortSignal) => Promise<StatusCheck>,
  options: PollOptions,
): Promise<PollOutcome> {
  const maxChecks = wholeNumberOf('maxStatusChecks', options.maxStatusChecks, 1) ?? LIMITS.statusChecks;
  const started = options.now();
  let lastRunningAt = 0;
  let wait = 0;
  let last: QueryState | undefined;
  for (let check = 1; check <= maxChecks; check++) {
    if (check > 1) await options.sleep(wait, options.signal);
    const sentAt = options.now() - started;
    const answer = await checkStatus(options.signal);
    last = { status: answer.status, count: answer.count, message: answer.message };
    options.onStatus?.(last, check);
    if (isFinishedStatus(last.status)) {
      return { state: last, statusChecks: check, readyAfterMs: check === 1 ? 0 : readyEstimate(lastRunningAt, sentAt) };
    }
    if (isFailedStatus(last.status)) throw new QueryFailedError(queryId, last.status, last.message || undefined);
    lastRunningAt = sentAt;
    wait = nextWait(options.now() - started, options, answer.retryAfterMs);
  }
  throw new TimeoutError(`The search was still ${last?.status ?? 'running'} after ${maxChecks} status checks`);
}
