/**
 * The shipped collection agrees with its own spectra (issue 27, item 5; rules in data/README.md), checked with an
 * oracle that is not the build: every structure's exact mass and formula from Open Babel (`obabel -oreport`, Debian
 * `openbabel`), adduct masses from a table of their own, O-O bonds from Open Babel's SMARTS matcher (`obabel -s`):
 * test/support/collection-checks/collection-rules.ts.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { SHIPPED_DATA_DIR } from '../../../src/service/collection/shipped-collection';
import { peroxideFaults, precursorFaults, spectrumRows, type SpectrumRow } from '../../support/collection-checks/collection-rules';
import { assertHolds, fixedSample, hardCase } from '../../support/collection-checks/sample';

const ROOT = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

interface Shipped {
  id: number;
  commonName: string;
  synonyms: string[];
  smiles: string;
  inchi: string;
  isotopic: boolean;
  components: number;
  hasMetal: boolean;
}

/**
 * The Open Babel checks run on a fixed sample here (`npm run check:data` runs them on every record and spectrum): 1 in
 * 10 records by ID plus every one with a charge or proton layer, isotopes, several parts or a metal (hardCase), and
 * every spectrum of those records.
 */
describe('shipped data: the collection agrees with its own spectra (Open Babel as the oracle)', function () {
  this.timeout(300_000);
  let records: Shipped[];
  let rows: SpectrumRow[];
  let sample: Shipped[];
  let retired: { id: number; inchiKey: string; accessions: string[] }[];

  before(() => {
    ensureDebianPackages(['openbabel'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    records = (
      JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'compounds.json.gz'))).toString('utf8')) as { records: Shipped[] }
    ).records;
    rows = spectrumRows(SHIPPED_DATA_DIR);
    retired = JSON.parse(fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'retired-ids.json'), 'utf8')) as typeof retired;
    sample = fixedSample(records, 10, hardCase);
  });

  it("the sample's precursor m/z are their record's ion under the stated adduct (10 ppm; 0.01 Da without TOF/FT; the stated decimals)", async () => {
    const ids = new Set(sample.map((r) => r.id));
    assertHolds(
      await precursorFaults(
        sample,
        rows.filter((row) => ids.has(row[2] as number)),
      ),
    );
  });

  it('no record whose structure has no isotope carries a name saying it is labelled', () => {
    const labelled = /\[[dD]\d+\]|-[dD]\d{1,2}\b|\b13C\d*\b|\b15N\d*\b/;
    const wrong = records
      .filter((r) => !/\[\d+[A-Z]/.test(r.smiles))
      .flatMap((r) => [r.commonName, ...r.synonyms].filter((n) => labelled.test(n)).map((n) => `${r.id} ${r.commonName}: ${n}`));
    assert.deepStrictEqual(wrong, []);
  });

  it('no O-O bond on an aromatic atom or on another atom than carbon, and none in a sugar, in the sample (obabel -s)', async () => {
    assertHolds(await peroxideFaults(sample));
  });

  it('the records the issue names: standards, broken structures and the compounds they hid', () => {
    const byId = new Map(records.map((r) => [r.id, r]));
    const spectraOf = (id: number) => rows.filter((row) => row[2] === id).length;
    // Linoleic acid no longer carries alpha-linolenic acid-d14 or its name; PGE2 keeps its own spectra, not PGE2-d9's.
    const linoleic = byId.get(400)!;
    assert.ok(![linoleic.commonName, ...linoleic.synonyms].some((n) => /d14/.test(n)), linoleic.synonyms.join(' | '));
    const pge2 = byId.get(7736)!;
    assert.ok(!/\[d\d+\]/.test(pge2.commonName), pge2.commonName);
    assert.ok(spectraOf(7736) > 0);
    // Records whose every source record a rule refused: no longer served, their IDs retired (never reused).
    const retiredIds = new Set(retired.map((e) => e.id));
    for (const id of [5612, 6956, 7846, 4477]) {
      assert.ok(!byId.has(id), `${id} is still served`);
      assert.ok(retiredIds.has(id), `${id} is not in retired-ids.json`);
    }
    for (const r of records) assert.ok(!retiredIds.has(r.id), `${r.id} is served and retired`);
    const spectrumIds = new Set(rows.map((row) => row[0]));
    assert.strictEqual(spectrumIds.size, rows.length, 'spectrum IDs are unique');
  });
});
