/**
 * The matcher workers of the structure index (node:worker_threads, each with its own RDKit): the first fingerprints
 * the records while the index is built; they run substructure searches, one task per worker at a time (a further
 * worker starts when a search would wait), so a slow search holds a worker and never the service's event loop.
 * A search runs in slices of SEARCH_SLICE_MS: after each it waits in the fair queue again (work-queue.ts), so a short
 * search goes before slow ones that have run, and it ends at its deadline with what it found. A slice that outlives
 * its end by RECORD_MATCH_MS (inside one record, where RDKit's matcher cannot look at the clock) has its worker
 * terminated: the search ends with the matches reported so far, and a fresh worker takes its place.
 * Over the PostgreSQL store the database screens and the workers match: the store's own fair queue
 * (store/postgres/screened-substructure.ts) hands them a query to read (`queryPattern`) and slices of candidates
 * (`matchCandidates`), which go before the searches of this pool's queue and are bounded the same way.
 */
import * as path from 'path';
import { Worker } from 'node:worker_threads';
import { WorkQueue, type Ticket, type WorkQueueLimits } from '../../workers/work-queue';
import { SEARCH_QUEUE_LIMITS, SEARCH_SLICE_MS } from './structure-search';
import { STRUCTURE_LIMITS } from '../../../wire';
import { rdkitForWorker } from '../../toolkits/rdkit';
import type { CandidateTask, FingerprintBatch, FromWorker, SearchEnd, SearchTask, SharedIndex, ToWorker, WorkerStart } from './substructure-protocol';

/** How long past its slice's end RDKit's matcher may spend on one record before its worker is terminated. */
export const RECORD_MATCH_MS = STRUCTURE_LIMITS.recordMatchMs;

interface FingerprintJob {
  kind: 'fingerprints';
  smiles: string[];
  resolve: (batch: FingerprintBatch) => void;
  reject: (err: Error) => void;
}

interface SearchJob {
  kind: 'search';
  ticket: Ticket;
  task: Omit<SearchTask, 'sliceEnd'>;
  found: number[];
  checked: number;
  /** It has had a slice: past its deadline it then ends in the queue (every search checks at least its first records). */
  ran: boolean;
  resolve: (end: SearchEnd) => void;
  reject: (err: Error) => void;
}

/** A slice of candidates a database's screen let through (positions: indexes into `task.smiles`). */
interface CandidateJob {
  kind: 'candidates';
  task: Omit<CandidateTask, 'sliceEnd'>;
  sliceMs: number;
  found: number[];
  checked: number;
  resolve: (end: SearchEnd) => void;
  reject: (err: Error) => void;
}

interface PatternJob {
  kind: 'pattern';
  query: string;
  format: SearchTask['format'];
  resolve: (pattern: Uint8Array | undefined) => void;
  reject: (err: Error) => void;
}

/** Jobs served in arrival order, before the fair queue's searches. */
type DirectJob = FingerprintJob | CandidateJob | PatternJob;
type Job = DirectJob | SearchJob;
/** Jobs bounded in time: past their slice's end plus RECORD_MATCH_MS their worker is terminated. */
type TimedJob = SearchJob | CandidateJob;

interface Slot {
  worker: Worker;
  job?: Job;
  id?: number;
  started?: number;
  timer?: NodeJS.Timeout;
}

export class MatcherPool {
  private readonly slots: Slot[] = [];
  private readonly directJobs: DirectJob[] = [];
  private readonly searches: WorkQueue<SearchJob>;
  private index?: SharedIndex;
  private nextId = 1;
  private disposed = false;
  /** Workers terminated or lost while a task ran (a slice past its bound, or a crash). */
  replaced = 0;

  /** The workers start with the first task (a one-shot command that never searches starts none). */
  constructor(
    private readonly size: number,
    private readonly wasmDir?: string,
    limits: WorkQueueLimits = SEARCH_QUEUE_LIMITS,
  ) {
    this.searches = new WorkQueue('substructure searches', limits);
  }

  /** Starts the first worker now, so that it has loaded RDKit when the first search comes (fingerprints may all be shipped). */
  prestart(): void {
    if (this.slots.length === 0 && !this.disposed) this.slots.push(this.spawn());
  }

  fingerprints(smiles: string[]): Promise<FingerprintBatch> {
    return this.direct((resolve, reject) => ({ kind: 'fingerprints', smiles, resolve, reject }));
  }

  /** The query's pattern fingerprint (a database's screen), or undefined when RDKit cannot read it. */
  queryPattern(query: string, format: SearchTask['format']): Promise<Uint8Array | undefined> {
    return this.direct((resolve, reject) => ({ kind: 'pattern', query, format, resolve, reject }));
  }

  /**
   * Matches among candidates for `sliceMs` at most (from when a worker starts on them): 'overrun' when RDKit's matcher
   * held one record RECORD_MATCH_MS past that (the worker was terminated; the matches before it are kept).
   */
  matchCandidates(task: Omit<CandidateTask, 'sliceEnd'>, sliceMs: number): Promise<SearchEnd> {
    return this.direct((resolve, reject) => ({ kind: 'candidates', task, sliceMs, found: [], checked: 0, resolve, reject }));
  }

  private direct<T>(job: (resolve: (value: T) => void, reject: (err: Error) => void) => DirectJob): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.disposed) return reject(new Error('the structure index was closed'));
      this.directJobs.push(job(resolve, reject));
      if (this.slots.length === 0) this.slots.push(this.spawn());
      this.dispatch();
    });
  }

  /** Every worker, and every worker started later, searches this index. */
  attach(index: SharedIndex): void {
    this.index = index;
    for (const slot of this.slots) this.post(slot, { type: 'index', index });
  }

  /** A place in the queue for one search of `caller` (an API key's hash), or QueueFull: taken when the search is asked. */
  admit(caller: string): Ticket {
    return this.searches.admit(caller);
  }

  /** Matches of the task's query, in record-position order, within its bounds; the ticket is released when it ends. */
  search(ticket: Ticket, task: Omit<SearchTask, 'sliceEnd'>): Promise<SearchEnd> {
    if (!this.index) {
      ticket.release();
      return Promise.reject(new Error('the structure index is not built'));
    }
    return new Promise((resolve, reject) => {
      const job: SearchJob = {
        kind: 'search',
        ticket,
        task,
        found: [],
        checked: task.from,
        ran: false,
        ...ticket.settle(resolve, reject),
      };
      if (this.disposed) return job.reject(new Error('the structure index was closed'));
      this.searches.push(job);
      this.dispatch();
    });
  }

  dispose(): void {
    this.disposed = true;
    const closed = new Error('the structure index was closed');
    for (const job of [...this.directJobs.splice(0), ...this.searches.drain()]) job.reject(closed);
    for (const slot of this.slots) {
      const job = this.finish(slot);
      job?.reject(closed);
      void slot.worker.terminate();
    }
  }

  private spawn(): Slot {
    const start: WorkerStart = { wasmDir: this.wasmDir, rdkitModule: rdkitForWorker(this.wasmDir) };
    // Beside this file: out/src/service/search/structure/ when compiled, dist/ in the bundles (esbuild.js builds it there).
    const worker = new Worker(path.join(__dirname, 'substructure-worker.js'), { workerData: start });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: FromWorker) => this.received(slot, message));
    worker.on('error', (err) => this.lost(slot, err));
    worker.on('exit', (code) => this.lost(slot, new Error(`a structure matcher worker exited (code ${code})`)));
    if (this.index) this.post(slot, { type: 'index', index: this.index });
    return slot;
  }

  private post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  /** The next job: direct jobs first, then the fair queue's next search (one that has run and is past its deadline ends here). */
  private nextJob(): Job | undefined {
    const direct = this.directJobs.shift();
    if (direct) return direct;
    for (let job = this.searches.next(); job; job = this.searches.next()) {
      if (!job.ran || Date.now() < job.task.deadline) return job;
      job.resolve({ positions: job.found, checked: job.checked, stopped: 'time' });
    }
    return undefined;
  }

  private dispatch(): void {
    if (this.disposed) return;
    // One worker fingerprints the index; another starts only for a search that would wait (measured: a second worker
    // fingerprinting alongside the first left the process ~150 MB larger for good, and built no faster on 2 busy cores).
    const waiting = this.searches.waitingCount + this.directJobs.filter((j) => j.kind !== 'fingerprints').length;
    if (waiting > 0 && this.slots.every((s) => s.job) && this.slots.length < this.size) this.slots.push(this.spawn());
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.nextJob();
      if (!job) return;
      slot.job = job;
      slot.id = this.nextId++;
      slot.worker.ref();
      if (job.kind === 'fingerprints') this.post(slot, { type: 'fingerprints', id: slot.id, smiles: job.smiles });
      else if (job.kind === 'pattern') this.post(slot, { type: 'pattern', id: slot.id, query: job.query, format: job.format });
      else if (job.kind === 'candidates')
        this.post(slot, { type: 'candidates', id: slot.id, task: { ...job.task, sliceEnd: 0 }, sliceMs: job.sliceMs });
      else {
        job.ran = true;
        const task: SearchTask = { ...job.task, from: job.checked, maxResults: job.task.maxResults - job.found.length, sliceEnd: 0 };
        this.post(slot, { type: 'search', id: slot.id, task, sliceMs: SEARCH_SLICE_MS });
      }
    }
  }

  private finish(slot: Slot): Job | undefined {
    const job = slot.job;
    if (job?.kind === 'search' && slot.started !== undefined) this.searches.served(job.ticket, Date.now() - slot.started);
    clearTimeout(slot.timer);
    slot.job = slot.id = slot.started = slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  private received(slot: Slot, message: FromWorker): void {
    const job = slot.job;
    if (message.type === 'ready' || !job || message.id !== slot.id) return;
    if (message.type === 'started' && isTimed(job)) {
      // Armed when the worker starts (a fresh worker loads RDKit first), as the worker's own clock is.
      slot.started = Date.now();
      const sliceMs = job.kind === 'search' ? SEARCH_SLICE_MS : job.sliceMs;
      const sliceLeft = Math.max(0, Math.min(sliceMs, job.task.deadline - slot.started));
      const id = slot.id;
      slot.timer = setTimeout(() => this.overrun(slot, id), sliceLeft + RECORD_MATCH_MS);
      return;
    }
    if (message.type === 'progress' && isTimed(job)) {
      job.found.push(...message.positions);
      job.checked = message.checked;
      return;
    }
    this.finish(slot);
    if (message.type === 'failed') job.reject(new Error(`structure matcher: ${message.message}`));
    else if (message.type === 'fingerprints' && job.kind === 'fingerprints') job.resolve(message.batch);
    else if (message.type === 'pattern' && job.kind === 'pattern') job.resolve(message.pattern);
    else if (message.type === 'done' && job.kind === 'candidates') {
      job.found.push(...message.end.positions);
      job.resolve({ positions: job.found, checked: message.end.checked, stopped: message.end.stopped });
    } else if (message.type === 'done' && job.kind === 'search') {
      job.found.push(...message.end.positions);
      job.checked = message.end.checked;
      if (message.end.stopped === 'slice') this.searches.push(job);
      else job.resolve({ positions: job.found, checked: job.checked, stopped: message.end.stopped });
    }
    this.dispatch();
  }

  /** The slice outlived its bound (one record RDKit's matcher is still in): end the search with what it found. */
  private overrun(slot: Slot, id: number | undefined): void {
    const job = slot.job;
    if (!job || slot.id !== id || !isTimed(job)) return;
    this.finish(slot);
    job.resolve({ positions: job.found, checked: job.checked, stopped: 'overrun' });
    this.replace(slot);
  }

  private lost(slot: Slot, err: Error): void {
    if (!this.slots.includes(slot)) return;
    const job = this.finish(slot);
    job?.reject(err);
    this.replace(slot);
  }

  private replace(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (this.disposed) return;
    this.replaced++;
    this.slots[at] = this.spawn();
    this.dispatch();
  }
}

const isTimed = (job: Job): job is TimedJob => job.kind === 'search' || job.kind === 'candidates';
