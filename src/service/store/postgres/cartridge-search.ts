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
import { DEFAULT_SUBSTRUCTURE_TIME_MS, type SubstructureOptions, type SubstructureOutcome } from '../../structure/structure-index';
import { stoppedAtMaxResults, stoppedByTime, type StructureSearch } from '../../structure/structure-search';
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
 * The least time a fetch is given. The first fetch gets at least the default search bound: with the GiST screen the
 * server finds and sorts every match before the first row, so a shorter grace would leave a short bound with nothing.
 */
const MIN_FETCH_MS = 1000;
const MIN_FIRST_FETCH_MS = DEFAULT_SUBSTRUCTURE_TIME_MS;
/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** A fingerprint's set bits as the cartridge's binary text (bit i in byte i >> 3, bit i & 7: as RDKit writes it). */
function bfpBytes(bits: Uint16Array): Buffer {
  const bytes = Buffer.alloc(STRUCTURE_LIMITS.morganBits / 8);
  for (const b of bits) bytes[b >> 3] |= 1 << (b & 7);
  return bytes;
}

interface Scan {
  /** Records kept (those `accept` keeps), in the cursor's order, with the score of each where the query gives one. */
  kept: Array<{ record: CompoundRecord; score: number }>;
  /** The cursor returned every row. */
  exhausted: boolean;
  /** Record ID of the last row the cursor returned, kept or not. */
  lastId?: number;
  /** Rows the cursor returned, kept or not. */
  matched: number;
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
 * the records of each batch and keeping those `accept` keeps until `wanted` are kept, the rows run out, or `deadline`
 * (ms since the epoch) passes between fetches. A fetch is cancelled by the server at the deadline (at least
 * MIN_FETCH_MS after it starts); what was kept before it stays.
 */
async function scan(
  client: PoolClient,
  hits: string,
  values: unknown[],
  batch: number,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<Scan> {
  await client.query(`DECLARE hits NO SCROLL CURSOR FOR ${hits}`, values);
  const out = await fetchAll(client, batch, wanted, accept, deadline);
  await client.query('CLOSE hits');
  return out;
}

async function fetchAll(
  client: PoolClient,
  batch: number,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<Scan> {
  const out: Scan = { kept: [], exhausted: false, matched: 0 };
  while (out.kept.length < wanted) {
    const left = deadline - Date.now();
    if (out.lastId !== undefined && left <= 0) break;
    const least = out.lastId === undefined ? MIN_FIRST_FETCH_MS : MIN_FETCH_MS;
    await client.query(`SET LOCAL statement_timeout = ${Number.isFinite(left) ? Math.max(least, Math.ceil(left)) : 0}`);
    await client.query('SAVEPOINT before_fetch');
    let rows: HitRow[];
    try {
      rows = (await client.query<HitRow>(`FETCH ${batch} FROM hits`)).rows;
    } catch (err) {
      if ((err as { code?: unknown }).code !== QUERY_CANCELED) throw err;
      await client.query('ROLLBACK TO SAVEPOINT before_fetch');
      break;
    }
    await client.query('SET LOCAL statement_timeout = 0');
    const records = await recordsOf(
      client,
      rows.map((r) => r.id),
    );
    const scoreOf = new Map(rows.map((r) => [r.id, r.score ?? 0]));
    for (const record of records) {
      if (out.kept.length < wanted && (!accept || accept(record))) out.kept.push({ record, score: scoreOf.get(record.id) ?? 0 });
    }
    if (rows.length) out.lastId = rows[rows.length - 1].id;
    out.matched += rows.length;
    if (rows.length < batch) {
      out.exhausted = true;
      break;
    }
  }
  return out;
}

/** Substructure matches in record-ID order: runs of records matched one by one, then the GiST screen (HEAD_RECORDS). */
async function walkThenScreen(
  client: PoolClient,
  parse: string,
  text: string,
  wanted: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
  deadline: number,
): Promise<Scan> {
  const [{ total }] = (await client.query<{ total: number }>(`SELECT reltuples::float8 AS total FROM pg_class WHERE oid = 'records'::regclass`)).rows;
  const kept: Scan['kept'] = [];
  let after: number | null = null;
  let walked = 0;
  let matched = 0;
  for (let run = HEAD_RECORDS; ; run *= 2) {
    // The subquery's index scan gives the ID order, which the filter on top keeps.
    const part = await scan(
      client,
      `SELECT id, NULL::float8 AS score FROM (SELECT id, mol FROM records WHERE $2::int IS NULL OR id > $2 ORDER BY id LIMIT ${run}) h WHERE mol @> ${parse}`,
      [text, after],
      SUBSTRUCTURE_BATCH,
      wanted - kept.length,
      accept,
      deadline,
    );
    kept.push(...part.kept);
    matched += part.matched;
    if (kept.length >= wanted || !part.exhausted) return { kept, exhausted: false, lastId: part.lastId ?? after ?? undefined, matched };
    const [end]: Array<{ id: number | null; n: string }> = (
      await client.query<{ id: number | null; n: string }>(
        `SELECT max(id) AS id, count(*) AS n FROM (SELECT id FROM records WHERE $1::int IS NULL OR id > $1 ORDER BY id LIMIT ${run}) h`,
        [after],
      )
    ).rows;
    if (Number(end.n) < run) return { kept, exhausted: true, matched };
    after = end.id;
    walked += run;
    const rate = Math.max(matched, 0.5) / walked;
    const toWalk = (wanted - kept.length) / rate;
    if (toWalk > SCREEN_FALSE_HITS * rate * Math.max(total, 2 * walked)) break;
  }
  const rest = await scan(
    client,
    `SELECT id, NULL::float8 AS score FROM records WHERE mol @> ${parse} AND id > $2 ORDER BY id`,
    [text, after],
    SUBSTRUCTURE_BATCH,
    wanted - kept.length,
    accept,
    deadline,
  );
  return { kept: [...kept, ...rest.kept], exhausted: rest.exhausted, lastId: rest.lastId ?? after ?? undefined, matched: matched + rest.matched };
}

export class CartridgeStructureSearch implements StructureSearch {
  readonly ready = Promise.resolve();

  constructor(private readonly pool: Pool) {}

  /** `q` is the parsed query (chemistry's SubstructureQuery); the cartridge is given its text. */
  async substructure(q: { text: string; format: 'SMILES' | 'SMARTS' }, options: SubstructureOptions): Promise<SubstructureOutcome> {
    const started = Date.now();
    const parse = q.format === 'SMILES' ? 'mol_from_smiles($1::cstring)' : 'qmol_from_smarts($1::cstring)';
    const result = await inTransaction(this.pool, async (client) => {
      const [readable] = (await client.query<{ ok: boolean }>(`SELECT ${parse} IS NOT NULL AS ok`, [q.text])).rows;
      if (!readable.ok) return undefined;
      await client.query(`SET LOCAL rdkit.do_chiral_sss = ${options.useChirality ? 'on' : 'off'}`);
      // One more than wanted: whether more records match decides the message.
      const wanted = options.maxResults + 1;
      const deadline = started + options.timeLimitMs;
      return walkThenScreen(client, parse, q.text, wanted, options.accept, deadline);
    });
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
    const result = await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT set_config('rdkit.tanimoto_threshold', $1, true)`, [String(threshold)]);
      return scan(
        client,
        `SELECT id, score FROM (SELECT id, tanimoto_sml(mfp, bfp_from_binary_text($1)) AS score FROM records WHERE ${where}) h
         ORDER BY round(score::numeric, 4) DESC, id`,
        values,
        Math.min(max, 1000),
        max,
        accept,
        Infinity,
      );
    });
    return result.kept.map((k) => ({ record: k.record, score: roundScore(k.score) }));
  }

  dispose(): void {
    // The pool belongs to the store, which closes it.
  }
}
