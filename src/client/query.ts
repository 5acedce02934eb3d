/**
 * One search's lifecycle, for both generations: submit, status checks on the learning schedule (poll.ts),
 * results paging with what "more" means, batch groups, cancellation. `client.query(spec)` makes one; the
 * composite search, the extension's Searches tree and its hovers all use it.
 */
import type { QueryStatus } from '../wire';
import type { CallOptions } from './current-api';
import { CancelledError } from './errors';
import { wholeNumberOf } from './inputs';
import { pollQuery, type PollSchedule } from './poll';
import type { QueryPlan, ResultGroup, ResultPage } from './query-plans';
import type { QueryTimes } from './query-times';
import type { SearchInterface } from './results';
import type { SearchSpec } from './search-spec';
import { throwIfAborted, type Sleep } from './sleep';

export interface QueryProgress {
  queryId?: string;
  status?: QueryStatus | string;
  count: number;
  message: string;
  statusChecks: number;
  elapsedMs: number;
}

export interface QueryRunOptions extends Pick<PollSchedule, 'maxWaitMs'> {
  /** Default 40 (spec 8). */
  maxStatusChecks?: number;
  signal?: AbortSignal;
  /** After the submit (status `Created`) and after every status check. */
  onProgress?: (progress: QueryProgress) => void;
}

/**
 * Sends one request of a query: the bulk resolver's gate passes each through its pacing and retries. It calls
 * `request` with the signal the request is to end on.
 */
export type Pace = <T>(request: (signal?: AbortSignal) => Promise<T>) => Promise<T>;

export interface QueryOptions {
  /** Attaches to a query submitted earlier (its results can be paged again). */
  queryId?: string;
  /** Every request of this query (submit, status checks, results) goes through it; default: sent at once. */
  pace?: Pace;
}

/** What a query needs from its client. */
export interface QueryContext {
  sleep: Sleep;
  now: () => number;
  times: QueryTimes;
  /** The origin its requests go to (the learned times are kept per origin). */
  origin(via: SearchInterface): string;
  maxRetryAfterMs: number;
}

export class Query {
  /** Query ID (current) or transaction ID (older); undefined for a search answered at once. */
  queryId?: string;
  /** The status last reported. */
  status?: QueryStatus | string;
  count = 0;
  message = '';
  statusChecks = 0;
  /** Submit to finished (or to the failure), ms. */
  durationMs = 0;
  private immediateIds?: number[];

  constructor(
    readonly spec: SearchSpec,
    private readonly plan: QueryPlan,
    private readonly context: QueryContext,
    private readonly options: QueryOptions = {},
  ) {
    this.queryId = options.queryId;
  }

  /** The generation the search runs on. */
  get via(): SearchInterface {
    return this.plan.via;
  }
  /** The spec's kind, or for a composite search the kind its query was classified as. */
  get kind(): string {
    return this.plan.kind;
  }
  /** True for formula and mass lists: results come in groups. */
  get grouped(): boolean {
    return !this.plan.immediate && this.plan.groups !== undefined;
  }

  /**
   * Submits and waits until the query is finished. Rejects with InputError (before anything is sent),
   * QueryFailedError, TimeoutError, CancelledError or the request's error; the fields above keep the last state.
   */
  async run(options: QueryRunOptions = {}): Promise<this> {
    const { signal } = options;
    const started = this.context.now();
    const progress = (): void =>
      options.onProgress?.({
        queryId: this.queryId,
        status: this.status,
        count: this.count,
        message: this.message,
        statusChecks: this.statusChecks,
        elapsedMs: this.context.now() - started,
      });
    try {
      throwIfAborted(signal);
      this.plan.check?.();
      wholeNumberOf('maxStatusChecks', options.maxStatusChecks, 1);
      const plan = this.plan;
      if (plan.immediate) {
        this.immediateIds = await this.send((call) => plan.ids(call), { signal });
        Object.assign(this, { status: plan.status, count: this.immediateIds.length });
        return this;
      }
      this.queryId = await this.send((call) => plan.submit(call), { signal });
      this.status = 'Created';
      progress();
      const origin = this.context.origin(plan.via);
      const outcome = await pollQuery(this.queryId, (s) => this.send((call) => plan.status(this.queryId as string, call), { signal: s }), {
        maxStatusChecks: options.maxStatusChecks,
        maxWaitMs: options.maxWaitMs,
        maxRetryAfterMs: this.context.maxRetryAfterMs,
        expectedMs: this.context.times.expected(origin, plan.timingKind),
        signal,
        sleep: this.context.sleep,
        now: this.context.now,
        onStatus: (state, check) => {
          Object.assign(this, { status: state.status, count: state.count, message: state.message, statusChecks: check });
          progress();
        },
      });
      this.context.times.learn(origin, plan.timingKind, outcome.readyAfterMs);
      return this;
    } catch (error) {
      if (signal?.aborted && !(error instanceof CancelledError)) throw new CancelledError();
      throw error;
    } finally {
      this.durationMs = this.context.now() - started;
    }
  }

  /** `count` result IDs from `start` (default 0), and whether more follow. The query must have finished. */
  async page(start = 0, count: number = DEFAULT_PAGE, call: CallOptions = {}): Promise<ResultPage> {
    wholeNumberOf('start', start, 0);
    wholeNumberOf('count', count, 1);
    const plan = this.plan;
    if (plan.immediate) {
      const ids = this.immediateIds ?? (this.immediateIds = await this.send((c) => plan.ids(c), call));
      return { ids: ids.slice(start, start + count), more: ids.length > start + count };
    }
    const queryId = this.requireId();
    return this.send((c) => plan.page(queryId, start, count, c), call);
  }

  /** Every result ID (batch searches: of all groups, each once). */
  async allIds(call: CallOptions = {}): Promise<number[]> {
    const plan = this.plan;
    if (plan.immediate) return this.immediateIds ?? (this.immediateIds = await this.send((c) => plan.ids(c), call));
    const queryId = this.requireId();
    return this.send((c) => plan.all(queryId, c), call);
  }

  /** The groups of a batch search (one per formula or mass asked for); one unnamed group otherwise. */
  async groups(call: CallOptions = {}): Promise<ResultGroup[]> {
    const plan = this.plan;
    if (!plan.immediate && plan.groups) {
      const groups = plan.groups.bind(plan);
      const queryId = this.requireId();
      return this.send((c) => groups(queryId, c), call);
    }
    return [{ label: '', ids: await this.allIds(call) }];
  }

  /** One request of this query, through `pace` when the query has one (which then gives the signal to end on). */
  private send<T>(request: (call: CallOptions) => Promise<T>, call: CallOptions): Promise<T> {
    const { pace } = this.options;
    return pace ? pace((signal) => request({ ...call, signal: signal ?? call.signal })) : request(call);
  }

  private requireId(): string {
    if (this.queryId === undefined) throw new Error('the query has not been submitted; run() it first');
    return this.queryId;
  }
}

const DEFAULT_PAGE = 50;
