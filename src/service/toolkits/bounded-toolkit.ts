/**
 * Toolkit calls on a request's input, each in a toolkit worker (toolkit-worker.ts) that is terminated and replaced
 * when the call passes its deadline, so no input can hold the service's event loop: the main thread never runs RDKit
 * or Indigo on what a request sent. Calls wait in a bounded fair queue (work-queue.ts: 503 when full). The workers
 * start on the first call (or `warm()`), and an idle one keeps no process alive.
 */
import * as path from 'path';
import { Worker } from 'node:worker_threads';
import { currentCaller } from '../http/caller';
import { rdkitForWorker } from './rdkit';
import { WorkQueue, type Ticket, type WorkQueueLimits } from '../workers/work-queue';
import type { WarmUp } from './types';
import type { CallArgs, CallResult, FromToolkitWorker, ToolkitCall, ToolkitWorkerData, ToToolkitWorker } from './toolkit-calls';

export const TOOLKIT_BOUNDS = {
  /** how long one toolkit call on a request's input may run before its worker is terminated */
  callMs: 5000,
  /** toolkit workers at most */
  workers: 2,
};

/** Toolkit calls admitted at once (waiting or running), and one API key's share of them: past it a 503. */
export const TOOLKIT_QUEUE_LIMITS: WorkQueueLimits = { admitted: 64, perCaller: 32, retryAfterSeconds: 2 };

/** A call cut short because the service is shutting down: a 503, not an internal error. */
export class ServiceClosing extends Error {
  constructor() {
    super('The service is shutting down; try again once it is back.');
  }
}

/** A call stopped at its deadline: a 400 naming the input it was given. */
export class ToolkitTimeLimit extends Error {
  constructor(
    readonly field: string,
    readonly ms: number,
  ) {
    super(
      `${field} was too costly for the chemistry toolkit: it was stopped after ${ms / 1000} s (each toolkit call on a request's input has ${ms / 1000} s)`,
    );
  }
}

interface CallJob {
  ticket: Ticket;
  field: string;
  message: Omit<ToToolkitWorker, 'id'>;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: CallJob;
  id?: number;
  started?: number;
  timer?: NodeJS.Timeout;
}

export interface BoundedToolkitOptions {
  wasmDir?: string;
  /** What each worker does while loading (ChemistryOptions.warmUp; default 'describe-and-draw'). */
  warmUp?: WarmUp;
  callMs?: number;
  workers?: number;
  limits?: WorkQueueLimits;
  log?: (line: string) => void;
}

export class BoundedToolkit {
  private readonly slots: Slot[] = [];
  private readonly queue: WorkQueue<CallJob>;
  private readonly callMs: number;
  private readonly size: number;
  private nextId = 1;
  private disposed = false;
  /** Workers terminated at a deadline or lost (tests, logs). */
  replaced = 0;

  constructor(private readonly options: BoundedToolkitOptions = {}) {
    this.callMs = options.callMs ?? TOOLKIT_BOUNDS.callMs;
    this.size = options.workers ?? TOOLKIT_BOUNDS.workers;
    this.queue = new WorkQueue('toolkit calls', options.limits ?? TOOLKIT_QUEUE_LIMITS);
  }

  /** Starts one worker now, so the first call does not wait for its toolkit to load. */
  warm(): void {
    if (!this.disposed && this.slots.length === 0) this.slots.push(this.spawn());
  }

  /**
   * Runs `call` in a worker for the current request's caller; `field` names the input in a ToolkitTimeLimit.
   * Throws QueueFull at once when the queue or the caller's share is full.
   */
  run<C extends ToolkitCall>(field: string, call: C, ...args: CallArgs<C>): Promise<CallResult<C>> {
    if (this.disposed) return Promise.reject(new ServiceClosing());
    const ticket = this.queue.admit(currentCaller());
    return new Promise<CallResult<C>>((resolve, reject) => {
      this.queue.push({
        ticket,
        field,
        message: { call, args },
        ...ticket.settle((result: unknown) => resolve(result as CallResult<C>), reject),
      });
      this.dispatch();
    });
  }

  dispose(): void {
    this.disposed = true;
    const closing = new ServiceClosing();
    for (const job of this.queue.drain()) job.reject(closing);
    for (const slot of this.slots) {
      this.finish(slot)?.reject(closing);
      slot.worker.removeAllListeners();
      void slot.worker.terminate();
    }
    this.slots.length = 0;
  }

  private spawn(): Slot {
    // Beside this file: out/src/service/toolkits/ when compiled, dist/ in the bundles (esbuild.js builds it there).
    const worker = new Worker(path.join(__dirname, 'toolkit-worker.js'), {
      workerData: {
        wasmDir: this.options.wasmDir,
        warmUp: this.options.warmUp,
        rdkitModule: rdkitForWorker(this.options.wasmDir),
      } satisfies ToolkitWorkerData,
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (message: FromToolkitWorker) => this.received(slot, message));
    worker.on('error', (err) => this.lost(slot, err));
    worker.on('exit', (code) => this.lost(slot, new Error(`a toolkit worker exited (code ${code})`)));
    return slot;
  }

  private dispatch(): void {
    if (this.disposed) return;
    if (this.queue.waitingCount > this.slots.filter((s) => !s.job).length && this.slots.length < this.size) this.slots.push(this.spawn());
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.queue.next();
      if (!job) return;
      const id = this.nextId++;
      Object.assign(slot, { job, id, started: Date.now() });
      slot.worker.ref();
      slot.worker.postMessage({ id, ...job.message } satisfies ToToolkitWorker);
    }
  }

  private finish(slot: Slot): CallJob | undefined {
    const job = slot.job;
    if (job && slot.started !== undefined) this.queue.served(job.ticket, Date.now() - slot.started);
    clearTimeout(slot.timer);
    slot.job = slot.id = slot.started = slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  private received(slot: Slot, message: FromToolkitWorker): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      return;
    }
    if (!slot.job || message.id !== slot.id) return;
    if (message.type === 'started') {
      const id = slot.id;
      slot.timer = setTimeout(() => this.overrun(slot, id), this.callMs);
      return;
    }
    const job = this.finish(slot)!;
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(new Error(`chemistry toolkit: ${message.message}`));
    if (message.type === 'done' && message.retiring) this.replace(slot);
    else this.dispatch();
  }

  /** The call outlived its deadline: the worker is terminated, the caller told which input was too costly. */
  private overrun(slot: Slot, id: number): void {
    if (slot.id !== id || !slot.job) return;
    const job = this.finish(slot)!;
    this.options.log?.(`chemistry: a toolkit call (${job.message.call} of ${job.field}) passed its ${this.callMs} ms; its worker was replaced`);
    job.reject(new ToolkitTimeLimit(job.field, this.callMs));
    this.replace(slot);
  }

  private lost(slot: Slot, err: Error): void {
    if (!this.slots.includes(slot)) return;
    this.finish(slot)?.reject(err);
    // A worker that could not even load its toolkit would fail again at once: the waiting calls fail with it.
    if (!slot.ready) for (const job of this.queue.drain()) job.reject(err);
    this.replace(slot);
  }

  private replace(slot: Slot): void {
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    if (this.disposed) return;
    this.replaced++;
    // A fresh worker loads its toolkit now, so the next call does not wait for it.
    if (slot.ready) this.slots.push(this.spawn());
    this.dispatch();
  }
}
