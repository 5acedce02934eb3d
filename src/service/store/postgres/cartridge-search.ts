/**
 * Substructure and similarity search over the PostgreSQL store: substructure screened by the database and matched in
 * the service's workers (screened-substructure.ts: sliced, in the fair queue), similarity with the RDKit cartridge's
 * Tanimoto on the Morgan `bfp` column (`%`, screened by the GiST index on `mfp`). Every search reads the table as it is, so records loaded while the service runs are
 * found at once, by every process over the database. Answers keep the in-process index's order and bounds:
 * substructure in record-ID order, stopping at maxResults or the time bound with the same messages; similarity by
 * rounded score then record ID. Rows come through a cursor in batches, so a datasource restriction (applied to each
 * record) stops the scan early.
 */
import type { Pool, PoolClient } from 'pg';
import { roundScore, STRUCTURE_LIMITS } from '../../../wire';
import type { StructureSearch } from '../../search/structure/structure-search';
import type { CompoundRecord } from '../../record';
import { ScreenedSubstructureSearch, recordsOf } from './screened-substructure';
import { SEARCH_QUEUE_LIMITS } from '../../search/structure/structure-search';
import { inTransaction } from './pool';
import { Turns } from './turns';

/**
 * Similarity stages running at once in this process, each one transaction on a pooled connection: as for substructure
 * slices, 50 slow searches hold two connections and the database's two cores' worth of work, not 50.
 */
const SIMILARITY_AT_ONCE = 2;

/** The higher thresholds a similarity search tries first (see `similar`). */
const SIMILARITY_STAGES = [0.9, 0.7];

/** A fingerprint's set bits as the cartridge's binary text (bit i in byte i >> 3, bit i & 7: as RDKit writes it). */
function bfpBytes(bits: Uint16Array): Buffer {
  const bytes = Buffer.alloc(STRUCTURE_LIMITS.morganBits / 8);
  for (const b of bits) bytes[b >> 3] |= 1 << (b & 7);
  return bytes;
}

/**
 * The `max` records of `hits` (IDs and scores in answer order, through a cursor on `client` inside a transaction)
 * that `accept` keeps, read a batch at a time.
 */
async function scan(
  client: PoolClient,
  hits: string,
  values: unknown[],
  batch: number,
  max: number,
  accept: ((record: CompoundRecord) => boolean) | undefined,
): Promise<Array<{ record: CompoundRecord; score: number }>> {
  const kept: Array<{ record: CompoundRecord; score: number }> = [];
  await client.query(`DECLARE hits NO SCROLL CURSOR FOR ${hits}`, values);
  while (kept.length < max) {
    const { rows } = await client.query<{ id: number; score: number | null }>(`FETCH ${batch} FROM hits`);
    const scoreOf = new Map(rows.map((r) => [r.id, r.score ?? 0]));
    const records = await recordsOf(
      client,
      rows.map((r) => r.id),
    );
    for (const record of records) {
      if (kept.length < max && (!accept || accept(record))) kept.push({ record, score: scoreOf.get(record.id) ?? 0 });
    }
    if (rows.length < batch) break;
  }
  await client.query('CLOSE hits');
  return kept;
}

export class CartridgeStructureSearch implements StructureSearch {
  readonly ready = Promise.resolve();
  private readonly substructures: ScreenedSubstructureSearch;
  private readonly similarities = new Turns('similarity searches', SEARCH_QUEUE_LIMITS, SIMILARITY_AT_ONCE);

  constructor(
    private readonly pool: Pool,
    wasmDir?: string,
  ) {
    this.substructures = new ScreenedSubstructureSearch(pool, wasmDir);
  }

  readonly admit: StructureSearch['admit'] = (caller) => this.substructures.admit(caller);
  readonly substructure: StructureSearch['substructure'] = (q, options) => this.substructures.substructure(q, options);
  readonly admitSimilarity: StructureSearch['admitSimilarity'] = (caller) => this.similarities.admit(caller);

  /**
   * Staged thresholds: the GiST screen on `mfp` reads fewer index pages the higher the threshold (at 200k records, per
   * query: ~220 pages at 0.9, ~650 at 0.7, ~2,700 at 0.5), so a top-`max` search first asks for scores of at least
   * 0.9, then 0.7, then the threshold asked, stopping at the first stage whose `max`-th answer ranks above every
   * record it left out (rounded score strictly above the stage's rounded threshold: below it no tie can follow).
   * The same answers as one search at the threshold asked; at worst a third more pages read. Each stage is a turn in
   * the fair queue of similarity searches, so another key's search runs between a slow search's stages.
   */
  readonly similar: StructureSearch['similar'] = async (ticket, bits, threshold, max, accept) => {
    try {
      if (!bits.length || max <= 0) return [];
      const fp = bfpBytes(bits);
      for (const stage of [...SIMILARITY_STAGES.filter((s) => s > threshold), threshold]) {
        const found = await this.similarities.take(ticket, () => this.similarAtLeast(fp, stage, max, accept));
        if (stage === threshold || (found.length === max && found[max - 1].score > roundScore(stage))) return found;
      }
      return [];
    } finally {
      ticket.release();
    }
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
    const found = await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT set_config('rdkit.tanimoto_threshold', $1, true)`, [String(threshold)]);
      return scan(
        client,
        `SELECT id, score FROM (SELECT id, tanimoto_sml(mfp, bfp_from_binary_text($1)) AS score FROM records WHERE ${where}) h
         ORDER BY round(score::numeric, 4) DESC, id`,
        values,
        Math.min(max, 1000),
        max,
        accept,
      );
    });
    return found.map((k) => ({ record: k.record, score: roundScore(k.score) }));
  }

  dispose(): void {
    // The pool belongs to the store, which closes it.
    this.substructures.dispose();
    this.similarities.close();
  }
}
