/**
 * Substructure search over the PostgreSQL store when it screens in the service's mirror of the pattern fingerprints
 * (store/postgres/pattern-mirror.ts) and when it screens in the database: the same records as RDKit's matcher over
 * every record (brute force), for common fragments and rare cores, whole and first 25. Records appended after the
 * mirror was read make it stale: the next search screens in the database and finds them, and so does a search over
 * the mirror read again.
 */
import * as assert from 'assert';
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule, Mol } from '@rdkit/rdkit';
import { loadChemistry } from '../../src/service/toolkits';
import { loadShippedCollection } from '../../src/service/collection/shipped-collection';
import { PostgresStore } from '../../src/service/store/postgres/postgres-store';
import { ScreenedSubstructureSearch } from '../../src/service/store/postgres/screened-substructure';
import type { CompoundRecord } from '../../src/service/record';
import { buildFixtureRecords } from '../service/support/fixture';
import { databaseWith } from './support/use-postgres';

const QUERIES: Array<[string, 'SMILES' | 'SMARTS']> = [
  ['[OX2H]c1ccccc1', 'SMARTS'],
  ['c1ccncc1', 'SMILES'],
  ['C1CCC2C(C1)CCC1C2CCC2CCCC12', 'SMILES'],
  ['[#6]1~[#6]~[#6]~[#6]2~[#6](~[#6]~1)~[#6]~[#6]~[#6]1~[#6]~2~[#6]~[#6]~[#6]2~[#6]~[#6]~[#6]~[#6]~1~2', 'SMARTS'],
  ['Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'SMILES'],
  ['C1CCCCCCCCCCCCCCCCCCCCC1', 'SMILES'],
];
/** Offset of the appended records' IDs, past every shipped record's. */
const LATE = 1_000_000;

describe('postgres: substructure search screening in the mirror of pattern fingerprints', function () {
  this.timeout(300_000);
  let store: PostgresStore;
  let search: ScreenedSubstructureSearch;
  let rdkit: MainModule;
  let drop: () => Promise<void>;
  let late: CompoundRecord[];
  const mols: Array<{ id: number; mol: Mol }> = [];

  function brute(text: string, format: 'SMILES' | 'SMARTS'): number[] {
    const q = (format === 'SMILES' ? rdkit.get_mol(text) : rdkit.get_qmol(text)) as Mol;
    try {
      return mols.filter((r) => r.mol.get_substruct_match(q) !== '{}').map((r) => r.id);
    } finally {
      q.delete();
    }
  }

  function remember(records: readonly CompoundRecord[]): void {
    for (const r of records) {
      const mol = rdkit.get_mol(r.smiles);
      if (mol?.is_valid()) mols.push({ id: r.id, mol });
      else mol?.delete();
    }
    mols.sort((a, b) => a.id - b.id);
  }

  async function ids(text: string, format: 'SMILES' | 'SMARTS', maxResults: number): Promise<number[]> {
    const outcome = await search.substructure(
      { text, format },
      { ticket: search.admit('test'), useChirality: false, maxResults, timeLimitMs: 120_000 },
    );
    return outcome.records.map((r) => r.id);
  }

  async function answersAsBruteForce(when: string): Promise<void> {
    for (const [text, format] of QUERIES) {
      const want = brute(text, format);
      assert.deepStrictEqual(await ids(text, format, 100_000), want, `${when}: ${format} ${text}, every match`);
      assert.deepStrictEqual(await ids(text, format, 25), want.slice(0, 25), `${when}: ${format} ${text}, first 25`);
    }
  }

  before(async () => {
    const chemistry = await loadChemistry();
    rdkit = await initRDKitModule();
    const shipped = await loadShippedCollection();
    late = buildFixtureRecords(chemistry).map((r) => ({ ...r, id: r.id + LATE }));
    // The shipped collection as the store appends it (a copy of its template database).
    const db = await databaseWith(shipped, chemistry);
    drop = db.drop;
    store = await PostgresStore.open(db.url);
    remember(shipped);
    search = new ScreenedSubstructureSearch(store.pool);
  });
  after(async () => {
    search?.dispose();
    for (const r of mols) r.mol.delete();
    await store?.close();
    await drop?.();
  });

  it('screens in the mirror once it is read, with the answers of brute force', async () => {
    await search.mirror.read();
    const mirror = await search.mirror.current();
    assert.ok(mirror, 'the mirror is current after it is read');
    assert.strictEqual(mirror.view.size, mols.length);
    await answersAsBruteForce('over the mirror');
  });

  it('screens in the database once records are appended, and in the mirror again once it is read anew', async () => {
    await store.append(late);
    remember(late);
    assert.strictEqual(await search.mirror.current(), undefined, 'a mirror older than the records is not used');
    // The first search after the append screens in the database (the mirror is read anew meanwhile); those after it
    // in either, as the read ends.
    const xanthines = await ids('Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'SMILES', 100_000);
    assert.deepStrictEqual(xanthines, brute('Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'SMILES'));
    assert.ok(
      xanthines.some((id) => id > LATE),
      'an appended record is among the matches',
    );
    await answersAsBruteForce('after the append');
    await search.mirror.read();
    assert.ok(await search.mirror.current(), 'the mirror read after the append is current');
    await answersAsBruteForce('after the append, over the mirror read anew');
  });
});
