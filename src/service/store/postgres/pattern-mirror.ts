/**
 * The records' pattern fingerprints held in the service's memory, in front of the database (as large public
 * databases pair a store with an in-memory fingerprint engine): a substructure search screens here, rarest query bit
 * first (the in-memory index's screen, structure/substructure-matcher.ts), and asks the database only for the
 * candidates' pickles. The database's own screen reads every row in ID order and ANDs 2048 bits per row: a rare query
 * (few or no matches, so every record is screened) took seconds at 1M records.
 * A mirror is exact for one state of the records: records are only ever added, each insert in a transaction that
 * also raises `loads.records_done` (write-load.ts) or the highest `pos` (store.append), so the state is those two, and
 * the mirror is read with its state in one snapshot. A search whose state differs screens in the database, and a new
 * mirror is read in the background. Memory: PATTERN_BYTES (256) and 8 bytes of IDs per record (about 260 MB at 1M).
 */
import type { Pool } from 'pg';
import { IndexView } from '../../search/structure/substructure-matcher';
import { PATTERN_BYTES } from '../../search/structure/substructure-protocol';
import { inTransaction, query } from './pool';

/** Rows read per statement while a mirror is read. */
const READ_CHUNK = 20_000;
/**
 * After a read, the next waits this many times as long as that read took: while a load adds records (each of its
 * transactions a new state), searches screen in the database rather than read the whole mirror again and again.
 */
const READ_SPACING = 4;

const STATE_SQL = `SELECT coalesce((SELECT max(pos) FROM records), -1)::text || ' ' ||
  coalesce((SELECT json_agg(json_build_array(source_key, records_done) ORDER BY source_key) FROM loads)::text, '[]') AS state`;

/** The pattern without its 4-byte bit count (varbit's binary form); NULL rows pass every screen (all bits set). */
const READ_SQL = `SELECT id, substring(varbit_send(pattern_fp) from 5) AS pattern FROM records WHERE id > $1 ORDER BY id LIMIT ${READ_CHUNK}`;

export interface Mirror {
  state: string;
  /** Record IDs in ascending order; position p of `view` is the record `ids[p]`. */
  ids: Int32Array;
  view: IndexView;
}

async function stateOf(pool: Pool): Promise<string> {
  const [{ state }] = await query<{ state: string }>(pool, STATE_SQL);
  return state;
}

async function readMirror(pool: Pool): Promise<Mirror> {
  return inTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [{ state }] = await query<{ state: string }>(client, STATE_SQL);
    const [{ n }] = await query<{ n: string }>(client, 'SELECT count(*) AS n FROM records');
    const size = Number(n);
    const ids = new Int32Array(size);
    const rows = new Int32Array(new SharedArrayBuffer(size * 4));
    const patterns = new Uint8Array(new SharedArrayBuffer(size * PATTERN_BYTES));
    const bitCounts = new Uint32Array(PATTERN_BYTES * 8);
    let at = 0;
    for (let after = -(2 ** 31); at < size;) {
      const chunk = await query<{ id: number; pattern: Buffer | null }>(client, READ_SQL, [after]);
      if (!chunk.length) break;
      for (const { id, pattern } of chunk) {
        if (at === size) break;
        ids[at] = id;
        rows[at] = at;
        const bytes = pattern && pattern.length === PATTERN_BYTES ? pattern : new Uint8Array(PATTERN_BYTES).fill(0xff);
        patterns.set(bytes, at * PATTERN_BYTES);
        for (let i = 0; i < PATTERN_BYTES; i++) for (let byte = bytes[i], k = 0; byte; k++, byte >>= 1) if (byte & 1) bitCounts[i * 8 + k]++;
        at++;
      }
      after = chunk[chunk.length - 1].id;
    }
    if (at !== size) throw new Error(`read ${at} pattern fingerprints of ${size} records`);
    const empty = new SharedArrayBuffer(0);
    const offsets = new SharedArrayBuffer((size + 1) * 4);
    return {
      state,
      ids,
      view: new IndexView({
        rows: rows.buffer as SharedArrayBuffer,
        patterns: patterns.buffer as SharedArrayBuffer,
        pickles: empty,
        offsets,
        bitCounts,
      }),
    };
  });
}

/** The mirror of one store: `current()` answers it when it holds the records as they are now, else reads a new one. */
export class PatternMirror {
  private mirror?: Mirror;
  private reading?: Promise<void>;
  private nextRead = 0;

  constructor(private readonly pool: Pool) {}

  /** The mirror if it is exact for the records now; otherwise undefined, and a new one is read in the background. */
  async current(): Promise<Mirror | undefined> {
    const state = await stateOf(this.pool);
    if (this.mirror?.state === state) return this.mirror;
    if (Date.now() >= this.nextRead) void this.read();
    return undefined;
  }

  /** Reads a new mirror unless one is being read; resolves when that read ends (a failed read leaves none). */
  read(): Promise<void> {
    const started = Date.now();
    const done = (mirror: Mirror | undefined) => {
      this.mirror = mirror;
      this.reading = undefined;
      this.nextRead = Date.now() + READ_SPACING * (Date.now() - started);
    };
    this.reading ??= readMirror(this.pool).then(done, () => done(undefined));
    return this.reading;
  }

  dispose(): void {
    this.mirror = undefined;
  }
}
