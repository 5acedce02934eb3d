/**
 * The schema, in numbered migrations the service runs when it opens a database (under an advisory lock, so
 * several processes starting together migrate once). A migration is never edited once shipped: add the next.
 */
import type { Pool } from 'pg';
import { inTransaction } from './pool';

interface Migration {
  version: number;
  what: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'records, names, external references, datasources, loads, queries; structure and fingerprint indexes',
    sql: `
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_type WHERE typname = 'mol') THEN CREATE EXTENSION rdkit; END IF;
      END $$;
      CREATE TABLE data_sources (position serial PRIMARY KEY, name text NOT NULL UNIQUE);
      CREATE TABLE records (
        id integer PRIMARY KEY,
        pos bigint NOT NULL UNIQUE,
        common_name text NOT NULL,
        synonyms text[] NOT NULL,
        smiles text NOT NULL,
        inchi text NOT NULL,
        inchi_key text NOT NULL,
        formula text NOT NULL,
        formula_key text,
        monoisotopic_mass double precision NOT NULL,
        average_mass double precision NOT NULL,
        molecular_weight double precision NOT NULL,
        nominal_mass double precision NOT NULL,
        alogp double precision NOT NULL,
        xlogp double precision NOT NULL,
        elements text[] NOT NULL,
        components integer NOT NULL,
        has_metal boolean NOT NULL,
        isotopic boolean NOT NULL,
        data_sources text[] NOT NULL,
        reference_count integer NOT NULL,
        data_source_count integer NOT NULL,
        article_count integer NOT NULL,
        org_count integer NOT NULL,
        mol2d text NOT NULL,
        mol3d text NOT NULL,
        original_mol text NOT NULL,
        mol mol,
        mfp bfp
      );
      CREATE INDEX records_inchi_key ON records (inchi_key);
      CREATE INDEX records_inchi ON records USING hash (inchi);
      CREATE INDEX records_formula_key ON records (formula_key);
      CREATE INDEX records_monoisotopic_mass ON records (monoisotopic_mass, pos);
      CREATE INDEX records_average_mass ON records (average_mass, pos);
      CREATE INDEX records_molecular_weight ON records (molecular_weight, pos);
      CREATE INDEX records_nominal_mass ON records (nominal_mass, pos);
      CREATE INDEX records_elements ON records USING gin (elements);
      CREATE INDEX records_mol ON records USING gist (mol);
      CREATE INDEX records_mfp ON records USING gist (mfp);
      CREATE TABLE names (
        record_pos bigint NOT NULL REFERENCES records (pos) ON DELETE CASCADE,
        name_key text COLLATE "C" NOT NULL,
        is_synonym boolean NOT NULL
      );
      CREATE INDEX names_key ON names (name_key, is_synonym, record_pos);
      CREATE INDEX names_record ON names (record_pos);
      CREATE TABLE external_references (
        record_id integer NOT NULL REFERENCES records (id) ON DELETE CASCADE,
        ordinal integer NOT NULL,
        source text NOT NULL,
        source_url text NOT NULL,
        external_id text NOT NULL,
        external_url text NOT NULL,
        PRIMARY KEY (record_id, ordinal)
      );
      CREATE INDEX external_references_id ON external_references (source, external_id);
      CREATE TABLE loads (
        source_key text PRIMARY KEY,
        data_source text NOT NULL,
        first_id integer NOT NULL,
        entries_done integer NOT NULL,
        records_done integer NOT NULL,
        skipped integer NOT NULL,
        finished boolean NOT NULL
      );
      CREATE TABLE queries (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        status text NOT NULL,
        message text NOT NULL,
        count integer NOT NULL,
        created_at timestamptz NOT NULL,
        finished_at timestamptz,
        outcome jsonb
      );
      CREATE INDEX queries_created_at ON queries (created_at);
    `,
  },
  {
    version: 2,
    what: 'service processes with a heartbeat; each query names the process that runs it',
    sql: `
      CREATE TABLE service_processes (id uuid PRIMARY KEY, seen_at timestamptz NOT NULL);
      ALTER TABLE queries ADD COLUMN owner uuid;
      CREATE INDEX queries_running ON queries (owner) WHERE status IN ('Created', 'Processing');
    `,
  },
  {
    version: 3,
    what: 'each load reserves its record positions, so its batches can commit in any order',
    sql: `ALTER TABLE loads ADD COLUMN first_pos bigint, ADD COLUMN total integer;`,
  },
  {
    version: 4,
    what: 'a running tally of stored queries and held result IDs, so a submit checks the bounds without counting the table',
    sql: `
      CREATE TABLE query_tally (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        queries integer NOT NULL,
        result_ids bigint NOT NULL
      );
      INSERT INTO query_tally (queries, result_ids)
        SELECT count(*), coalesce(sum(count) FILTER (WHERE finished_at IS NOT NULL), 0) FROM queries;
    `,
  },
  {
    version: 5,
    what: "each record's external references also as JSON on its row, read with it; MOL blocks lz4-compressed",
    // Rows loaded before keep refs NULL and are read through external_references (SELECT_RECORD): rewriting every
    // row here would update every index of the table (at 200k records, 5 minutes).
    sql: `
      ALTER TABLE records ADD COLUMN refs json;
      DO $$ BEGIN
        ALTER TABLE records ALTER COLUMN mol2d SET COMPRESSION lz4, ALTER COLUMN mol3d SET COMPRESSION lz4,
          ALTER COLUMN original_mol SET COMPRESSION lz4, ALTER COLUMN refs SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN NULL; -- a server built without lz4 keeps pglz
      END $$;
    `,
  },
  {
    version: 6,
    what: 'names also under their key with stereo descriptors set aside; identity levels: connectivity, parent and tautomer keys',
    // Rows loaded before keep bare_key, parent_key and tautomer_key NULL: their names are found at the other ranks and
    // their parent and tautomer levels fall back to the connectivity block (reload them to fill the columns).
    sql: `
      ALTER TABLE names ADD COLUMN bare_key text COLLATE "C";
      CREATE INDEX names_bare_key ON names (bare_key, record_pos);
      ALTER TABLE records ADD COLUMN parent_key text, ADD COLUMN tautomer_key text;
      CREATE INDEX records_connectivity_key ON records (left(inchi_key, 14));
      CREATE INDEX records_parent_key ON records (parent_key);
      CREATE INDEX records_tautomer_key ON records (tautomer_key);
    `,
  },
  {
    version: 7,
    what: "records' RDKit pattern fingerprints and pickles: the substructure screen and what the service's matchers read (made in Node at load; NULL: screened in, read from the SMILES)",
    sql: `ALTER TABLE records ADD COLUMN pattern_fp bit(2048), ADD COLUMN pickle bytea;`,
  },
  {
    version: 8,
    what: 'trigram indexes of the name keys (pg_trgm, where the server has it): a name found inside longer names without reading every name',
    // Without pg_trgm (a server without its contrib modules, a role that may not create it) the same query reads every
    // name, as every version before did: the service works either way.
    sql: `
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
        RAISE NOTICE 'pg_trgm is not available: a name search reads every name';
      END $$;
      DO $$ DECLARE
        schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
      BEGIN
        -- Its operator class named with its schema: an administrator may have put pg_trgm outside the search path.
        IF schema IS NOT NULL THEN
          EXECUTE format('CREATE INDEX names_key_trigrams ON names USING gin (name_key %I.gin_trgm_ops)', schema);
          EXECUTE format('CREATE INDEX names_bare_key_trigrams ON names USING gin (bare_key %I.gin_trgm_ops)', schema);
        END IF;
      END $$;
    `,
  },
];

const LOCK_KEY = 0x636462; // any constant: one migrator at a time per database

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies the migrations the database lacks; returns the versions applied. */
export async function migrate(pool: Pool): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, what text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const have = new Set(rows.map((r) => r.version));
    if (rows.some((r) => r.version > SCHEMA_VERSION)) {
      throw new Error(
        `the database's schema is newer (version ${Math.max(...rows.map((r) => r.version))}) than this service knows (${SCHEMA_VERSION}); update the service`,
      );
    }
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (have.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, what) VALUES ($1, $2)', [m.version, m.what]);
      applied.push(m.version);
    }
    return applied;
  });
}
