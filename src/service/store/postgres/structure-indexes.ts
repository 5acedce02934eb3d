/**
 * The cartridge's GiST indexes on the structure (`mol`) and fingerprint (`mfp`) columns. Kept up row by row, they
 * are a large part of a bulk load's cost; built once over the whole table, the two at once, they cost less (10,000 records on the
 * shared machine: 37.6 s against 48.0 s for the whole load). A large load (at least
 * BULK_MIN_RECORDS, and at least as many records as the table holds) drops them first and builds them again at the
 * end; structure searches meanwhile are answered without the screen (slower, the same answers).
 */
import type { Pool } from 'pg';
import { query } from './pool';

const STRUCTURE_INDEXES = {
  records_mol: 'CREATE INDEX IF NOT EXISTS records_mol ON records USING gist (mol)',
  records_mfp: 'CREATE INDEX IF NOT EXISTS records_mfp ON records USING gist (mfp)',
} as const;

const BULK_MIN_RECORDS = 10_000;

/** Whether adding `adding` records to a table of `stored` is cheaper with the indexes built afterwards. */
export function worthRebuilding(adding: number, stored: number): boolean {
  return adding >= BULK_MIN_RECORDS && adding >= stored;
}

/** Runs `load` with the structure indexes dropped, then builds them (also when `load` throws: a rerun resumes). */
export async function withStructureIndexesRebuilt<T>(pool: Pool, load: () => Promise<T>): Promise<T> {
  for (const name of Object.keys(STRUCTURE_INDEXES)) await query(pool, `DROP INDEX IF EXISTS ${name}`);
  try {
    return await load();
  } finally {
    await ensureStructureIndexes(pool);
  }
}

/** Builds whichever structure index is missing (an interrupted bulk load leaves them dropped). */
export async function ensureStructureIndexes(pool: Pool): Promise<void> {
  await Promise.all(Object.values(STRUCTURE_INDEXES).map((ddl) => query(pool, ddl)));
}
