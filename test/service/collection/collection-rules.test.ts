/**
 * The shipped collection agrees with its own spectra (issue 27, item 5; rules in data/README.md), checked with an
 * oracle that is not the build: every structure's exact mass and formula from Open Babel (`obabel -oreport`, Debian
 * `openbabel`), adduct masses from this file's own table, O-O bonds from Open Babel's SMARTS matcher (`obabel -s`).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as readline from 'readline';
import * as zlib from 'zlib';
import { execFile, spawn } from 'child_process';
import { promisify } from 'util';
import { tempDir } from '../../support/temp';
import { SHIPPED_DATA_DIR } from '../../../src/service/collection/shipped-collection';

const ROOT = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

interface Shipped {
  id: number;
  commonName: string;
  synonyms: string[];
  smiles: string;
}

/** Proton, electron and the adducts' masses, written out here (CODATA 2018 / AME 2020), not taken from the build. */
const E = 0.000548579909;
const H = 1.00782503223;
const PROTON = H - E;
const H2O = 2 * H + 15.99491461957;
const NH3 = 14.00307400443 + 3 * H;
const HCOO = 12 + 2 * 15.99491461957 + H; // formate: H C O O
const CH3COO = 24 + 3 * H + 2 * 15.99491461957; // acetate: C2H3O2
/** adduct → [molecules, mass added to them (electrons included), |charge|]. */
const ADDUCTS: Record<string, [number, number, number]> = {
  '[M+H]+': [1, PROTON, 1],
  '[M-H]-': [1, -PROTON, 1],
  '[M]+': [1, -E, 1],
  '[M]+*': [1, -E, 1],
  '[M]-': [1, E, 1],
  '[M+Na]+': [1, 22.989769282 - E, 1],
  '[M+K]+': [1, 38.9637064864 - E, 1],
  '[M+NH4]+': [1, NH3 + PROTON, 1],
  '[M-H2O+H]+': [1, PROTON - H2O, 1],
  '[M+H-H2O]+': [1, PROTON - H2O, 1],
  '[M-2H2O+H]+': [1, PROTON - 2 * H2O, 1],
  '[M+H-NH3]+': [1, PROTON - NH3, 1],
  '[M+HCOO]-': [1, HCOO + E, 1],
  '[M+HCO2]-': [1, HCOO + E, 1],
  '[M+HCOOH-H]-': [1, HCOO + E, 1],
  '[M+CH3COO]-': [1, CH3COO + E, 1],
  '[M+CH3COOH-H]-': [1, CH3COO + E, 1],
  '[M+Cl]-': [1, 34.968852682 + E, 1],
  '[M-2H]2-': [1, -2 * PROTON, 2],
  '[M-2H]-': [1, -2 * H + E, 1],
  '[M+2H]2+': [1, 2 * PROTON, 2],
};
const USUAL = { positive: ['[M+H]+', '[M]+', '[M+Na]+', '[M+NH4]+', '[M+K]+'], negative: ['[M-H]-', '[M]-', '[M+HCOO]-', '[M+CH3COO]-', '[M+Cl]-'] };
/** Heavier isotopes a precursor may be, with the element the formula must have and how many at most. */
const HEAVIER: [string, number, number][] = [
  ['C', 1.0033548351, 2],
  ['Cl', 1.9970499, 4],
  ['Br', 1.9979535, 4],
  ['S', 1.9957959, 1],
];

function gunzipJson<T>(file: string): T {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as T;
}

/** Open Babel's formula and exact mass of every SMILES of `smiFile` (one `SMILES\tID` a line), by ID. */
async function openBabelMasses(smiFile: string): Promise<Map<number, { formula: string; exactMass: number }>> {
  const child = spawn('obabel', ['-ismi', smiFile, '-oreport'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const masses = new Map<number, { formula: string; exactMass: number }>();
  let id = 0;
  let formula = '';
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line.startsWith('FILENAME: ')) id = Number(line.slice(10));
    else if (line.startsWith('FORMULA: ')) formula = line.slice(9);
    else if (line.startsWith('EXACT MASS: ')) masses.set(id, { formula, exactMass: Number(line.slice(12)) });
  }
  return masses;
}

function elementCount(formula: string, element: string): number {
  const m = new RegExp(`${element}(\\d*)(?![a-z])`).exec(formula);
  return m ? Number(m[1] || 1) : 0;
}

describe('shipped data: the collection agrees with its own spectra (Open Babel as the oracle)', function () {
  this.timeout(300_000);
  let records: Shipped[];
  let rows: unknown[][];
  let masses: Map<number, { formula: string; exactMass: number }>;
  let smiFile: string;
  let retired: { id: number; inchiKey: string; accessions: string[] }[];

  before(async () => {
    ensureDebianPackages(['openbabel'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    records = gunzipJson<{ records: Shipped[] }>(path.join(SHIPPED_DATA_DIR, 'compounds.json.gz')).records;
    rows = gunzipJson<{ rows: unknown[][] }>(path.join(SHIPPED_DATA_DIR, 'spectra', 'packed-index.json.gz')).rows;
    retired = JSON.parse(fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'retired-ids.json'), 'utf8')) as typeof retired;
    smiFile = path.join(tempDir('rules'), 'records.smi');
    fs.writeFileSync(smiFile, records.map((r) => `${r.smiles}\t${r.id}\n`).join(''));
    masses = await openBabelMasses(smiFile);
  });

  it("every precursor m/z is its record's ion under the stated adduct (10 ppm; 0.01 Da without TOF/FT; the stated decimals)", () => {
    const counts = { judged: 0, isotopologue: 0, usualAdduct: 0, adductNotInOracle: 0, noExactMass: 0 };
    const misfits: string[] = [];
    for (const row of rows) {
      const [spcId, , csid, fileName, comments] = row as [number, string, number, string, string];
      const m = /precursor m\/z (\S+?)(?: (\[[^;]*?))?(?:; |\. )/.exec(comments);
      if (!m || /^N\/?A$/i.test(m[1])) continue;
      const instrument = /\(([A-Za-z0-9-]+)\)\. /.exec(comments)?.[1] ?? '';
      const ob = masses.get(csid);
      if (!ob) {
        counts.noExactMass++;
        continue;
      }
      const [, text, stated] = m;
      const observed = Number(text);
      const decimals = /\.(\d+)$/.exec(text)?.[1].length ?? 0;
      const analyser = instrument.split('-').pop() ?? '';
      const candidates =
        stated && ADDUCTS[stated]
          ? [stated]
          : stated && /^\[.*\]\d*[+-]+\*?$/.test(stated)
            ? []
            : USUAL[/-(ve)?$/.test(String(row[1])) ? 'negative' : 'positive'];
      if (candidates.length === 0) {
        counts.adductNotInOracle++;
        continue;
      }
      counts.judged++;
      const fits = candidates.some((adduct) => {
        const [n, add, z] = ADDUCTS[adduct];
        const expected = (n * ob.exactMass + add) / z;
        const tolerance = Math.max((expected * 10) / 1e6, /TOF|FT/.test(analyser) ? 0 : 0.01, 0.5 * 10 ** -decimals);
        if (Math.abs(observed - expected) <= tolerance) return true;
        const heavier = HEAVIER.some(([element, shift, most]) =>
          Array.from({ length: Math.min(most, elementCount(ob.formula, element)) }, (_, k) => k + 1).some(
            (k) => Math.abs(observed - expected - (k * shift) / z) <= tolerance,
          ),
        );
        if (heavier) counts.isotopologue++;
        return heavier;
      });
      if (fits && !(stated && ADDUCTS[stated])) counts.usualAdduct++;
      if (!fits)
        misfits.push(`spectrum ${spcId} (${fileName}) on ${csid}: ${stated ?? 'no adduct'} ${text}, Open Babel's ${ob.formula} ${ob.exactMass}`);
    }
    console.log(`      precursors: ${JSON.stringify(counts)}; misfits ${misfits.length}`);
    assert.ok(counts.judged > 70_000, `${counts.judged} spectra judged`);
    assert.ok(counts.adductNotInOracle < 0.01 * counts.judged, `${counts.adductNotInOracle} spectra with an adduct this oracle does not know`);
    assert.strictEqual(counts.noExactMass, 0);
    assert.deepStrictEqual(misfits.slice(0, 20), [], `${misfits.length} precursors not explained`);
  });

  it('no record whose structure has no isotope carries a name saying it is labelled', () => {
    const labelled = /\[[dD]\d+\]|-[dD]\d{1,2}\b|\b13C\d*\b|\b15N\d*\b/;
    const wrong = records
      .filter((r) => !/\[\d+[A-Z]/.test(r.smiles))
      .flatMap((r) => [r.commonName, ...r.synonyms].filter((n) => labelled.test(n)).map((n) => `${r.id} ${r.commonName}: ${n}`));
    assert.deepStrictEqual(wrong, []);
  });

  it('no O-O bond on an aromatic atom or on another atom than carbon, and none in a sugar (obabel -s)', async () => {
    const match = async (smarts: string): Promise<number[]> => {
      const { stdout } = await promisify(execFile)('obabel', ['-ismi', smiFile, '-osmi', '-s', smarts], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => Number(line.split('\t')[1]));
    };
    const byId = new Map(records.map((r) => [r.id, r]));
    const peroxideName = (r: Shipped) => [r.commonName, ...r.synonyms].some((n) => /perox|persulf/i.test(n));
    const broken = [...(await match('a-[#8]-[#8]')), ...(await match('[!#6;!#8]-[#8]-[#8]'))].filter((id) => !peroxideName(byId.get(id)!));
    assert.deepStrictEqual(broken, []);
    const sugars = (await match('[#8]-[#8]')).filter((id) => /ose\b|oside\b|kestos/i.test(byId.get(id)!.commonName) && !peroxideName(byId.get(id)!));
    assert.deepStrictEqual(
      sugars.map((id) => `${id} ${byId.get(id)!.commonName}`),
      [],
    );
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
