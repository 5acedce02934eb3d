/**
 * Substructure search over the PostgreSQL store: the database screens, the service's matcher workers match. A search
 * runs in slices of SEARCH_SLICE_MS through this store's fair queue (work-queue.ts: the API key served least first),
 * at most SLICES_AT_ONCE at once. A slice reads the next records in ID order with one statement that screens them by
 * their `pattern_fp` (RDKit's pattern fingerprint, computed in Node when loaded: a structure containing the query sets
 * every bit the query sets) and returns the SMILES of those that pass; a matcher worker (structure/matcher-pool.ts)
 * runs RDKit's matcher on them until the slice ends. So no statement can outlive its statement_timeout (plain SQL,
 * which PostgreSQL cancels), and a record that holds RDKit's matcher holds a worker, which is terminated at the
 * slice's end plus RECORD_MATCH_MS: the search ends "stopped after" with what it found, as in memory. (The cartridge's
 * `mol @> query`, used before, checks for cancellation only between records: its backend matched on for minutes.)
 * When the service holds a current mirror of the pattern fingerprints (pattern-mirror.ts), a slice screens there
 * instead, and the statement only reads the pickles and SMILES of the candidates.
 */
import type { Pool, PoolClient } from 'pg';
import { MatcherPool, RECORD_MATCH_MS } from '../../search/structure/matcher-pool';
import type { SubstructureOptions, SubstructureOutcome } from '../../search/structure/structure-index';
import { SEARCH_QUEUE_LIMITS, SEARCH_SLICE_MS, stoppedAtMaxResults, stoppedByRecord, stoppedByTime } from '../../search/structure/structure-search';
import type { SearchEnd } from '../../search/structure/substructure-protocol';
import type { Ticket } from '../../workers/work-queue';
import type { CompoundRecord } from '../../record';
import { patternText } from './pattern-column';
import { PatternMirror, type Mirror } from './pattern-mirror';
import { inTransaction, query } from './pool';
import { SELECT_RECORD, toRecord, type RecordRow } from './postgres-store';
import { Turns } from './turns';

/**
 * Slices running at once in this process (each one backend for its screen, then one matcher worker). Two keep two
 * cores busy with structure work and leave the rest of the pool (8 connections) to every other request.
 */
export const SLICES_AT_ONCE = 2;
/** Records a slice screens: the first, and the bounds it adapts within (to what its worker matched in a slice). */
const FIRST_SCAN = 512;
const MIN_SCAN = 64;
const MAX_SCAN = 65_536;
/** A slice whose connection has not answered this long after its statement_timeout is abandoned (pool.ts). */
const ABANDON_AFTER_MS = 1000;
/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';
const BEFORE_EVERY_ID = -(2 ** 31);

/** The next `$3` records after ID `$2`; those that pass the screen of pattern `$1` with their pickle and SMILES. */
const SCREEN_SQL = `SELECT id, CASE WHEN pass THEN pickle END AS pickle, CASE WHEN pass THEN smiles END AS smiles
  FROM (SELECT id, pickle, smiles, pattern_fp IS NULL OR (pattern_fp & $1::bit(2048)) = $1::bit(2048) AS pass
        FROM records WHERE id > $2 ORDER BY id LIMIT $3) screened`;

/** The candidates `$1` (IDs, ascending) with their pickle and SMILES: the mirror has screened them. */
const CANDIDATES_SQL = 'SELECT id, pickle, smiles FROM records WHERE id = ANY($1::int[]) ORDER BY id';
/** How long a slice screens in the mirror (on the event loop) before it matches what it has. */
const MIRROR_SCREEN_MS = 20;

type ScreenRow = { id: number; pickle: Buffer | null; smiles: string | null };

/** A search screening in the mirror: its screen, and the mirror position to screen next. */
interface MirrorScreen {
  mirror: Mirror;
  screen: { bytes: Int32Array; masks: Uint8Array };
  next: number;
}

interface Search {
  query: string;
  format: 'SMILES' | 'SMARTS';
  chiral: boolean;
  /** One more than maxResults: whether more records match decides the message. */
  wanted: number;
  accept?: (record: CompoundRecord) => boolean;
  kept: CompoundRecord[];
  /** Record ID of the last record checked. */
  after: number;
  exhausted: boolean;
  slices: number;
  /** The query's pattern as bit-string text, once read. */
  pattern?: string;
  /** Records the next slice screens (over the mirror: candidates it reads). */
  scan: number;
  mirror?: MirrorScreen;
}

/** What one slice did. */
interface SliceEnd {
  /** A record held RDKit's matcher RECORD_MATCH_MS past the slice's end (its worker was terminated): the search stops. */
  stuck?: boolean;
}

/** The records of these IDs, in this order. */
export async function recordsOf(db: Pool | PoolClient, ids: readonly number[]): Promise<CompoundRecord[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<RecordRow>(`${SELECT_RECORD} WHERE r.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return ids.map((id) => byId.get(id)).filter((r): r is CompoundRecord => r !== undefined);
}

export class ScreenedSubstructureSearch {
  private readonly turns = new Turns('substructure searches', SEARCH_QUEUE_LIMITS, SLICES_AT_ONCE);
  private readonly matchers: MatcherPool;
  readonly mirror: PatternMirror;

  constructor(
    private readonly pool: Pool,
    wasmDir?: string,
  ) {
    this.matchers = new MatcherPool(SLICES_AT_ONCE, wasmDir);
    this.mirror = new PatternMirror(pool);
    void this.mirror.read();
  }

  admit(caller: string): Ticket {
    return this.turns.admit(caller);
  }

  /** `q` is the parsed query (chemistry's SubstructureQuery): the workers read its text again. */
  async substructure(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    try {
      return await this.search(q, options);
    } finally {
      options.ticket.release();
    }
  }

  dispose(): void {
    this.turns.close();
    this.matchers.dispose();
    this.mirror.dispose();
  }

  private async search(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    const s: Search = {
      query: q.text,
      format: q.format,
      chiral: options.useChirality,
      wanted: options.maxResults + 1,
      accept: options.accept,
      kept: [],
      after: BEFORE_EVERY_ID,
      exhausted: false,
      slices: 0,
      scan: FIRST_SCAN,
    };
    // Read once, before its first turn; the time bound counts from here (a worker just started loads RDKit first).
    const pattern = await this.matchers.queryPattern(s.query, s.format);
    if (!pattern) return { records: [], stoppedEarly: `RDKit cannot read the ${q.format} query; no record was checked.` };
    s.pattern = patternText(pattern);
    const mirror = await this.mirror.current();
    if (mirror) s.mirror = { mirror, screen: mirror.view.screenOf(pattern), next: 0 };
    const started = Date.now();
    const deadline = started + options.timeLimitMs;
    let stopped: 'time' | 'record' | undefined;
    while (!s.exhausted && s.kept.length < s.wanted) {
      // Every search checks its first records, even past its bound.
      if (s.slices > 0 && Date.now() >= deadline) {
        stopped = 'time';
        break;
      }
      const end = await this.slice(options.ticket, s, deadline);
      if (end.stuck) {
        stopped = 'record';
        break;
      }
    }
    const records = s.kept.slice(0, options.maxResults);
    if (s.kept.length > options.maxResults) return { records, stoppedEarly: stoppedAtMaxResults(options.maxResults) };
    if (!stopped) return { records };
    const [counts] = await query<{ checked: string; total: string }>(
      this.pool,
      'SELECT count(*) FILTER (WHERE id <= $1) AS checked, count(*) AS total FROM records',
      [s.after],
    );
    const [checked, total] = [Number(counts.checked), Number(counts.total)];
    return {
      records,
      stoppedEarly:
        stopped === 'time'
          ? stoppedByTime(options.timeLimitMs, checked, total)
          : stoppedByRecord(Date.now() - started, RECORD_MATCH_MS, checked, total),
    };
  }

  /** One slice of `s` when the fair queue gives it a turn: screen in the database, match in a worker. */
  private async slice(ticket: Ticket, s: Search, deadline: number): Promise<SliceEnd> {
    const matched = await this.turns.take(ticket, () => this.screenAndMatch(s, deadline));
    if (!matched) return {};
    // Reading the records is no matching: outside the slice and its turn.
    const found = (await recordsOf(this.pool, matched.hits)).filter((r) => !s.accept || s.accept(r));
    s.kept.push(...found.slice(0, Math.max(0, s.wanted - s.kept.length)));
    return { stuck: matched.stuck };
  }

  /** The slice's work in its turn: the IDs that matched; undefined when the screen outlived the slice. */
  private async screenAndMatch(s: Search, deadline: number): Promise<{ hits: number[]; stuck: boolean } | undefined> {
    const began = Date.now();
    const sliceEnd = Math.min(began + SEARCH_SLICE_MS, Math.max(deadline, began));
    const screened = s.mirror ? await this.screenMirror(s, s.mirror, sliceEnd) : await this.screen(s, sliceEnd);
    s.slices++;
    if (!screened) return undefined; // the next slice screens fewer records
    const { rows } = screened;
    const candidates = rows.filter((r): r is ScreenRow & { smiles: string } => r.smiles !== null);
    const end: SearchEnd = candidates.length
      ? await this.matchers.matchCandidates(
          {
            query: s.query,
            format: s.format,
            useChirality: s.chiral,
            maxResults: s.wanted - s.kept.length,
            deadline,
            records: candidates.map((c) => (c.pickle ? { pickle: c.pickle, smiles: c.smiles } : c.smiles)),
          },
          Math.max(1, sliceEnd - Date.now()),
        )
      : { positions: [], checked: 0 };
    if (end.checked >= candidates.length) {
      // Every candidate checked: the records screened out after the last of them too.
      screened.allChecked();
      if (Date.now() < sliceEnd) s.scan = Math.min(MAX_SCAN, s.scan * 2);
    } else {
      // Up to the next unchecked candidate (IDs are integers; the records between were screened out).
      screened.checkedBefore(candidates[end.checked].id);
      s.scan = Math.max(
        MIN_SCAN,
        rows.findIndex((r) => r.id >= candidates[end.checked].id),
      );
    }
    return { hits: end.positions.map((i) => candidates[i].id), stuck: end.stopped === 'overrun' };
  }

  /**
   * The next `s.scan` candidates of the mirror's screen (or those found in MIRROR_SCREEN_MS), read from the database;
   * undefined when the statement outlived the slice.
   */
  private async screenMirror(s: Search, m: MirrorScreen, sliceEnd: number): Promise<Screened | undefined> {
    const { ids, view } = m.mirror;
    const positions: number[] = [];
    const stop = Date.now() + MIRROR_SCREEN_MS;
    let p = m.next;
    for (; p < view.size && positions.length < s.scan; p++) {
      if (view.passes(p, m.screen)) positions.push(p);
      if ((p & 0xffff) === 0 && Date.now() > stop) {
        p++;
        break;
      }
    }
    const screenedTo = p;
    const rows = positions.length ? await this.statement(s, sliceEnd, CANDIDATES_SQL, [positions.map((q) => ids[q])]) : [];
    if (!rows) return undefined;
    return {
      rows,
      allChecked: () => {
        m.next = screenedTo;
        if (screenedTo > 0) s.after = ids[screenedTo - 1];
        s.exhausted = screenedTo >= view.size;
      },
      checkedBefore: (id) => {
        // The first position holding `id` or a later one (IDs ascend with positions).
        let lo = m.next;
        let hi = screenedTo;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (ids[mid] < id) lo = mid + 1;
          else hi = mid;
        }
        m.next = lo;
        s.after = id - 1;
      },
    };
  }

  /** The next `s.scan` records in ID order, with the pickle and SMILES of those the database's screen passes. */
  private async screen(s: Search, sliceEnd: number): Promise<Screened | undefined> {
    const rows = await this.statement(s, sliceEnd, SCREEN_SQL, [s.pattern, s.after, s.scan]);
    if (!rows) return undefined;
    return {
      rows,
      allChecked: () => {
        if (rows.length) s.after = rows[rows.length - 1].id;
        s.exhausted = rows.length < s.scan;
      },
      checkedBefore: (id) => (s.after = id - 1),
    };
  }

  /** One statement of a slice, bounded by the slice's end; undefined when it outlived it (the next slice reads fewer). */
  private async statement(s: Search, sliceEnd: number, sql: string, values: unknown[]): Promise<ScreenRow[] | undefined> {
    type Rows = ScreenRow[];
    const cancelled = 'cancelled';
    const rows = await inTransaction<Rows | typeof cancelled>(
      this.pool,
      async (client) => {
        await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(sliceEnd - Date.now() + RECORD_MATCH_MS))}`);
        try {
          return await query<Rows[number]>(client, sql, values);
        } catch (err) {
          if ((err as { code?: unknown }).code === QUERY_CANCELED) return cancelled;
          throw err;
        }
      },
      { deadline: sliceEnd + RECORD_MATCH_MS + ABANDON_AFTER_MS, late: () => cancelled },
    );
    if (rows !== cancelled) return rows;
    s.scan = Math.max(MIN_SCAN, Math.floor(s.scan / 4));
    return undefined;
  }
}

/** What a slice screened: the rows, and how the search moves on once it knows what its matcher checked. */
interface Screened {
  rows: ScreenRow[];
  /** Every candidate was checked: the search goes on after every record screened. */
  allChecked: () => void;
  /** The candidate `id` and those after it were not checked: the search goes on from it. */
  checkedBefore: (id: number) => void;
}
