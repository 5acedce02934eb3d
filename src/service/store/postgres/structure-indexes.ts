/**
 * The cartridge's GiST indexes on the structure (`mol`) and fingerprint (`mfp`) columns, kept up row by row as
 * records are loaded (write-load.ts says why). A load by an earlier version could have left them dropped: every
 * load ends by building whichever is missing.
 */
import type { Pool } from 'pg';
import { query } from './pool';

const STRUCTURE_INDEXES = [
  'CREATE INDEX IF NOT EXISTS records_mol ON records USING gist (mol)',
  'CREATE INDEX IF NOT EXISTS records_mfp ON records USING gist (mfp)',
];

export async function ensureStructureIndexes(pool: Pool): Promise<void> {
  await Promise.all(STRUCTURE_INDEXES.map((ddl) => query(pool, ddl)));
}
