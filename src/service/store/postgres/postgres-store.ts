/**
 * CompoundStore over PostgreSQL with the RDKit cartridge (shared deployments): several service processes
 * over one database. Every answer keeps the in-memory store's order: load order (`pos`) within each group,
 * masses ascending. Every statement is parameterised; text that PostgreSQL cannot hold (NUL) matches nothing.
 */
import type { Pool } from 'pg';
import type { ExternalReference } from '../../../wire';
import type { CompoundRecord } from '../../record';
import { MASS_KINDS, type CompoundStore, type LooseLevel, type MassKind } from '../compound-store';
import { formulaKey } from '../../../chemistry/formula/parse';
import { bareName, MIN_PREFIX_LENGTH, normaliseName } from '../name-keys';
import { analyzeRecords, copyRecords } from './copy-records';
import { SpellingIndex } from '../spelling-index';
import { migrate } from './migrations';
import { inTransaction, openPool, query } from './pool';
import { reservePositions } from './write-load';

const MASS_COLUMN: Readonly<Record<MassKind, string>> = {
  monoisotopicMass: 'monoisotopic_mass',
  averageMass: 'average_mass',
  molecularWeight: 'molecular_weight',
  nominalMass: 'nominal_mass',
};

/**
 * Every column of a record: one index probe per record. Its external references are JSON on its row (`refs`, written
 * by the load), or gathered from external_references for rows loaded before that column (schema version 5).
 */
export const SELECT_RECORD = `SELECT r.id, r.pos, r.common_name, r.synonyms, r.smiles, r.inchi, r.inchi_key, r.formula,
  r.monoisotopic_mass, r.average_mass, r.molecular_weight, r.nominal_mass, r.alogp, r.xlogp, r.elements,
  r.components, r.has_metal, r.isotopic, r.data_sources, r.reference_count, r.data_source_count,
  r.article_count, r.org_count, r.mol2d, r.mol3d, r.original_mol, r.parent_key, r.tautomer_key,
  coalesce(r.refs, (SELECT coalesce(json_agg(json_build_object('source', e.source, 'sourceUrl', e.source_url, 'externalId',
     e.external_id, 'externalUrl', e.external_url) ORDER BY e.ordinal), '[]') FROM external_references e WHERE e.record_id = r.id)) AS refs
  FROM records r`;

export interface RecordRow {
  id: number;
  pos: string;
  common_name: string;
  synonyms: string[];
  smiles: string;
  inchi: string;
  inchi_key: string;
  formula: string;
  monoisotopic_mass: number;
  average_mass: number;
  molecular_weight: number;
  nominal_mass: number;
  alogp: number;
  xlogp: number;
  elements: string[];
  components: number;
  has_metal: boolean;
  isotopic: boolean;
  data_sources: string[];
  reference_count: number;
  data_source_count: number;
  article_count: number;
  org_count: number;
  mol2d: string;
  mol3d: string;
  original_mol: string;
  refs: ExternalReference[];
  parent_key: string | null;
  tautomer_key: string | null;
}

export function toRecord(row: RecordRow): CompoundRecord {
  return {
    id: row.id,
    commonName: row.common_name,
    synonyms: row.synonyms,
    smiles: row.smiles,
    inchi: row.inchi,
    inchiKey: row.inchi_key,
    formula: row.formula,
    monoisotopicMass: row.monoisotopic_mass,
    averageMass: row.average_mass,
    molecularWeight: row.molecular_weight,
    nominalMass: row.nominal_mass,
    alogp: row.alogp,
    xlogp: row.xlogp,
    elements: row.elements,
    components: row.components,
    hasMetal: row.has_metal,
    isotopic: row.isotopic,
    dataSources: row.data_sources,
    referenceCount: row.reference_count,
    dataSourceCount: row.data_source_count,
    articleCount: row.article_count,
    orgCount: row.org_count,
    mol2D: row.mol2d,
    mol3D: row.mol3d,
    originalMol: row.original_mol,
    externalReferences: row.refs,
    ...(row.parent_key ? { parentKey: row.parent_key } : {}),
    ...(row.tautomer_key ? { tautomerKey: row.tautomer_key } : {}),
  };
}

/** PostgreSQL text cannot hold NUL: such input matches no stored value. */
const storable = (s: string): boolean => !s.includes('\0');
/** `s` matched as itself inside a LIKE pattern (whose escape character is the backslash). */
const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, '\\$&');

export class PostgresStore implements CompoundStore {
  private count = 0;
  private spelling: { count: number; index: SpellingIndex } | undefined;

  private constructor(readonly pool: Pool) {}

  /** Connects, migrates the schema to this version and counts the records. */
  static async open(url: string, poolSize?: number): Promise<PostgresStore> {
    const store = new PostgresStore(openPool(url, poolSize));
    try {
      await migrate(store.pool);
      await store.refreshSize();
    } catch (err) {
      await store.close();
      throw err;
    }
    return store;
  }

  get size(): number {
    return this.count;
  }

  async refreshSize(): Promise<number> {
    const [row] = await query<{ n: string }>(this.pool, 'SELECT count(*) AS n FROM records');
    this.count = Number(row.n);
    return this.count;
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  async getById(id: number): Promise<CompoundRecord | undefined> {
    if (!Number.isInteger(id) || Math.abs(id) > 2 ** 31 - 1) return undefined;
    return (await this.rows(`${SELECT_RECORD} WHERE r.id = $1`, [id]))[0];
  }

  async getByInchiKey(inchiKey: string): Promise<CompoundRecord[]> {
    const key = inchiKey.trim().toUpperCase();
    return storable(key) ? this.rows(`${SELECT_RECORD} WHERE r.inchi_key = $1 ORDER BY r.pos`, [key]) : [];
  }

  async getByInchi(inchi: string): Promise<CompoundRecord[]> {
    const s = inchi.trim();
    return storable(s) ? this.rows(`${SELECT_RECORD} WHERE r.inchi = $1 ORDER BY r.pos`, [s]) : [];
  }

  async byFormula(formula: string): Promise<CompoundRecord[]> {
    const key = formulaKey(formula);
    return key && storable(key) ? this.rows(`${SELECT_RECORD} WHERE r.formula_key = $1 ORDER BY r.pos`, [key]) : [];
  }

  async byMassRange(kind: MassKind, lo: number, hi: number): Promise<CompoundRecord[]> {
    if (!MASS_KINDS.includes(kind)) throw new Error(`unknown mass kind ${String(kind)}`);
    if (!(lo <= hi)) return [];
    const col = MASS_COLUMN[kind];
    return this.rows(`${SELECT_RECORD} WHERE r.${col} BETWEEN $1 AND $2 ORDER BY r.${col}, r.pos`, [lo, hi]);
  }

  async byName(name: string): Promise<CompoundRecord[]> {
    const key = normaliseName(name);
    if (!key || !storable(key)) return [];
    const bare = bareName(key);
    const long = key.length >= MIN_PREFIX_LENGTH;
    const bareLong = bare !== key && bare.length >= MIN_PREFIX_LENGTH;
    // The ranks of name-index.ts: 0 common name, 1 synonym, 2 bare name, 3 prefix (of a key, or of a bare key by the
    // query's bare key), 4 substring; each record once, at its best rank; ties by record ID.
    return this.rows(
      `WITH hits AS (
         SELECT record_pos, CASE WHEN name_key = $1 THEN (CASE WHEN is_synonym THEN 1 ELSE 0 END)
                                 WHEN bare_key = $2 THEN 2
                                 WHEN $3 AND (starts_with(name_key, $1) OR starts_with(bare_key, $1)) THEN 3
                                 WHEN $4 AND (starts_with(name_key, $2) OR starts_with(bare_key, $2)) THEN 3
                                 ELSE 4 END AS rank
         FROM names
         WHERE name_key = $1 OR bare_key = $2
            OR ($3 AND (name_key LIKE $5 OR bare_key LIKE $5))
            OR ($4 AND (starts_with(name_key, $2) OR starts_with(bare_key, $2)))
       ), best AS (SELECT record_pos, min(rank) AS rank FROM hits GROUP BY record_pos)
       ${SELECT_RECORD} JOIN best b ON b.record_pos = r.pos ORDER BY b.rank, r.id`,
      [key, bare, long, bareLong, `%${likeLiteral(key)}%`],
    );
  }

  async suggestNames(name: string, max: number): Promise<string[]> {
    // The names are read once per record count (a load adds records; names never change otherwise).
    if (!this.spelling || this.spelling.count !== this.count) {
      const rows = await query<{ common_name: string; synonyms: string[] }>(this.pool, 'SELECT common_name, synonyms FROM records ORDER BY pos');
      this.spelling = { count: this.count, index: new SpellingIndex(rows.flatMap((r) => [r.common_name, ...r.synonyms])) };
    }
    return this.spelling.index.suggest(name, max).map((s) => s.name);
  }

  async byIdentityKeys(level: LooseLevel, keys: readonly string[]): Promise<CompoundRecord[]> {
    const wanted = [...new Set(keys)].filter(storable);
    if (!wanted.length) return [];
    // Rows loaded before schema 6 have no parent or tautomer key: their own first block stands for both.
    const where =
      level === 'connectivity'
        ? 'left(r.inchi_key, 14) = ANY($1::text[])'
        : `r.${level}_key = ANY($1::text[]) OR (r.${level}_key IS NULL AND left(r.inchi_key, 14) = ANY($1::text[]))`;
    return this.rows(`${SELECT_RECORD} WHERE ${where} ORDER BY r.id`, [wanted]);
  }

  async byElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<CompoundRecord[]> {
    if (!include.length || (includeAll && !include.every(storable))) return [];
    const op = includeAll ? '@>' : '&&';
    return this.rows(`${SELECT_RECORD} WHERE r.elements ${op} $1::text[] AND NOT r.elements && $2::text[] ORDER BY r.pos`, [
      include.filter(storable),
      exclude.filter(storable),
    ]);
  }

  async idsByElements(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Promise<number[]> {
    if (!include.length || (includeAll && !include.every(storable))) return [];
    const op = includeAll ? '@>' : '&&';
    const rows = await query<{ id: number }>(
      this.pool,
      `SELECT r.id FROM records r WHERE r.elements ${op} $1::text[] AND NOT r.elements && $2::text[] ORDER BY r.id`,
      [include.filter(storable), exclude.filter(storable)],
    );
    return rows.map((r) => r.id);
  }

  async dataSources(): Promise<string[]> {
    return (await query<{ name: string }>(this.pool, 'SELECT name FROM data_sources ORDER BY position')).map((r) => r.name);
  }

  async all(): Promise<readonly CompoundRecord[]> {
    return this.rows(`${SELECT_RECORD} ORDER BY r.pos`);
  }

  /** Appends records after the last one, in one transaction (COPY). Throws when an ID is already there. */
  async append(records: readonly CompoundRecord[]): Promise<void> {
    const ids = new Set<number>();
    for (const r of records) {
      if (ids.has(r.id)) throw new Error(`duplicate record ID ${r.id}`);
      ids.add(r.id);
    }
    const [taken] = await query<{ id: number }>(this.pool, 'SELECT id FROM records WHERE id = ANY($1::int[]) LIMIT 1', [[...ids]]);
    if (taken) throw new Error(`duplicate record ID ${taken.id}`);
    await inTransaction(this.pool, async (client) => {
      await copyRecords(client, records, await reservePositions(client));
    });
    await analyzeRecords(this.pool);
    await this.refreshSize();
  }

  private async rows(sql: string, values: unknown[] = []): Promise<CompoundRecord[]> {
    return (await query<RecordRow>(this.pool, sql, values)).map(toRecord);
  }
}
