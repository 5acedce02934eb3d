/**
 * The structure index of the local service: every record's structure (its canonical SMILES) with RDKit's pattern
 * fingerprint, searched by matcher workers (matcher-pool.ts), and a Morgan-fingerprint similarity index. It is built
 * after the service listens, its fingerprints read from data/ (shipped-fingerprints.ts) or, for structures not
 * shipped, computed by the workers, so start-up does not wait for it and no request waits behind it; a structure query waits until it is ready. The build starts a moment after listening, or
 * at the first structure query if that comes sooner. A substructure search runs in a worker and stops at its result
 * bound or its time bound, so it never blocks other requests.
 */
import * as os from 'os';
import { STRUCTURE_LIMITS } from '../../../wire';
import type { StructureToolkit, SubstructureQuery } from '../../toolkits/types';
import type { CompoundRecord } from '../../record';
import { MatcherPool, RECORD_MATCH_MS } from './matcher-pool';
import { buildSharedIndex } from './shared-index';
import { rememberShippedFingerprints } from './shipped-fingerprints';
import { SimilarityIndex, type ScoredPosition } from './similarity-index';
import { SEARCH_QUEUE_LIMITS, stoppedAtMaxResults, stoppedByRecord, stoppedByTime } from './structure-search';
import { WorkQueue, type Ticket } from '../../workers/work-queue';

/** Matcher workers: two, so one long search leaves another worker free; more where there are cores for them. */
const MATCHERS = Math.max(2, Math.min(4, os.availableParallelism() - 1));
export const DEFAULT_SUBSTRUCTURE_TIME_MS = 10_000;
/** How long after construction (the service listening) the build starts unless a structure query asks sooner. */
const BUILD_START_DELAY_MS = 1000;

export interface SubstructureOptions {
  /** The search's place in the queue (`admit`), released when it ends. */
  ticket: Ticket;
  useChirality: boolean;
  maxResults: number;
  /** Milliseconds after which the search stops with what it found. */
  timeLimitMs: number;
  /** Undefined: every record. */
  accept?: (record: CompoundRecord) => boolean;
}

export interface SubstructureOutcome {
  records: CompoundRecord[];
  /** Why the search stopped before checking every record (undefined: it checked them all). */
  stoppedEarly?: string;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class StructureIndex {
  /** Records in record-ID order; a record's position is its index here. */
  private readonly records: CompoundRecord[];
  private readonly matchers: MatcherPool;
  private similarity?: SimilarityIndex;
  /** Admission only: a similarity search runs at once on this thread (a few ms), so none waits behind another. */
  private readonly similarities = new WorkQueue<never>('similarity searches', SEARCH_QUEUE_LIMITS);
  private disposed = false;
  private sharedBytes = 0;
  readonly ready: Promise<void>;
  buildMs = 0;
  /** How many shipped fingerprints the build found, or why it found none. */
  shipped?: { count: number } | { skipped: string };
  /** Starts the build now (once; later calls do nothing). */
  private readonly begin: () => void;
  private readonly startTimer: NodeJS.Timeout;

  /** `shippedDataDir`: a data folder whose shipped fingerprints (shipped-fingerprints.ts) spare the workers computing them. */
  constructor(
    private readonly toolkit: StructureToolkit,
    records: readonly CompoundRecord[],
    private readonly shippedDataDir?: string,
    startDelayMs = BUILD_START_DELAY_MS,
  ) {
    this.records = [...records].sort((a, b) => a.id - b.id);
    this.matchers = new MatcherPool(MATCHERS, this.toolkit.wasmDir);
    let begin!: () => void;
    const asked = new Promise<void>((resolve) => (begin = resolve));
    this.begin = begin;
    this.startTimer = setTimeout(begin, startDelayMs).unref();
    this.ready = asked.then(() => this.build());
    this.ready.catch(() => undefined);
  }

  get size(): number {
    return this.records.length;
  }

  /** Bytes of the index: similarity postings, and the rows, pattern fingerprints and SMILES the workers share. */
  get approximateBytes(): number {
    return (this.similarity?.bytes ?? 0) + this.sharedBytes;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    await turn(); // after the service listens
    if (this.disposed) return;
    this.matchers.prestart();
    if (this.shippedDataDir) this.shipped = await rememberShippedFingerprints(this.shippedDataDir, this.toolkit.wasmDir);
    if (this.disposed) return;
    const built = await buildSharedIndex(
      this.matchers,
      this.records.map((r) => r.smiles),
      () => this.disposed,
    ).catch((err: unknown) => {
      // Closed while building (a one-shot command is done): the workers' unfinished tasks were dropped.
      if (this.disposed) return undefined;
      throw err;
    });
    if (!built) return;
    this.matchers.attach(built.shared);
    this.sharedBytes = built.bytes;
    this.similarity = new SimilarityIndex(built.morgan, STRUCTURE_LIMITS.morganBits);
    this.buildMs = Date.now() - started;
  }

  /** A place in the queue of substructure searches for `caller`, or QueueFull (a 503 before the search is queued). */
  admit(caller: string): Ticket {
    return this.matchers.admit(caller);
  }

  /** Records containing the query, in record-ID order, within the bounds of `options`. */
  async substructure(query: SubstructureQuery, options: SubstructureOptions): Promise<SubstructureOutcome> {
    this.begin();
    try {
      await this.ready;
      if (this.disposed) throw new Error('the structure index was closed');
    } catch (err) {
      options.ticket.release();
      throw err;
    }
    // The time bound counts from here: a search asked while the index builds waits for it first.
    const started = Date.now();
    const accept = options.accept;
    let allowed: Uint8Array | undefined;
    if (accept) {
      // Shared memory: every slice of the search, on whichever worker, reads it in place.
      allowed = new Uint8Array(new SharedArrayBuffer(this.records.length));
      this.records.forEach((r, p) => (allowed![p] = accept(r) ? 1 : 0));
    }
    const end = await this.matchers.search(options.ticket, {
      query: query.text,
      format: query.format,
      useChirality: options.useChirality,
      maxResults: options.maxResults,
      from: 0,
      deadline: started + options.timeLimitMs,
      allowed,
    });
    const found = end.positions.map((p) => this.records[p]);
    if (end.stopped === 'maxResults') return { records: found, stoppedEarly: stoppedAtMaxResults(options.maxResults) };
    if (end.stopped === 'time') return { records: found, stoppedEarly: stoppedByTime(options.timeLimitMs, end.checked, this.records.length) };
    if (end.stopped === 'overrun') {
      return { records: found, stoppedEarly: stoppedByRecord(Date.now() - started, RECORD_MATCH_MS, end.checked, this.records.length) };
    }
    return { records: found };
  }

  /** A place among the similarity searches for `caller`, or QueueFull (a 503 before the search is queued). */
  admitSimilarity(caller: string): Ticket {
    return this.similarities.admit(caller);
  }

  /** The `max` records most similar to the structure whose Morgan bits are `bits`, with score >= threshold; the ticket is released when it ends. */
  async similar(
    ticket: Ticket,
    bits: Uint16Array,
    threshold: number,
    max: number,
    accept?: (record: CompoundRecord) => boolean,
  ): Promise<Array<{ record: CompoundRecord; score: number }>> {
    try {
      this.begin();
      await this.ready;
      if (this.disposed || !this.similarity) throw new Error('the structure index was closed');
      const hits: ScoredPosition[] = this.similarity.search(
        bits,
        threshold,
        max,
        accept && ((p) => accept(this.records[p])),
        (p) => this.records[p].id,
      );
      return hits.map((h) => ({ record: this.records[h.position], score: h.score }));
    } finally {
      ticket.release();
    }
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.startTimer);
    this.begin();
    this.matchers.dispose();
  }
}
