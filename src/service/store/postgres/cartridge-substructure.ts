/**
 * Substructure search over the PostgreSQL store with the RDKit cartridge's `mol @> query`, governed as the in-memory
 * matcher is (structure/matcher-pool.ts): a search runs in slices of SEARCH_SLICE_MS, each a short transaction on a
 * pooled connection of its own; at most SLICES_AT_ONCE slices run at once, and the next to run is the fair queue's
 * (work-queue.ts: the API key served least first). So 50 slow searches of one key hold at most SLICES_AT_ONCE
 * backends and pooled connections, and a common query of another key runs its slices between theirs.
 *
 * Every statement carries a statement_timeout at its slice's end plus RECORD_MATCH_MS: a search stopped at its deadline
 * leaves no statement behind, and one record that holds RDKit's matcher past that ends the search "stopped after"
 * as in memory. Answers keep record-ID order: records are walked in ID order (`mol @> query` per row, in batches
 * sized to end with the slice), or, while the matches so far say the GiST screen finds the
 * next results sooner (rare queries), screened over a range of IDs sized to fill a slice.
 */
import type { Pool, PoolClient } from 'pg';
import { RECORD_MATCH_MS } from '../../structure/matcher-pool';
import type { SubstructureOptions, SubstructureOutcome } from '../../structure/structure-index';
import { SEARCH_QUEUE_LIMITS, SEARCH_SLICE_MS, stoppedAtMaxResults, stoppedByRecord, stoppedByTime } from '../../structure/structure-search';
import { WorkQueue, type Ticket } from '../../work-queue';
import type { CompoundRecord } from '../record';
import { inTransaction, query } from './pool';
import { SELECT_RECORD, toRecord, type RecordRow } from './postgres-store';

/**
 * Slices running at once in this process (each one backend). Two keep a two-core database busy with structure work
 * and leave the rest of the pool (8 connections) to every other request.
 */
const SLICES_AT_ONCE = 2;
/**
 * Rows per batch of a walk: as many as the search's time per record says fit in what is left of the slice (so a slow
 * query's slice ends near its end, not a batch later), between 1 and MAX_WALK_BATCH; FIRST_WALK_BATCH before any is
 * measured.
 */
const MAX_WALK_BATCH = 256;
const FIRST_WALK_BATCH = 8;
/**
 * While walking, the matches seen so far decide whether the GiST screen would find the first results sooner: it lets
 * through about SCREEN_FALSE_HITS candidates per match (measured: 920 for 23 matches of aspirin at 200k). The walk
 * looks at HEAD_RECORDS records before deciding.
 */
const HEAD_RECORDS = 512;
const SCREEN_FALSE_HITS = 10;
/** A slice whose connection has not answered this long after its statement_timeout is abandoned (pool.ts). */
const ABANDON_AFTER_MS = 1000;
/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

interface Search {
  parse: string;
  text: string;
  chiral: boolean;
  /** One more than maxResults: whether more records match decides the message. */
  wanted: number;
  accept?: (record: CompoundRecord) => boolean;
  kept: CompoundRecord[];
  /** Record ID of the last record checked (null: none yet). */
  after: number | null;
  walked: number;
  matched: number;
  exhausted: boolean;
  slices: number;
  /** Estimated rows of the table, read by the first slice. */
  total: number;
  /** Walking (record by record) or screening a range of `span` IDs. */
  mode: 'walk' | 'screen';
  span: number;
  /** A batch outlived its slice: the next slice walks one record a batch, to tell one slow record from a slow batch. */
  oneByOne: boolean;
  /** Milliseconds per record walked, as measured so far. */
  msPerRecord?: number;
}

/** What one slice found; applied to its search only when the slice answered in time. */
interface SliceEnd {
  unreadable?: boolean;
  /** A statement outlived its slice by RECORD_MATCH_MS (the server cancelled it). */
  cancelled?: boolean;
  /** ... on one record (a walk of one record a batch, or a connection that did not answer its cancel): the search stops. */
  stuck?: boolean;
  /** IDs of the records that matched, and those of them the search keeps (`accept`). */
  hits: number[];
  found: CompoundRecord[];
  /** Records checked and the last of them. */
  checked: number;
  lastId: number | null;
  exhausted: boolean;
  total?: number;
  ms: number;
}

interface Turn {
  ticket: Ticket;
  go: () => void;
  fail: (err: Error) => void;
}

const timeoutSql = (ms: number): string => `SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(ms))}`;
const isCancel = (err: unknown): boolean => (err as { code?: unknown }).code === QUERY_CANCELED;

/** The records of these IDs, in this order. */
export async function recordsOf(db: Pool | PoolClient, ids: readonly number[]): Promise<CompoundRecord[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<RecordRow>(`${SELECT_RECORD} WHERE r.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return ids.map((id) => byId.get(id)).filter((r): r is CompoundRecord => r !== undefined);
}

/**
 * Walks records after `s.after` in ID order until `sliceEnd` (at least one batch). Each batch is a statement of its
 * own, not a FETCH from one cursor: read through a cursor in FETCHes, `mol @> query` lost matches now and then (one
 * 256-row FETCH, not the cursor's first, gave 9 of its 18 phenol matches; the rerun was right), on the cartridge of
 * Debian's postgresql-15-rdkit.
 */
async function walk(client: PoolClient, s: Search, sliceEnd: number, end: SliceEnd): Promise<void> {
  // Each batch is sized to end by the slice's end: the timeout only catches a record that holds the matcher.
  await client.query(timeoutSql(sliceEnd - Date.now() + RECORD_MATCH_MS));
  let after = s.after;
  for (let first = true; first || Date.now() < sliceEnd; first = false) {
    const left = Math.max(1, sliceEnd - Date.now());
    const batch = s.oneByOne
      ? 1
      : s.msPerRecord === undefined
        ? FIRST_WALK_BATCH
        : Math.max(1, Math.min(MAX_WALK_BATCH, Math.floor(left / s.msPerRecord)));
    const began = Date.now();
    let rows: Array<{ id: number; hit: boolean | null }>;
    try {
      rows = (
        await client.query<{ id: number; hit: boolean | null }>(
          `SELECT id, mol @> ${s.parse} AS hit FROM records WHERE $2::int IS NULL OR id > $2 ORDER BY id LIMIT ${batch}`,
          [s.text, after],
        )
      ).rows;
    } catch (err) {
      if (!isCancel(err)) throw err;
      end.cancelled = true;
      return;
    }
    if (rows.length) {
      const measured = (Date.now() - began) / rows.length;
      s.msPerRecord = s.msPerRecord === undefined ? measured : (s.msPerRecord + measured) / 2;
    }
    for (const row of rows) if (row.hit) end.hits.push(row.id);
    if (rows.length) end.lastId = after = rows[rows.length - 1].id;
    end.checked += rows.length;
    if (rows.length < batch) {
      end.exhausted = true;
      return;
    }
  }
}

/** Screens the IDs in (s.after, s.after + s.span] with the GiST index, in one statement bounded by the slice. */
async function screen(client: PoolClient, s: Search, sliceEnd: number, end: SliceEnd): Promise<void> {
  const from = s.after ?? -(2 ** 31);
  const [{ top }] = (await client.query<{ top: number | null }>('SELECT max(id) AS top FROM records')).rows;
  const to = Math.min(from + s.span, top ?? from);
  await client.query(timeoutSql(sliceEnd - Date.now() + RECORD_MATCH_MS));
  try {
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM records WHERE mol @> ${s.parse} AND id > $2 AND id <= $3 ORDER BY id`, [
      s.text,
      from,
      to,
    ]);
    end.hits.push(...rows.map((r) => r.id));
  } catch (err) {
    if (!isCancel(err)) throw err;
    end.cancelled = true;
    return;
  }
  end.lastId = to;
  end.checked += s.span;
  end.exhausted = to >= (top ?? from);
}

export class CartridgeSubstructureSearch {
  private readonly queue = new WorkQueue<Turn>('substructure searches', SEARCH_QUEUE_LIMITS);
  private running = 0;
  private closed = false;

  constructor(private readonly pool: Pool) {}

  admit(caller: string): Ticket {
    return this.queue.admit(caller);
  }

  /** `q` is the parsed query (chemistry's SubstructureQuery); the cartridge is given its text. */
  async substructure(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    try {
      return await this.search(q, options);
    } finally {
      options.ticket.release();
    }
  }

  dispose(): void {
    this.closed = true;
    for (const turn of this.queue.drain()) turn.fail(new Error('the structure search was closed'));
  }

  private async search(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    const started = Date.now();
    const deadline = started + options.timeLimitMs;
    const s: Search = {
      parse: q.format === 'SMILES' ? 'mol_from_smiles($1::cstring)' : 'qmol_from_smarts($1::cstring)',
      text: q.text,
      chiral: options.useChirality,
      wanted: options.maxResults + 1,
      accept: options.accept,
      kept: [],
      after: null,
      walked: 0,
      matched: 0,
      exhausted: false,
      slices: 0,
      total: 0,
      mode: 'walk',
      span: 0,
      oneByOne: false,
    };
    let stopped: 'time' | 'record' | undefined;
    while (!s.exhausted && s.kept.length < s.wanted) {
      // Every search checks its first records, even past its bound.
      if (s.slices > 0 && Date.now() >= deadline) {
        stopped = 'time';
        break;
      }
      const end = await this.slice(options.ticket, s, deadline);
      if (end.unreadable) return { records: [], stoppedEarly: `The database's RDKit cannot read the ${q.format} query; no record was checked.` };
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
      [s.after ?? -(2 ** 31)],
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

  /** One slice of `s` when the fair queue gives it a turn; its findings are applied to `s`. */
  private async slice(ticket: Ticket, s: Search, deadline: number): Promise<SliceEnd> {
    await this.turn(ticket);
    const began = Date.now();
    const sliceEnd = Math.min(began + SEARCH_SLICE_MS, Math.max(deadline, began));
    const late: SliceEnd = { cancelled: true, hits: [], found: [], checked: 0, lastId: null, exhausted: false, ms: 0 };
    let end: SliceEnd;
    try {
      end = await inTransaction(this.pool, (client) => this.run(client, s, sliceEnd), {
        deadline: sliceEnd + RECORD_MATCH_MS + ABANDON_AFTER_MS,
        late: () => late,
      });
    } finally {
      this.leave(ticket, Date.now() - began);
    }
    s.slices++;
    // A connection that did not answer its cancel is still inside one record.
    end.stuck = end === late || (end.cancelled && s.mode === 'walk' && s.oneByOne);
    if (end.stuck) return end;
    // Reading the records is no matching: outside the slice, its turn and its deadline.
    end.found = (await recordsOf(this.pool, end.hits)).filter((r) => !s.accept || s.accept(r));
    this.apply(s, end);
    return end;
  }

  private async run(client: PoolClient, s: Search, sliceEnd: number): Promise<SliceEnd> {
    const began = Date.now();
    const end: SliceEnd = { hits: [], found: [], checked: 0, lastId: null, exhausted: false, ms: 0 };
    if (s.slices === 0) {
      const [first] = (
        await client.query<{ ok: boolean; total: number }>(
          `SELECT ${s.parse} IS NOT NULL AS ok, (SELECT reltuples::float8 FROM pg_class WHERE oid = 'records'::regclass) AS total`,
          [s.text],
        )
      ).rows;
      if (!first.ok) return { ...end, unreadable: true };
      end.total = first.total;
    }
    await client.query(`SET LOCAL rdkit.do_chiral_sss = ${s.chiral ? 'on' : 'off'}`);
    // A cancelled statement aborts the transaction: back to here, keeping what the batches before it found.
    await client.query('SAVEPOINT slice');
    await (s.mode === 'walk' ? walk(client, s, sliceEnd, end) : screen(client, s, sliceEnd, end));
    if (end.cancelled) await client.query('ROLLBACK TO SAVEPOINT slice');
    end.ms = Date.now() - began;
    return end;
  }

  /** Moves `s` on by a slice that answered: where it is, how it walks next. */
  private apply(s: Search, end: SliceEnd): void {
    if (end.total !== undefined) s.total = end.total;
    if (end.lastId !== null) s.after = end.lastId;
    s.exhausted = end.exhausted;
    s.kept.push(...end.found.slice(0, Math.max(0, s.wanted - s.kept.length)));
    if (end.cancelled && s.mode === 'walk') {
      // A batch outlived its slice: one record a batch tells whether one record is the cause.
      s.oneByOne = true;
      return;
    }
    s.oneByOne = false;
    if (end.cancelled) {
      // A range the screen could not finish in a slice: a quarter of it, or the walk once it is short.
      s.span = Math.floor(s.span / 4);
      if (s.span < HEAD_RECORDS) s.mode = 'walk';
      return;
    }
    if (s.mode === 'screen') {
      // A span sized to fill the next slice.
      s.span = Math.max(HEAD_RECORDS, Math.round(s.span * Math.min(4, Math.max(0.5, SEARCH_SLICE_MS / Math.max(1, end.ms)))));
      return;
    }
    s.walked += end.checked;
    s.matched += end.hits.length;
    if (s.walked < HEAD_RECORDS || s.exhausted) return;
    const rate = Math.max(s.matched, 0.5) / s.walked;
    const toWalk = (s.wanted - s.kept.length) / rate;
    if (toWalk > SCREEN_FALSE_HITS * rate * Math.max(s.total, 2 * s.walked)) {
      s.mode = 'screen';
      s.span = Math.max(HEAD_RECORDS, 8 * end.checked);
    }
  }

  private turn(ticket: Ticket): Promise<void> {
    return new Promise((go, fail) => {
      if (this.closed) return fail(new Error('the structure search was closed'));
      this.queue.push({ ticket, go, fail });
      this.dispatch();
    });
  }

  private leave(ticket: Ticket, ms: number): void {
    this.queue.served(ticket, ms);
    this.running--;
    this.dispatch();
  }

  private dispatch(): void {
    for (let next; this.running < SLICES_AT_ONCE && (next = this.queue.next());) {
      this.running++;
      next.go();
    }
  }
}
