/**
 * The matcher workers of the structure index (node:worker_threads, each with its own RDKit): the first fingerprints
 * the records while the index is built; they run substructure searches, one task per worker at a time (a further
 * worker starts when a search would wait), so a slow search holds a worker and never the service's event loop. A
 * search that outlives its time bound by GRACE_MS (inside one record, where RDKit's matcher cannot look at the clock)
 * has its worker terminated: it ends with the matches reported so far, and a fresh worker takes its place.
 */
import * as path from 'path';
import { Worker } from 'node:worker_threads';
import type { FingerprintBatch, FromWorker, SearchEnd, SearchTask, SharedIndex, ToWorker, WorkerStart } from './substructure-protocol';

/** How long past its time bound a search may run before its worker is terminated. */
const GRACE_MS = 1000;

type Job =
  | { kind: 'fingerprints'; smiles: string[]; resolve: (batch: FingerprintBatch) => void; reject: (err: Error) => void }
  | { kind: 'search'; task: SearchTask; resolve: (end: SearchEnd) => void; reject: (err: Error) => void };

interface Slot {
  worker: Worker;
  job?: Job & { id: number; found: number[]; checked: number; timer?: NodeJS.Timeout };
}

export class MatcherPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private index?: SharedIndex;
  private nextId = 1;
  private disposed = false;
  /** Workers terminated or lost while a task ran (a search past its bound, or a crash). */
  replaced = 0;

  /** The workers start with the first task (a one-shot command that never searches starts none). */
  constructor(
    private readonly size: number,
    private readonly wasmDir?: string,
  ) {}

  /** Starts the first worker now, so that it has loaded RDKit when the first search comes (fingerprints may all be shipped). */
  prestart(): void {
    if (this.slots.length === 0 && !this.disposed) this.slots.push(this.spawn());
  }

  fingerprints(smiles: string[]): Promise<FingerprintBatch> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'fingerprints', smiles, resolve, reject }));
  }

  /** Every worker, and every worker started later, searches this index. */
  attach(index: SharedIndex): void {
    this.index = index;
    for (const slot of this.slots) this.post(slot, { type: 'index', index });
  }

  /** Matches of the task's query, in record-position order, within its bounds. */
  search(task: SearchTask): Promise<SearchEnd> {
    if (!this.index) return Promise.reject(new Error('the structure index is not built'));
    return new Promise((resolve, reject) => this.enqueue({ kind: 'search', task, resolve, reject }));
  }

  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the structure index was closed'));
    for (const slot of this.slots) {
      const job = slot.job;
      slot.job = undefined;
      if (job) clearTimeout(job.timer);
      job?.reject(new Error('the structure index was closed'));
      void slot.worker.terminate();
    }
  }

  private spawn(): Slot {
    const start: WorkerStart = { wasmDir: this.wasmDir };
    // Beside this file: out/src/service/structure/ when compiled, dist/ in the bundles (esbuild.js builds it there).
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
    const transfer = message.type === 'search' && message.task.allowed ? [message.task.allowed.buffer as ArrayBuffer] : [];
    slot.worker.postMessage(message, transfer);
  }

  private enqueue(job: Job): void {
    if (this.disposed) return job.reject(new Error('the structure index was closed'));
    // One worker fingerprints the index; another starts only for a search that would wait (measured: a second worker
    // fingerprinting alongside the first left the process ~150 MB larger for good, and built no faster on 2 busy cores).
    const busy = this.slots.every((slot) => slot.job);
    if (this.slots.length === 0 || (job.kind === 'search' && busy && this.slots.length < this.size)) this.slots.push(this.spawn());
    this.queue.push(job);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift() as Job;
      const running: NonNullable<Slot['job']> = { ...job, id: this.nextId++, found: [], checked: 0 };
      slot.job = running;
      slot.worker.ref();
      if (job.kind === 'fingerprints') this.post(slot, { type: 'fingerprints', id: running.id, smiles: job.smiles });
      else this.post(slot, { type: 'search', id: running.id, task: job.task });
    }
  }

  private finish(slot: Slot): NonNullable<Slot['job']> | undefined {
    const job = slot.job;
    slot.job = undefined;
    if (job) clearTimeout(job.timer);
    slot.worker.unref();
    return job;
  }

  private received(slot: Slot, message: FromWorker): void {
    const job = slot.job;
    if (message.type === 'ready' || !job || message.id !== job.id) return;
    if (message.type === 'started' && job.kind === 'search') {
      // Armed when the worker starts (a fresh worker loads RDKit first), as the worker's own clock is.
      job.timer = setTimeout(() => this.overrun(slot, job.id), job.task.timeLimitMs + GRACE_MS);
      return;
    }
    if (message.type === 'progress') {
      job.found.push(...message.positions);
      job.checked = message.checked;
      return;
    }
    this.finish(slot);
    if (message.type === 'failed') job.reject(new Error(`structure matcher: ${message.message}`));
    else if (message.type === 'fingerprints' && job.kind === 'fingerprints') job.resolve(message.batch);
    else if (message.type === 'done' && job.kind === 'search') job.resolve({ ...message.end, positions: job.found.concat(message.end.positions) });
    this.dispatch();
  }

  /** The search outlived its bound (one record RDKit's matcher is still in): end it with what it found. */
  private overrun(slot: Slot, id: number): void {
    const job = slot.job;
    if (!job || job.id !== id || job.kind !== 'search') return;
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
