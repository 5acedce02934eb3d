/**
 * The PostgreSQL store against the in-memory store on the shipped collection and the test fixture: every
 * method, over inputs drawn from the records themselves and hostile text (SQL injection, NUL, quotes,
 * backslashes, LIKE wildcards), gives the same records in the same order, and the records read back equal.
 */
import * as assert from 'assert';
import { loadChemistry } from '../../src/service/toolkits';
import { loadShippedCollection } from '../../src/service/collection/shipped-collection';
import { MemoryStore } from '../../src/service/store/memory-store';
import { PostgresStore } from '../../src/service/store/postgres/postgres-store';
import { identityKeyOf, LOOSE_LEVELS, MASS_KINDS, type CompoundStore } from '../../src/service/store/compound-store';
import type { CompoundRecord } from '../../src/service/record';
import { buildFixtureRecords } from '../service/support/fixture';
import { freshDatabase } from './support/use-postgres';
import { waitFor } from '../support/wait-for';

export const HOSTILE = [
  "'; DROP TABLE records; --",
  "' OR '1'='1",
  "caffeine' UNION SELECT * FROM queries --",
  '\\',
  '"',
  "''",
  '%',
  '_',
  'caf%',
  'a\0b',
  '$1',
  ')); DELETE FROM names; --',
  'ÉTHANOL',
  '\u{10FFFF}',
];

const ids = (records: readonly CompoundRecord[]) => records.map((r) => r.id);

describe('postgres: the PostgreSQL store answers as the in-memory store', function () {
  this.timeout(300_000);
  let pg: PostgresStore;
  let mem: MemoryStore;
  let records: CompoundRecord[];
  let drop: () => Promise<void>;
  let dbUrl: string;

  before(async () => {
    const chemistry = await loadChemistry();
    records = [...(await loadShippedCollection()), ...buildFixtureRecords(chemistry).map((r) => ({ ...r, id: r.id + 1_000_000 }))];
    mem = new MemoryStore(records);
    const db = await freshDatabase();
    drop = db.drop;
    dbUrl = db.url;
    pg = await PostgresStore.open(db.url);
    await pg.append(records);
  });
  after(async () => {
    await pg?.close();
    await drop?.();
  });

  async function same(what: string, call: (s: CompoundStore) => Promise<readonly CompoundRecord[]>): Promise<void> {
    assert.deepStrictEqual(ids(await call(pg)), ids(await call(mem)), what);
  }

  it('reads every record back exactly', async () => {
    assert.strictEqual(pg.size, mem.size);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(await pg.all())), JSON.parse(JSON.stringify(await mem.all())));
    assert.deepStrictEqual(await pg.dataSources(), await mem.dataSources());
  });

  it('reads the references of rows loaded before they were kept on the row (schema version 5) from their own table', async () => {
    const withRefs = records.filter((r) => r.externalReferences.length > 1).slice(0, 20);
    const before = await Promise.all(withRefs.map((r) => pg.getById(r.id)));
    await pg.pool.query('UPDATE records SET refs = NULL WHERE id = ANY($1::int[])', [ids(withRefs)]);
    try {
      assert.deepStrictEqual(await Promise.all(withRefs.map((r) => pg.getById(r.id))), before);
      assert.deepStrictEqual(before, await Promise.all(withRefs.map((r) => mem.getById(r.id))));
    } finally {
      for (const r of withRefs) await pg.pool.query('UPDATE records SET refs = $2::json WHERE id = $1', [r.id, JSON.stringify(r.externalReferences)]);
    }
  });

  it('by ID, InChIKey, InChI and formula for every record', async () => {
    for (const r of records.slice(0, 300)) {
      assert.deepStrictEqual(await pg.getById(r.id), await mem.getById(r.id));
      await same(`key ${r.inchiKey}`, (s) => s.getByInchiKey(r.inchiKey.toLowerCase()));
      await same(`inchi ${r.inchi}`, (s) => s.getByInchi(` ${r.inchi} `));
      await same(`formula ${r.formula}`, (s) => s.byFormula(r.formula));
    }
  });

  it('by name: exact names, synonyms and prefixes in the same rank order', async () => {
    const inputs = new Set<string>();
    for (const r of records.slice(0, 200)) {
      inputs.add(r.commonName.toUpperCase());
      inputs.add(r.commonName.slice(0, 3));
      inputs.add(r.commonName.slice(0, 5));
      for (const s of r.synonyms.slice(0, 2)) inputs.add(`  ${s}  `);
    }
    for (const name of [...inputs, 'ac', 'acid', 'eth', 'ethanol', ...HOSTILE]) await same(`name ${JSON.stringify(name)}`, (s) => s.byName(name));
  });

  it('by name: stereo descriptors set aside, substrings, and spelling suggestions the same', async () => {
    // 'penicillin g', 'labiatic acid': synonyms from the synonym source (data/synonyms.json.gz), loaded with the collection.
    for (const name of [
      'lactic acid',
      'adrenaline',
      'glucose',
      'quercetin',
      'penicillin',
      'penicillin g',
      'labiatic acid',
      'ine',
      'acid',
      '(+)-catechin',
      'DL-',
      'alpha-d-glucose',
    ])
      await same(`name ${JSON.stringify(name)}`, (s) => s.byName(name));
    for (const typo of ['asprin', 'caffiene', 'paracetmol', 'adrenalin', 'zzzz', ...HOSTILE]) {
      assert.deepStrictEqual(await pg.suggestNames(typo, 5), await mem.suggestNames(typo, 5), `suggest ${JSON.stringify(typo)}`);
    }
  });

  it('by name: a name inside longer names is found through the trigram indexes (pg_trgm), not by reading every name', async () => {
    const { rows } = await pg.pool.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'names' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname",
    );
    assert.deepStrictEqual(
      rows.map((r) => r.indexname),
      ['names_bare_key_trigrams', 'names_key_trigrams'],
    );
    // The store's own name search, over connections that may not read a table or an index whole (on 27,000 names the
    // planner reads them all; on a million it takes the indexes, measured): only bitmap scans are left, so the search
    // works only if its every arm can use an index, and PostgreSQL's own count of scans of each trigram index goes up.
    const scans = async () =>
      (
        await pg.pool.query<{ indexrelname: string; idx_scan: string }>(
          "SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE indexrelname LIKE 'names_%trigrams' ORDER BY indexrelname",
        )
      ).rows.map((r) => Number(r.idx_scan));
    const before = await scans();
    const url = new URL(dbUrl);
    url.searchParams.set('options', '-c enable_seqscan=off -c enable_indexscan=off');
    const planned = await PostgresStore.open(url.href);
    try {
      assert.deepStrictEqual(ids(await planned.byName('penicillin')), ids(await mem.byName('penicillin')));
    } finally {
      await planned.close();
    }
    // A backend reports its counts when its transaction ends, at most once a second.
    const after = await waitFor(async () => {
      const now = await scans();
      return now.every((n, i) => n > before[i]) ? now : undefined;
    }, 'both trigram indexes scanned by the name search');
    assert.strictEqual(after.length, 2);
  });

  it('by identity keys at every looser level', async () => {
    for (const level of LOOSE_LEVELS) {
      const keys = records.slice(0, 400).map((r) => identityKeyOf(r, level));
      await same(`${level} keys`, (s) => s.byIdentityKeys(level, keys));
      for (const k of keys.slice(0, 50)) await same(`${level} ${k}`, (s) => s.byIdentityKeys(level, [k]));
      await same(`${level} hostile`, (s) => s.byIdentityKeys(level, HOSTILE));
    }
  });

  it('by mass range of every kind, and by elements', async () => {
    for (const kind of MASS_KINDS) {
      for (const [lo, hi] of [
        [100, 200],
        [180.04, 180.07],
        [0, 50],
        [300, 299],
        [194.08, 194.08],
      ])
        await same(`${kind} ${lo}-${hi}`, (s) => s.byMassRange(kind, lo, hi));
    }
    const cases: Array<[string[], boolean, string[]]> = [
      [['N'], false, []],
      [['N', 'O'], true, ['Cl']],
      [['Na', 'Cl'], false, ['H']],
      [['C'], true, ['N', 'O']],
      [[], true, []],
      [["'"], false, ["'"]],
    ];
    for (const [inc, all, exc] of cases) {
      await same(`elements ${inc.join()} ${all} ${exc.join()}`, (s) => s.byElements(inc, all, exc));
      assert.deepStrictEqual(
        Array.from(await pg.idsByElements(inc, all, exc)),
        Array.from(await mem.idsByElements(inc, all, exc)),
        `element IDs ${inc.join()}`,
      );
    }
  });

  it('treats hostile text in every text method as data, and the tables stay whole', async () => {
    for (const text of HOSTILE) {
      await same(`key ${text}`, (s) => s.getByInchiKey(text));
      await same(`inchi ${text}`, (s) => s.getByInchi(text));
      await same(`formula ${text}`, (s) => s.byFormula(text));
      await same(`name ${text}`, (s) => s.byName(text));
    }
    assert.strictEqual(await pg.refreshSize(), records.length);
  });

  it('refuses a second record with an ID already stored, writing nothing', async () => {
    await assert.rejects(pg.append([records[0]]), /duplicate record ID/);
    assert.strictEqual(await pg.refreshSize(), records.length);
  });
});
