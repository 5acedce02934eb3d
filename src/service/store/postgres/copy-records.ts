/**
 * Bulk writing of records with COPY: the scalar columns go through a temporary table, from which one INSERT
 * adds the cartridge's `mol` (parsed from the record's SMILES; NULL where the cartridge's older RDKit cannot
 * read it) and its Morgan fingerprint; the substructure screen's pattern fingerprint and the pickle the service's
 * matchers read come from Node's RDKit (structure/record-patterns.ts). Names (normalised as the in-memory name index does) and external
 * references go straight to their tables. Runs inside the caller's transaction.
 */
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'stream/promises';
import { Readable } from 'stream';
import type { CompoundRecord } from '../../record';
import { formulaKey } from '../../../chemistry/formula/parse';
import { bareName, normaliseName } from '../name-keys';
import { recordScreens, type RecordScreen } from '../../search/structure/record-patterns';
import { patternText } from './pattern-column';

export const RECORD_COLUMNS = [
  'id',
  'pos',
  'common_name',
  'synonyms',
  'smiles',
  'inchi',
  'inchi_key',
  'formula',
  'formula_key',
  'monoisotopic_mass',
  'average_mass',
  'molecular_weight',
  'nominal_mass',
  'alogp',
  'xlogp',
  'elements',
  'components',
  'has_metal',
  'isotopic',
  'data_sources',
  'reference_count',
  'data_source_count',
  'article_count',
  'org_count',
  'mol2d',
  'mol3d',
  'original_mol',
  'refs',
  'parent_key',
  'tautomer_key',
  'pattern_fp',
  'pickle',
] as const;

/** One field of COPY's text format. */
function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function recordLine(r: CompoundRecord, pos: number, screen: RecordScreen | undefined): string {
  const values = [
    r.id,
    pos,
    r.commonName,
    arrayLiteral(r.synonyms),
    r.smiles,
    r.inchi,
    r.inchiKey,
    r.formula,
    formulaKey(r.formula) ?? null,
    r.monoisotopicMass,
    r.averageMass,
    r.molecularWeight,
    r.nominalMass,
    r.alogp,
    r.xlogp,
    arrayLiteral(r.elements),
    r.components,
    r.hasMetal,
    r.isotopic,
    arrayLiteral(r.dataSources),
    r.referenceCount,
    r.dataSourceCount,
    r.articleCount,
    r.orgCount,
    r.mol2D,
    r.mol3D,
    r.originalMol,
    JSON.stringify(r.externalReferences),
    r.parentKey ?? null,
    r.tautomerKey ?? null,
    screen ? patternText(screen.pattern) : null,
    screen ? `\\x${Buffer.from(screen.pickle.buffer, screen.pickle.byteOffset, screen.pickle.byteLength).toString('hex')}` : null,
  ];
  return `${values.map(field).join('\t')}\n`;
}

/** The name keys of one record exactly as NameIndex makes them: the common name, then each other synonym. */
function nameLines(r: CompoundRecord, pos: number): string {
  let out = '';
  const key = normaliseName(r.commonName);
  if (key) out += `${pos}\t${field(key)}\tf\t${field(bareName(key))}\n`;
  for (const s of r.synonyms) {
    const k = normaliseName(s);
    if (k && k !== key) out += `${pos}\t${field(k)}\tt\t${field(bareName(k))}\n`;
  }
  return out;
}

function referenceLines(r: CompoundRecord): string {
  return r.externalReferences.map((e, i) => [r.id, i, e.source, e.sourceUrl, e.externalId, e.externalUrl].map(field).join('\t') + '\n').join('');
}

async function copyLines(client: PoolClient, sql: string, lines: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(lines, { objectMode: false }), client.query(copyFrom(sql)));
}

function* each<T>(items: readonly T[], line: (item: T, i: number) => string): Generator<string> {
  for (let i = 0; i < items.length; i++) {
    const s = line(items[i], i);
    if (s) yield s;
  }
}

/** Appends records at positions firstPos, firstPos + 1, ... (load order, which every search keeps). */
export async function copyRecords(client: PoolClient, records: readonly CompoundRecord[], firstPos: number): Promise<void> {
  if (!records.length) return;
  const cols = RECORD_COLUMNS.join(', ');
  const screens = await recordScreens(records.map((r) => r.smiles));
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS records_staging (LIKE records INCLUDING COMPRESSION) ON COMMIT DELETE ROWS`);
  await copyLines(
    client,
    `COPY records_staging (${cols}) FROM STDIN`,
    each(records, (r, i) => recordLine(r, firstPos + i, screens[i])),
  );
  // OFFSET 0 keeps the subquery whole, so each SMILES is parsed once (flattened, `m` would be parsed twice).
  await client.query(
    `INSERT INTO records (${cols}, mol, mfp)
     SELECT ${cols}, m, morganbv_fp(m) FROM (SELECT *, mol_from_smiles(smiles::cstring) AS m FROM records_staging OFFSET 0) s`,
  );
  await client.query('TRUNCATE records_staging');
  await copyLines(
    client,
    'COPY names (record_pos, name_key, is_synonym, bare_key) FROM STDIN',
    each(records, (r, i) => nameLines(r, firstPos + i)),
  );
  await copyLines(
    client,
    'COPY external_references (record_id, ordinal, source, source_url, external_id, external_url) FROM STDIN',
    each(records, referenceLines),
  );
  const sources = [...new Set(records.flatMap((r) => r.dataSources))];
  for (const name of sources) await client.query('INSERT INTO data_sources (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
}

/**
 * Gives the planner the statistics of the tables copyRecords writes, once a load or an append has committed:
 * autovacuum gathers them only a minute or more later (and never in a database copied from a template), and
 * without them the identity-key and mass lookups ran some 30 times slower in the minute after a load.
 */
export async function analyzeRecords(db: Pool | PoolClient): Promise<void> {
  await db.query('ANALYZE records, names, external_references, data_sources');
}
