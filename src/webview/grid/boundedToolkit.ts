/**
 * The grid's toolkit as the page sees it: RDKit in a Web Worker (toolkitWorker.ts), so no record and no query can
 * hold the page. Calls wait in one queue (what a person waits for, drawing and actions, ahead of background work)
 * and run one at a time; the worker answers each item as it finishes it, and one silent past the item's deadline is
 * terminated and replaced, the call failing with `ToolkitStopped` (which item, after how long).
 */
import { STRUCTURE_LIMITS } from '../../wire/structure-search';
import type { FromWorker, ToolkitMethod, ToolkitMethods, ToWorker } from './toolkitProtocol';

export const GRID_TOOLKIT_BOUNDS = {
  /** how long one item of a call (a record drawn, read, identified; a query read) may take */
  itemMs: 5000,
  /** how long one record's substructure match (with reading it) may take: the service's bound on a record */
  matchMs: STRUCTURE_LIMITS.recordMatchMs,
  /** how long a new worker may take to load the toolkit (a loaded machine compiles 7 MB of WASM slowly) */
  loadMs: 120_000,
};

/** Where the worker's script and the toolkit's WASM come from (files beside the page's script). */
export interface ToolkitSource {
  workerUrl: string;
  wasmUrl: string;
}

/** A call stopped at its deadline: the worker was still on item `index` after `ms` milliseconds; `partial` holds the items before it. */
export class ToolkitStopped extends Error {
  constructor(
    readonly index: number,
    readonly ms: number,
    readonly partial: unknown[],
  ) {
    super(`stopped after ${ms / 1000} s`);
  }
}

export type Priority = 'now' | 'background';

interface Job {
  method: ToolkitMethod;
  items: string[];
  options: unknown;
  itemMs: number;
  priority: Priority;
  results: unknown[];
  onItem?: (index: number, result: unknown) => void;
  resolve: (results: unknown[]) => void;
  reject: (e: Error) => void;
}

interface Running {
  id: number;
  job: Job;
  heardAt: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A worker running `script`, started from a URL the page's policy allows: a `blob:` URL (the grid editors' policy
 * names it; a notebook's webview has no policy by default), else a `data:` URL (a notebook's webview with VS Code's
 * experimental policy allows `child-src data:` only). A `data:` worker has an origin of its own: it gets the bytes.
 */
function startWorker(script: string): { worker: Worker; ownOrigin: boolean } {
  const blob = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  try {
    return { worker: new Worker(blob), ownOrigin: false };
  } catch {
    URL.revokeObjectURL(blob);
    return { worker: new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(script)}`), ownOrigin: true };
  }
}

export class BoundedToolkit {
  private readonly script: Promise<string>;
  private readonly wasm: Promise<{ module?: WebAssembly.Module; bytes: ArrayBuffer }>;
  private worker: Worker | undefined;
  private workerReady: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private running: Running | undefined;
  private nextId = 1;
  /** Resolves once the first worker has loaded the toolkit; rejects when it could not. */
  readonly ready: Promise<void>;

  constructor(source: ToolkitSource) {
    this.script = fetch(source.workerUrl).then((r) => {
      if (!r.ok) throw new Error(`the toolkit worker's script did not load (HTTP ${r.status})`);
      return r.text();
    });
    this.wasm = fetch(source.wasmUrl)
      .then((r) => {
        if (!r.ok) throw new Error(`the toolkit's WASM did not load (HTTP ${r.status})`);
        return r.arrayBuffer();
      })
      .then(async (bytes) => ({ bytes, module: await WebAssembly.compile(bytes).catch(() => undefined) }));
    this.ready = this.spawn();
  }

  /** Runs `method` over `items`; `onItem` hears each item's answer as it comes. */
  run<M extends ToolkitMethod>(
    method: M,
    items: string[],
    options: ToolkitMethods[M]['options'],
    how: { priority?: Priority; itemMs?: number; onItem?: (index: number, result: ToolkitMethods[M]['result']) => void } = {},
  ): Promise<Array<ToolkitMethods[M]['result']>> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        method,
        items,
        options,
        itemMs: how.itemMs ?? GRID_TOOLKIT_BOUNDS.itemMs,
        priority: how.priority ?? 'now',
        results: [],
        onItem: how.onItem as Job['onItem'],
        resolve: resolve as Job['resolve'],
        reject,
      };
      if (job.priority === 'now') {
        const firstBackground = this.queue.findIndex((j) => j.priority === 'background');
        this.queue.splice(firstBackground < 0 ? this.queue.length : firstBackground, 0, job);
      } else this.queue.push(job);
      void this.pump();
    });
  }

  private spawn(): Promise<void> {
    const ready = Promise.all([this.script, this.wasm]).then(
      ([script, wasm]) =>
        new Promise<void>((resolve, reject) => {
          const { worker, ownOrigin } = startWorker(script);
          this.worker = worker;
          const timer = setTimeout(
            () => fail(new Error(`the toolkit did not load in ${GRID_TOOLKIT_BOUNDS.loadMs / 1000} s`)),
            GRID_TOOLKIT_BOUNDS.loadMs,
          );
          const fail = (e: Error) => {
            clearTimeout(timer);
            worker.terminate();
            reject(e);
          };
          worker.onerror = (e) => fail(new Error(`the toolkit worker failed: ${e.message || 'no reason given'}`));
          worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
            if (data.kind === 'failed') return fail(new Error(data.message));
            if (data.kind !== 'ready') return;
            clearTimeout(timer);
            worker.onerror = () => this.lost('the toolkit worker stopped');
            worker.onmessage = ({ data }: MessageEvent<FromWorker>) => this.heard(data);
            resolve();
          };
          // The compiled module when the worker may take it (one compilation for every worker), else a copy of the bytes.
          const given = wasm.module && !ownOrigin ? wasm.module : wasm.bytes.slice(0);
          worker.postMessage({ kind: 'init', wasm: given } satisfies ToWorker);
        }),
    );
    this.workerReady = ready;
    return ready;
  }

  private async pump(): Promise<void> {
    if (this.running || !this.queue.length) return;
    const ready = this.workerReady;
    try {
      await ready;
    } catch (e) {
      for (const job of this.queue.splice(0)) job.reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (this.running || !this.queue.length || ready !== this.workerReady) return void this.pump();
    const job = this.queue.shift()!;
    const id = this.nextId++;
    this.running = { id, job, heardAt: performance.now(), timer: setTimeout(() => this.watch(), job.itemMs) };
    this.worker!.postMessage({ kind: 'call', id, method: job.method, items: job.items, options: job.options } satisfies ToWorker);
  }

  /** The running call's deadline: silent for an item's time, its worker is replaced and the call fails. */
  private watch(): void {
    const running = this.running;
    if (!running) return;
    const silent = performance.now() - running.heardAt;
    if (silent < running.job.itemMs) {
      running.timer = setTimeout(() => this.watch(), running.job.itemMs - silent);
      return;
    }
    this.replace(new ToolkitStopped(running.job.results.length, running.job.itemMs, running.job.results));
  }

  private heard(message: FromWorker): void {
    const running = this.running;
    if (!running || !('id' in message) || message.id !== running.id) return;
    running.heardAt = performance.now();
    const job = running.job;
    if (message.kind === 'item') {
      job.results[message.index] = message.result;
      job.onItem?.(message.index, message.result);
      return;
    }
    clearTimeout(running.timer);
    this.running = undefined;
    if (message.kind === 'done') job.resolve(job.results);
    else {
      // RDKit may be left broken by what failed inside it: the next call gets a fresh worker.
      job.reject(new Error(message.kind === 'error' ? message.message : 'unexpected answer'));
      this.replace(undefined);
      return;
    }
    void this.pump();
  }

  private lost(reason: string): void {
    this.replace(new Error(reason));
  }

  /** Terminates the worker, fails its call with `error`, and starts another for the calls waiting. */
  private replace(error: Error | undefined): void {
    const running = this.running;
    this.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      if (error) running.job.reject(error);
    }
    this.worker?.terminate();
    void this.spawn().catch(() => undefined);
    void this.pump();
  }
}
