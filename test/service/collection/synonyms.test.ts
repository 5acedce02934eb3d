/**
 * The names chemists use find their compound (issue 27): the synonym source's names (data/synonyms.json.gz, from the
 * DrugBank vocabulary, scripts/build-synonyms.mjs) are the records' synonyms once the collection is loaded, so the
 * name filter finds them second, after common names (shared/beyond-the-spec.md 4), in whichever store runs the suite.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { gzipSync, gunzipSync } from 'zlib';
import { startService, type RunningService } from '../../../src/service';
import { COLLECTION_FILE, loadShippedCollection, SHIPPED_DATA_DIR, SYNONYMS_FILE } from '../../../src/service/collection/shipped-collection';
import { pathToFileURL } from 'url';
import { bareName, normaliseName } from '../../../src/service/store/name-keys';
import { tempDir } from '../../support/temp';
import { api, runFilter } from '../support/http';

interface SynonymsFile {
  format: string;
  source: { name: string; license: string; sha256: string };
  synonyms: Record<string, string[]>;
}

const shippedSynonyms = (): SynonymsFile => JSON.parse(gunzipSync(fs.readFileSync(path.join(SHIPPED_DATA_DIR, SYNONYMS_FILE))).toString('utf8'));

describe('service: names from the synonym source find their compound', () => {
  let svc: RunningService;
  let base: string;
  const first = async (name: string): Promise<{ id: number; commonName: string }> => {
    const ids = await runFilter(base, 'filter/name', { name });
    assert.ok(ids.length, `"${name}" finds nothing`);
    const r = await api(base, 'POST', 'records/batch', { recordIds: ids.slice(0, 1), fields: ['CommonName'] });
    return r.json.records[0];
  };

  before(async () => {
    svc = await startService({ port: 0 });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  it('"penicillin G" gives Benzylpenicillin first, by the synonym the vocabulary gives it', async () => {
    const found = await first('penicillin G');
    assert.deepStrictEqual([found.id, found.commonName], [3535, 'Benzylpenicillin'], 'the record keeps its own name');
    assert.deepStrictEqual(
      await runFilter(base, 'filter/name', { name: 'Penicillin  g ' }),
      await runFilter(base, 'filter/name', { name: 'penicillin G' }),
    );
  });

  it('other names only the vocabulary gives find their record first', async () => {
    for (const [name, id, commonName] of [
      ['Desmethylimipramine', 2809, 'Desipramine'],
      ['DHEA-S', 1739, 'Dehydroisoandrosterone-3-sulfate'],
      ['labiatic acid', 1967, 'Rosmarinic acid'],
      ['OXINE', 4457, '8-Hydroxyquinoline'],
      ['adrenaline', 560, 'R-adrenaline'],
    ] as const) {
      const found = await first(name);
      assert.deepStrictEqual([found.id, found.commonName], [id, commonName], name);
    }
  });

  it('the names of the issue are found first: quercetin, glucose, lactic acid, adrenaline', async () => {
    assert.strictEqual((await first('quercetin')).commonName, 'Quercetin');
    assert.match((await first('glucose')).commonName, /^D-glucose$/i);
    assert.match((await first('lactic acid')).commonName, /lactic acid|2-hydroxypropanoic acid/i);
    assert.match((await first('adrenaline')).commonName, /adrenaline|epinephrine/i);
  });
});

describe('collection: the synonym source as loaded', () => {
  it('gives every name to its own record only, within the rules, and credits its source', async () => {
    const file = shippedSynonyms();
    assert.strictEqual(file.format, 'compound-db-synonyms/1');
    assert.strictEqual(file.source.license, 'CC0 1.0');
    const records = await loadShippedCollection();
    const byKey = new Map(records.map((r) => [r.inchiKey, r]));
    const holders = new Map<string, Set<number>>();
    for (const r of records)
      for (const n of [r.commonName, ...r.synonyms]) holders.set(normaliseName(n), (holders.get(normaliseName(n)) ?? new Set()).add(r.id));
    let names = 0;
    for (const [key, list] of Object.entries(file.synonyms)) {
      const record = byKey.get(key);
      assert.ok(record, `no record has ${key}`);
      assert.ok(list.length >= 1 && list.length <= 12, `${key}: ${list.length} names`);
      for (const name of list) {
        names++;
        assert.ok(name.length >= 3 && name.length <= 60, name);
        assert.ok(record.synonyms.includes(name), `${record.id} lacks ${name}`);
        const others = [...holders.get(normaliseName(name))!].filter((id) => id !== record.id).map((id) => records.find((r) => r.id === id)!);
        // A name two records hold is held by records of one skeleton (a record and its stereo-undefined twin).
        for (const other of others) assert.strictEqual(other.inchiKey.slice(0, 14), key.slice(0, 14), `${name}: ${record.id} and ${other.id}`);
      }
    }
    assert.ok(names > 1000, `${names} names`);
  });

  it('appends a synonyms file to the records it names as the collection loads, and refuses a file of another format', async () => {
    const dir = tempDir('synonyms');
    const record = (await loadShippedCollection()).find((r) => r.id === 3535)!;
    const { mol2D: _2d, mol3D: _3d, originalMol: _o, ...stored } = record;
    const collection = {
      format: 'compound-db-collection/2',
      built: '2026-01-01T00:00:00',
      dataSources: [],
      records: [{ ...stored, synonyms: ['PCG'] }],
    };
    fs.writeFileSync(path.join(dir, COLLECTION_FILE), gzipSync(JSON.stringify(collection)));
    const synonyms = {
      format: 'compound-db-synonyms/1',
      source: {},
      synonyms: { [record.inchiKey]: ['pcg', 'Penicillin G'], 'XXXXXXXXXXXXXX-XXXXXXXXXX-N': ['Other'] },
    };
    fs.writeFileSync(path.join(dir, SYNONYMS_FILE), gzipSync(JSON.stringify(synonyms)));
    const [loaded] = await loadShippedCollection(dir);
    assert.deepStrictEqual(loaded.synonyms, ['PCG', 'Penicillin G'], 'a name the record has (case aside) is not repeated');
    assert.strictEqual(loaded.commonName, 'Benzylpenicillin');
    fs.writeFileSync(path.join(dir, SYNONYMS_FILE), gzipSync(JSON.stringify({ format: 'other/1', synonyms: {} })));
    await assert.rejects(loadShippedCollection(dir), /synonyms\.json\.gz is not a compound-db-synonyms\/1 file/);
  });
});

interface Rules {
  vocabularyEntries(rows: string[][]): Entry[];
  matchEntries(records: Rec[], entries: Entry[], keys: object): Array<{ record: Rec; entries: Entry[]; how: string }>;
  selectSynonyms(
    records: Rec[],
    matches: unknown[],
    keys: object,
    readings?: Map<string, { inchi: string; inchiKey: string }>,
  ): { byInchiKey: Map<string, string[]> };
}
interface Entry {
  id: string;
  names: string[];
  inchiKey: string;
}
interface Rec {
  id: number;
  commonName: string;
  synonyms: string[];
  smiles: string;
  inchi: string;
  inchiKey: string;
}

describe('data build: the synonym rules (scripts/data/synonyms.mjs)', () => {
  let rules: Rules;
  const keys = { normaliseName, bareName };
  const rec = (id: number, commonName: string, inchiKey: string, inchi = 'InChI=1S/C16H18N2O4S/c1', synonyms: string[] = []): Rec => ({
    id,
    commonName,
    synonyms,
    smiles: 'CC',
    inchi,
    inchiKey,
  });
  const row = (id: string, name: string, synonyms: string[], inchiKey: string) => [id, '', name, '', '', synonyms.join(' | '), inchiKey];
  const HEADER = ['DrugBank ID', 'Accession Numbers', 'Common name', 'CAS', 'UNII', 'Synonyms', 'Standard InChI Key'];

  before(async () => {
    rules = (await import(pathToFileURL(path.resolve(__dirname, '../../../../scripts/data/synonyms.mjs')).href)) as Rules;
  });

  const gained = (records: Rec[], rows: string[][], readings?: Map<string, { inchi: string; inchiKey: string }>) => {
    const entries = rules.vocabularyEntries([HEADER, ...rows]);
    const { byInchiKey } = rules.selectSynonyms(records, rules.matchEntries(records, entries, keys), keys, readings);
    return Object.fromEntries(records.map((r) => [r.id, byInchiKey.get(r.inchiKey) ?? []]));
  };

  it("takes the entry of the same InChIKey, or of the same skeleton that already gives one of the record's names", () => {
    const penicillin = rec(1, 'Benzylpenicillin', 'JGSARLDLIJGVTE-YXHCSQSYSA-N');
    const ammonia = rec(2, 'Ammonia', 'QGZKDVFQNNGYKY-UHFFFAOYSA-N', 'InChI=1S/H3N/h1H3');
    const labelled = rec(3, 'Caffeine-d3', 'RYYVLZVUVIJVGH-FIBGUPNXSA-N', 'InChI=1S/C8H10N4O2/c1/i1D3', ['Caffeine']);
    const exact = rec(4, 'Desipramine', 'HCYAFALTSJYZDH-UHFFFAOYSA-N', 'InChI=1S/C18H22N2/c1');
    const got = gained(
      [penicillin, ammonia, labelled, exact],
      [
        row('DB1', 'Benzylpenicillin', ['Penicillin G'], 'JGSARLDLIJGVTE-MBNYWOFBSA-N'),
        row('DB2', 'Ammonia N-13', ['(13N)Ammonia'], 'QGZKDVFQNNGYKY-BJUDXGSMSA-N'),
        row('DB3', 'Caffeine', ['Guaranine'], 'RYYVLZVUVIJVGH-UHFFFAOYSA-N'),
        row('DB4', 'Desipramine', ['Desmethylimipramine'], 'HCYAFALTSJYZDH-UHFFFAOYSA-N'),
        row('DB5', 'Protein', ['A protein'], ''),
      ],
    );
    assert.deepStrictEqual(got, { 1: ['Penicillin G'], 2: [], 3: [], 4: ['Desmethylimipramine'] });
  });

  it("leaves out junk, names the record or another record has, stereo a record does not define, and OPSIN's other records", () => {
    const desipramine = rec(1, 'Desipramine', 'HCYAFALTSJYZDH-UHFFFAOYSA-N', 'InChI=1S/C18H22N2/c1', ['Norpramin']);
    const caffeine = rec(2, 'Caffeine', 'RYYVLZVUVIJVGH-UHFFFAOYSA-N', 'InChI=1S/C8H10N4O2/c1');
    const epinephrine = rec(3, 'Epinephrine', 'UCTWMZQNUQWSLP-UHFFFAOYSA-N', 'InChI=1S/C9H13NO3/c1');
    const junk = ['NSC 1234', 'MK-0869', '50-33-9', 'PG', 'X'.repeat(61), 'Désipramine', 'DESIPRAMINE, N-METHYL-', 'Desipramine hydrochloride'];
    const got = gained(
      [desipramine, caffeine, epinephrine],
      [
        row('DB1', 'Desipramine', [...junk, 'NORPRAMIN', 'caffeine', 'Pertofrane', 'Opsin-read'], 'HCYAFALTSJYZDH-UHFFFAOYSA-N'),
        row('DB2', 'Epinephrine', ['(R)-(-)-Adrenaline', 'Levoepinephrine', 'Adrenaline'], 'UCTWMZQNUQWSLP-VIFPVBQESA-N'),
      ],
      new Map([['Opsin-read', { inchi: 'InChI=1S/C8H10N4O2/c2', inchiKey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' }]]),
    );
    assert.deepStrictEqual(got, { 1: ['Pertofrane'], 2: [], 3: ['Adrenaline'] });
  });

  it('keeps at most 12 names, the common name first, then the shorter before the longer; typographic marks as typed', () => {
    const record = rec(1, 'Thing', 'AAAAAAAAAAAAAA-UHFFFAOYSA-N');
    const names = Array.from({ length: 20 }, (_, i) => `Name${'x'.repeat(20 - i)}`);
    const got = gained([record], [row('DB1', 'Other thing', ['Thing', ...names, '(\u2212)-thing'], 'AAAAAAAAAAAAAA-UHFFFAOYSA-N')]);
    assert.deepStrictEqual(got[1], ['Other thing', ...names.slice(-4).reverse(), '(-)-thing', ...names.slice(-10, -4).reverse()]);
  });
});
