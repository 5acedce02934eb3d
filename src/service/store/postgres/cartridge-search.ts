/**
 * Substructure and similarity search over the PostgreSQL store with the RDKit cartridge's operators: `mol @> query`
 * (screened by the GiST index on `mol`) and Tanimoto on the Morgan `bfp` column (`%`, screened by the GiST index on
 * `mfp`). Every search reads the table as it is, so records loaded while the service runs are found at once, by
 * every process over the database. Answers keep the in-process index's order and bounds: substructure in record-ID
 * order, stopping at maxResults or the time bound with the same messages; similarity by rounded score then record ID.
 * Rows come through a cursor in batches, so a datasource restriction (applied to each record) and the time bound
 * both stop the scan early, keeping what was found.
 */
import type { Pool, PoolClient } from 'pg';
import { roundScore, STRUCTURE_LIMITS } from '../../../wire';
import type { SubstructureOptions, SubstructureOutcome } from '../../structure/structure-index';
import { SEARCH_QUEUE_LIMITS, stoppedAtMaxResults, stoppedByTime, type StructureSearch } from '../../structure/structure-search';
import { WorkQueue, type Ticket } from '../../work-queue';
import type { CompoundRecord } from '../record';
import { inTransaction, query } from './pool';
import { SELECT_RECORD, toRecord, type RecordRow } from './postgres-store';

/** Rows fetched per round trip of a substructure scan. */
const SUBSTRUCTURE_BATCH = 256;
/** The higher thresholds a similarity search tries first (see `similar`). */
const SIMILARITY_STAGES = [0.9, 0.7];
/**
 * Substructure search first matches records one by one in ID order, in runs of HEAD_RECORDS, then twice as many, and
 * so on, while the matches seen so far say that walking on finds the first results sooner than the GiST screen would:
 * the screened plan must find, match and sort every match before its first row (phenol, a fifth of a collection:
 * seconds; walking: milliseconds). A rare query pays one run (~30 ms) and takes the screen for the rest. The screen
 * lets through about SCREEN_FALSE_HITS candidates per match (measured: 920 for 23 matches of aspirin at 200k).
 */
const HEAD_RECORDS = 512;
const SCREEN_FALSE_HITS = 10;
/**
 * The least time a fetch is given, even past the bound: a search stopped by its bound keeps what it found, and a bound
 * of 0 still looks at the first records. A fetch that outlives even this (RDKit in the cartridge does not check for
 * cancellation while it matches one record) is abandoned: the answer comes by the bound plus twice this.
 */
const MIN_FETCH_MS = 1000;
/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** A fingerprint's set bits as the cartridge's binary text (bit i in byte i >> 3, bit i & 7: as RDKit writes it). */
function bfpBytes(bits: Uint16Array): Buffer {
  const bytes = Buffer.alloc(STRUCTURE_LIMITS.morganBits / 8);
  for (const b of bits) bytes[b >> 3] |= 1 << (b & 7);
  return bytes;
}

/** A search's rows so far, appended to by each cursor it runs (so an answer at the deadline has them). */
interface Scan {
  /** Records kept (those `accept` keeps), in the cursors' order, with the score of each where the query gives one. */
  kept: Array<{ record: CompoundRecord; score: number }>;
  /** The search saw every row it asked for. */
  exhausted: boolean;
  /** Record ID of the last record checked: the last row a cursor returned, or the end of a walked run. */
  lastId?: number;
  /** Rows the cursors returned, kept or not. */
  matched: number;
  /** Fetches made: the first is made even past the deadline. */
  fetches: number;
}

function newScan(): Scan {
  return { kept: [], exhausted: false, matched: 0, fetches: 0 };
}

interface HitRow {
  id: number;
  score: number | null;
}

/** The records of these IDs, in this order. */
async function recordsOf(client: PoolClient, ids: readonly number[]): Promise<CompoundRecord[]> {
  const { rows } = await client.query<RecordRow>(`${SELECT_RECORD} WHERE r.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return ids.map((id) => byId.get(id)).filter((r): r is CompoundRecord => r !== undefined);
}

/**
 * Runs `hits` (record IDs and scores, in answer order) through a cursor on `client` (inside a transaction), reading
 * the records of each batch into `into` and keeping those `accept` keeps until `wanted` are kept, the rows run out,
 * or `deadline` (ms since the epoch) passes between fetches. A fetch is cancelled by the server at the deadline (at
 * least MIN_FETCH_MS after it starts); what was kept before it stays.
 * True when the cursor returned every row.
 */
async function scan(
  client: PoolClient,
  hits: string,
  values: unknown[],
  batch: number,
  into: Scan,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<boolean> {
  await client.query(`DECLARE hits NO SCROLL CURSOR FOR ${hits}`, values);
  const exhausted = await fetchAll(client, batch, into, wanted, accept, deadline);
  await client.query('CLOSE hits');
  return exhausted;
}

async function fetchAll(
  client: PoolClient,
  batch: number,
  into: Scan,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<boolean> {
  while (into.kept.length < wanted) {
    const left = deadline - Date.now();
    if (into.fetches > 0 && left <= 0) return false;
    into.fetches++;
    await client.query(`SET LOCAL statement_timeout = ${Number.isFinite(left) ? Math.max(MIN_FETCH_MS, Math.ceil(left)) : 0}`);
    await client.query('SAVEPOINT before_fetch');
    let rows: HitRow[];
    try {
      rows = (await client.query<HitRow>(`FETCH ${batch} FROM hits`)).rows;
    } catch (err) {
      if ((err as { code?: unknown }).code !== QUERY_CANCELED) throw err;
      await client.query('ROLLBACK TO SAVEPOINT before_fetch');
      return false;
    }
    await client.query('SET LOCAL statement_timeout = 0');
    const records = await recordsOf(
      client,
      rows.map((r) => r.id),
    );
    const scoreOf = new Map(rows.map((r) => [r.id, r.score ?? 0]));
    for (const record of records) {
      if (into.kept.length < wanted && (!accept || accept(record))) into.kept.push({ record, score: scoreOf.get(record.id) ?? 0 });
    }
    if (rows.length) into.lastId = rows[rows.length - 1].id;
    into.matched += rows.length;
    if (rows.length < batch) return true;
  }
  return false;
}

/**
 * Substructure matches in record-ID order into `into`: runs of records matched one by one, then the GiST screen
 * (HEAD_RECORDS).
 */
async function walkThenScreen(
  client: PoolClient,
  parse: string,
  text: string,
  into: Scan,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<void> {
  const [{ total }] = (await client.query<{ total: number }>(`SELECT reltuples::float8 AS total FROM pg_class WHERE oid = 'records'::regclass`)).rows;
  let after: number | null = null;
  let walked = 0;
  for (let run = HEAD_RECORDS; ; run *= 2) {
    // The subquery's index scan gives the ID order, which the filter on top keeps.
    const exhausted = await scan(
      client,
      `SELECT id, NULL::float8 AS score FROM (SELECT id, mol FROM records WHERE $2::int IS NULL OR id > $2 ORDER BY id LIMIT ${run}) h WHERE mol @> ${parse}`,
      [text, after],
      SUBSTRUCTURE_BATCH,
      into,
      wanted,
      accept,
      deadline,
    );
    if (into.kept.length >= wanted || !exhausted) return;
    const [end]: Array<{ id: number | null; n: string }> = (
      await client.query<{ id: number | null; n: string }>(
        `SELECT max(id) AS id, count(*) AS n FROM (SELECT id FROM records WHERE $1::int IS NULL OR id > $1 ORDER BY id LIMIT ${run}) h`,
        [after],
      )
    ).rows;
    if (Number(end.n) < run) {
      into.exhausted = true;
      return;
    }
    after = end.id;
    if (after !== null) into.lastId = after;
    walked += run;
    if (Date.now() >= deadline) return;
    const rate = Math.max(into.matched, 0.5) / walked;
    const toWalk = (wanted - into.kept.length) / rate;
    if (toWalk > SCREEN_FALSE_HITS * rate * Math.max(total, 2 * walked)) break;
  }
  into.exhausted = await scan(
    client,
    `SELECT id, NULL::float8 AS score FROM records WHERE mol @> ${parse} AND id > $2 ORDER BY id`,
    [text, after],
    SUBSTRUCTURE_BATCH,
    into,
    wanted,
    accept,
    deadline,
  );
}

export class CartridgeStructureSearch implements StructureSearch {
  readonly ready = Promise.resolve();

  /** Admission only (the database runs the searches): the same bounds and per-key share as in memory. */
  private readonly queue = new WorkQueue<{ ticket: Ticket }>('substructure searches', SEARCH_QUEUE_LIMITS);

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

  private async search(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    const started = Date.now();
    const parse = q.format === 'SMILES' ? 'mol_from_smiles($1::cstring)' : 'qmol_from_smarts($1::cstring)';
    const deadline = started + options.timeLimitMs;
    const found = newScan();
    // Whatever the database does: a last fetch's grace after the bound, and another to read its records.
    const answerBy = deadline + 2 * MIN_FETCH_MS;
    const result = await inTransaction(
      this.pool,
      async (client) => {
        const [readable] = (await client.query<{ ok: boolean }>(`SELECT ${parse} IS NOT NULL AS ok`, [q.text])).rows;
        if (!readable.ok) return undefined;
        await client.query(`SET LOCAL rdkit.do_chiral_sss = ${options.useChirality ? 'on' : 'off'}`);
        // One more than wanted: whether more records match decides the message.
        await walkThenScreen(client, parse, q.text, found, options.maxResults + 1, options.accept, deadline);
        return found;
      },
      { deadline: answerBy, late: () => ({ ...found, kept: [...found.kept], exhausted: false }) },
    );
    if (!result) {
      return { records: [], stoppedEarly: `The database's RDKit cannot read the ${q.format} query; no record was checked.` };
    }
    const records = result.kept.map((k) => k.record);
    if (records.length > options.maxResults) {
      records.length = options.maxResults;
      return { records, stoppedEarly: stoppedAtMaxResults(options.maxResults) };
    }
    if (result.exhausted) return { records };
    const [counts] = await query<{ checked: string; total: string }>(
      this.pool,
      'SELECT count(*) FILTER (WHERE id <= $1) AS checked, count(*) AS total FROM records',
      [result.lastId ?? -(2 ** 31)],
    );
    return { records, stoppedEarly: stoppedByTime(options.timeLimitMs, Number(counts.checked), Number(counts.total)) };
  }

  /**
   * Staged thresholds: the GiST screen on `mfp` reads fewer index pages the higher the threshold (at 200k records, per
   * query: ~220 pages at 0.9, ~650 at 0.7, ~2,700 at 0.5), so a top-`max` search first asks for scores of at least
   * 0.9, then 0.7, then the threshold asked, stopping at the first stage whose `max`-th answer ranks above every
   * record it left out (rounded score strictly above the stage's rounded threshold: below it no tie can follow).
   * The same answers as one search at the threshold asked; at worst a third more pages read.
   */
  readonly similar: StructureSearch['similar'] = async (bits, threshold, max, accept) => {
    if (!bits.length || max <= 0) return [];
    const fp = bfpBytes(bits);
    for (const stage of [...SIMILARITY_STAGES.filter((s) => s > threshold), threshold]) {
      const found = await this.similarAtLeast(fp, stage, max, accept);
      if (stage === threshold || (found.length === max && found[max - 1].score > roundScore(stage))) return found;
    }
    return [];
  };

  private async similarAtLeast(
    fp: Buffer,
    threshold: number,
    max: number,
    accept: ((record: CompoundRecord) => boolean) | undefined,
  ): Promise<Array<{ record: CompoundRecord; score: number }>> {
    // `%` is Tanimoto >= rdkit.tanimoto_threshold, screened by the GiST index. Threshold 0 keeps every structure
    // with bits (as the in-process index does: structures with no bits never match).
    const where = threshold > 0 ? 'mfp % bfp_from_binary_text($1)' : 'mfp <> bfp_from_binary_text($2)';
    const values = threshold > 0 ? [fp] : [fp, Buffer.alloc(fp.length)];
    const found = newScan();
    await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT set_config('rdkit.tanimoto_threshold', $1, true)`, [String(threshold)]);
      await scan(
        client,
        `SELECT id, score FROM (SELECT id, tanimoto_sml(mfp, bfp_from_binary_text($1)) AS score FROM records WHERE ${where}) h
         ORDER BY round(score::numeric, 4) DESC, id`,
        values,
        Math.min(max, 1000),
        found,
        max,
        accept,
        Infinity,
      );
    });
    return found.kept.map((k) => ({ record: k.record, score: roundScore(k.score) }));
  }

  dispose(): void {
    // The pool belongs to the store, which closes it.
  }
}
