/**
 * The bulk resolver: identifiers of any kind in, one row out per input in input order. Duplicates are asked once,
 * the cache is consulted first, every answer is written to it as it arrives, records are fetched 100 a request, and
 * every request is paced by a RequestGate and retried when the connection drops or the server is busy. Rows are
 * handed to `onRow` in input order as soon as they and every row before them are complete.
 */
import { setMaxListeners } from 'events';
import { LIMITS, type IdentityLevel, type QueryKind } from '../../wire';
import type { CompoundDbClient } from '../client';
import { CancelledError, CompoundDbError } from '../errors';
import { backendFor, type ResolveBackend, type SearchedKind, type Send } from './backends';
import { parseIdentifier } from './identifier';
import { RequestGate, type GateOptions } from './request-gate';
import { MemoryResolveCache, type ResolveCache, type ResolvedRecord, type ResolveMatch } from './resolve-cache';

export type ResolveStatus = 'found' | 'ambiguous' | 'not_found' | 'error';

export interface ResolveRow {
  input: string;
  status: ResolveStatus;
  /** How the record was found: `id`, `name`, or the identity level of a structure (shared/beyond-the-spec.md 4). */
  match?: ResolveMatch;
  /** The record given: the only match, or the first of several. */
  record?: ResolvedRecord;
  /** Why a row is ambiguous, not found or an error. */
  message: string;
}

export interface ResolveProgress {
  total: number;
  /** Rows complete and handed out, in order. */
  done: number;
  found: number;
  ambiguous: number;
  notFound: number;
  errors: number;
  /** Distinct identifiers that need a search, and how many of those searches have ended. */
  searches: number;
  searched: number;
  /** Requests sent so far (retries included). */
  requests: number;
}

export interface BulkResolveOptions extends GateOptions {
  cache?: ResolveCache;
  signal?: AbortSignal;
  /** Each row, in input order, as soon as it is complete. `index` counts from 0 over `inputs`. */
  onRow?: (row: ResolveRow, index: number) => void;
  onProgress?: (progress: ResolveProgress) => void;
  /** Tries per request when the connection drops, times out or the server is busy; default 5. */
  attempts?: number;
  /** Wait before the second try, doubled each time after; default 500 ms. */
  retryBaseMs?: number;
}

interface Entry {
  kind: QueryKind;
  ids?: readonly number[];
  match?: ResolveMatch;
  error?: string;
}

const STRUCTURE_KINDS = new Set<QueryKind>(['inchikey', 'inchi', 'smiles']);

const DEFAULT_CONCURRENCY = 8;
const TRANSIENT = new Set(['Network', 'Timeout', 'Rate', 'Unavailable']);
/** Failures every later request would meet too: the run stops with them rather than writing them on every row. */
const FATAL_KINDS = new Set(['Authorization', 'LegacyAuthorization', 'Configuration', 'ApiKeyRequired', 'TokenRequired']);
const FATAL_NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export async function resolveIdentifiers(
  client: CompoundDbClient,
  inputs: readonly string[],
  options: BulkResolveOptions = {},
): Promise<ResolveRow[]> {
  return new BulkRun(client, inputs, options).run();
}

class BulkRun {
  private readonly gate: RequestGate;
  private readonly concurrency: number;
  private readonly cache: ResolveCache;
  /** Ends every wait of this run: the caller's cancel, or a fatal failure. */
  private readonly controller = new AbortController();
  private readonly signal: AbortSignal;
  private fatal?: unknown;
  private readonly rows: Array<{ input: string; key?: string; error?: string }>;
  private readonly entries = new Map<string, Entry>();
  private readonly records = new Map<number, ResolvedRecord | null>();
  private readonly recordErrors = new Map<number, string>();
  private readonly queued = new Set<number>();
  private pending: number[] = [];
  private readonly batches: Array<Promise<void>> = [];
  private readonly out: ResolveRow[] = [];
  private readonly progress: ResolveProgress;

  private readonly backend: ResolveBackend;

  constructor(
    private readonly client: CompoundDbClient,
    inputs: readonly string[],
    private readonly options: BulkResolveOptions,
  ) {
    this.backend = backendFor(client);
    this.gate = new RequestGate(options);
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.cache = options.cache ?? new MemoryResolveCache();
    this.signal = this.controller.signal;
    setMaxListeners(0, this.signal); // one listener per waiting request, by design
    const stop = (): void => this.controller.abort();
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    this.progress = { total: inputs.length, done: 0, found: 0, ambiguous: 0, notFound: 0, errors: 0, searches: 0, searched: 0, requests: 0 };
    this.rows = inputs.map((input) => {
      const parsed = parseIdentifier(input);
      if (!parsed.ok) return { input, error: parsed.message };
      if (!this.entries.has(parsed.key)) this.entries.set(parsed.key, this.startingEntry(parsed.key, parsed.kind));
      return { input, key: parsed.key };
    });
  }

  async run(): Promise<ResolveRow[]> {
    try {
      return await this.resolveAll();
    } catch (error) {
      throw this.fatal ?? error;
    }
  }

  private async resolveAll(): Promise<ResolveRow[]> {
    if (this.signal.aborted) throw new CancelledError();
    for (const entry of this.entries.values()) if (entry.ids?.length) this.want(entry.ids[0]);
    this.advance();
    const toSearch = [...this.entries].filter(([, e]) => !e.ids);
    this.progress.searches = toSearch.length;
    // As many workers as requests may be in flight, each taking the next identifier in input order: no more
    // waiters (and abort listeners) than that, however long the list.
    const workers = Array.from({ length: Math.min(this.concurrency, toSearch.length) }, async () => {
      for (let next = toSearch.shift(); next; next = toSearch.shift()) await this.search(next[0], next[1]);
    });
    await settleAll(workers);
    this.flush(true);
    await settleAll(this.batches);
    if (this.signal.aborted) throw new CancelledError();
    this.advance();
    return this.out;
  }

  private startingEntry(key: string, kind: QueryKind): Entry {
    if (kind === 'recordId') return { kind, ids: [Number(key)], match: 'id' };
    return { kind, ids: this.cache.search(key), match: this.cache.searchMatch(key) };
  }

  private async search(key: string, entry: Entry): Promise<void> {
    try {
      // The query object runs the search (as for the Searches tree), each of its requests through the gate.
      const query = this.client.query(this.backend.searchSpec(key, entry.kind as SearchedKind), { pace: this.send });
      await query.run({ signal: this.signal });
      let ids = await query.allIds({ signal: this.signal });
      let match: ResolveMatch = entry.kind === 'name' ? 'name' : 'exact';
      // A structure is tried at exact, then each looser level (one query: the server gives each result's level);
      // the records of the closest level found are the answer.
      if (this.backend.via === 'current' && STRUCTURE_KINDS.has(entry.kind) && query.queryId) {
        const queryId = query.queryId;
        const { results, matchLevels } = await this.send((signal) => this.client.filterLevelledResults(queryId, { signal }));
        if (matchLevels.length === results.length && results.length) {
          match = matchLevels[0];
          ids = results.filter((_, i) => matchLevels[i] === match);
        }
      }
      entry.ids = ids;
      entry.match = match;
      this.cache.putSearch(key, ids, match);
      if (ids.length) this.want(ids[0]);
    } catch (error) {
      this.stopIfFatal(error);
      if (isCancel(error, this.signal)) throw new CancelledError();
      entry.error = messageOf(error);
    }
    this.progress.searched++;
    this.advance(true);
  }

  /** Asks for a record's values unless they are known or asked for; a full batch goes out at once. */
  private want(recordId: number): void {
    if (this.records.has(recordId) || this.queued.has(recordId)) return;
    const cached = this.cache.record(recordId);
    if (cached !== undefined) {
      this.records.set(recordId, cached);
      return;
    }
    this.queued.add(recordId);
    this.pending.push(recordId);
    this.flush(false);
  }

  private flush(all: boolean): void {
    while (this.pending.length >= this.backend.batchSize || (all && this.pending.length)) {
      const ids = this.pending.splice(0, Math.min(this.backend.batchSize, LIMITS.detailsBatch));
      const batch = this.fetchRecords(ids);
      batch.catch(() => undefined); // awaited (and its failure rethrown) by settleAll once the searches are done
      this.batches.push(batch);
    }
  }

  private async fetchRecords(ids: number[]): Promise<void> {
    try {
      const found = new Map((await this.backend.records(ids, this.send)).map((r) => [r.recordId, r]));
      for (const id of ids) {
        const record = found.get(id) ?? null;
        this.records.set(id, record);
        this.cache.putRecord(id, record);
      }
    } catch (error) {
      this.stopIfFatal(error);
      if (isCancel(error, this.signal)) throw new CancelledError();
      for (const id of ids) this.recordErrors.set(id, messageOf(error));
    }
    this.advance();
  }

  private stopIfFatal(error: unknown): void {
    if (!(error instanceof CompoundDbError)) return;
    const code = (error as { code?: string }).code;
    if (!FATAL_KINDS.has(error.kind) && !(error.kind === 'Network' && code && FATAL_NETWORK_CODES.has(code))) return;
    this.fatal ??= error;
    this.controller.abort();
  }

  /** One request through the gate, retried with growing waits when the failure is one that passes. */
  private readonly send: Send = async (request, urgent) => {
    const attempts = this.options.attempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gate.run(() => request(this.signal), this.signal, urgent);
      } catch (error) {
        if (isCancel(error, this.signal)) throw new CancelledError();
        if (!(error instanceof CompoundDbError && TRANSIENT.has(error.kind)) || attempt >= attempts) throw error;
        this.gate.pause((this.options.retryBaseMs ?? 500) * 2 ** (attempt - 1));
      } finally {
        this.progress.requests = this.gate.started;
      }
    }
  };

  /** Hands out every complete row at the head of the list; reports progress when one was, or when `report`. */
  private advance(report = false): void {
    const before = this.out.length;
    while (this.out.length < this.rows.length) {
      const row = this.rowAt(this.out.length);
      if (!row) break;
      this.count(row);
      this.out.push(row);
      this.options.onRow?.(row, this.out.length - 1);
    }
    if (report || this.out.length > before || this.out.length === this.rows.length) this.options.onProgress?.({ ...this.progress });
  }

  private rowAt(index: number): ResolveRow | undefined {
    const { input, key, error } = this.rows[index];
    if (error !== undefined) return { input, status: 'error', message: error };
    const entry = this.entries.get(key as string) as Entry;
    if (entry.error !== undefined) return { input, status: 'error', message: entry.error };
    if (!entry.ids) return undefined;
    if (entry.ids.length === 0) return { input, status: 'not_found', message: 'no record matches' };
    const first = entry.ids[0];
    const failed = this.recordErrors.get(first);
    if (failed !== undefined) return { input, status: 'error', message: `record ${first}: ${failed}` };
    const record = this.records.get(first);
    if (record === undefined) return undefined;
    if (record === null)
      return { input, status: 'not_found', message: entry.kind === 'recordId' ? `no record ${first}` : `record ${first} has no details` };
    const match = entry.match ?? (entry.kind === 'name' ? 'name' : entry.kind === 'recordId' ? 'id' : 'exact');
    const level = match === 'exact' || match === 'id' || match === 'name' ? '' : `no exact record; the same ${LEVEL_WORDS[match]}`;
    if (entry.ids.length === 1) return { input, status: 'found', record, match, message: level };
    const many =
      entry.ids.length >= LIMITS.simpleSearchResults && this.backend.via === 'older' ? `at least ${entry.ids.length}` : String(entry.ids.length);
    // A name search also lists names that start with the input, exact names first: the record named exactly so is the answer.
    if (entry.kind === 'name' && record.name.trim().toLowerCase() === input.trim().toLowerCase())
      return { input, status: 'found', record, match, message: `${many} records match; this one has exactly this name` };
    return { input, status: 'ambiguous', record, match, message: `${level ? `${level}: ` : ''}${many} records match; the first is given` };
  }

  private count(row: ResolveRow): void {
    const p = this.progress;
    p.done++;
    if (row.status === 'found') p.found++;
    else if (row.status === 'ambiguous') p.ambiguous++;
    else if (row.status === 'not_found') p.notFound++;
    else p.errors++;
  }
}

/** What a looser level shares with the input, for a row's message. */
const LEVEL_WORDS: Readonly<Record<Exclude<IdentityLevel, 'exact'>, string>> = {
  connectivity: 'skeleton (stereo or isotopes differ)',
  parent: 'parent (salt, solvent or charge set aside)',
  tautomer: 'parent as another tautomer',
};

function isCancel(error: unknown, signal: AbortSignal): boolean {
  return error instanceof CancelledError || signal.aborted;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Waits for every promise; then rethrows the first failure, if any (so none is left unhandled). */
async function settleAll(promises: ReadonlyArray<Promise<void>>): Promise<void> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
