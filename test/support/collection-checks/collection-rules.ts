/**
 * The shipped collection agrees with its own spectra (issue 27, item 5; rules in data/README.md), checked with an
 * oracle that is not the build: every structure's exact mass and formula from Open Babel (`obabel -oreport`, Debian
 * `openbabel`), adduct masses from this file's own table, O-O bonds from Open Babel's SMARTS matcher (`obabel -s`).
 * `npm run check:data` hands these every record and spectrum, the service suite a fixed sample.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as readline from 'readline';
import * as zlib from 'zlib';
import { execFile, spawn } from 'child_process';
import { promisify } from 'util';
import type { CompoundRecord } from '../../../src/service/record';
import { PACKED_SPECTRA_INDEX } from '../../../src/service/collection/spectra-files';
import type { CheckResult } from './sample';

type Shipped = Pick<CompoundRecord, 'id' | 'commonName' | 'synonyms' | 'smiles'>;
/** A row of the spectra's packed index: [spc_id, spc_type, csid, file_name, comments, ...]. */
export type SpectrumRow = unknown[];

/** The rows of a data folder's packed spectra index. */
export function spectrumRows(dataDir: string): SpectrumRow[] {
  const file = path.join(dataDir, 'spectra', PACKED_SPECTRA_INDEX);
  return (JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { rows: SpectrumRow[] }).rows;
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

/** The records' SMILES as Open Babel reads them, one `SMILES\tID` a line. */
const smiOf = (records: readonly Shipped[]) => records.map((r) => `${r.smiles}\t${r.id}\n`).join('');

/** Open Babel's formula and exact mass of every record, by ID. */
async function openBabelMasses(records: readonly Shipped[]): Promise<Map<number, { formula: string; exactMass: number }>> {
  const child = spawn('obabel', ['-ismi', '-oreport'], { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.end(smiOf(records));
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

/**
 * Every precursor m/z of `rows` is its record's ion under the stated adduct (10 ppm; 0.01 Da without TOF/FT; the
 * stated decimals), or else under a usual adduct of its polarity, or a heavier isotopologue; over 87% of the spectra
 * are judged, under 1% name an adduct this oracle does not know, and every spectrum's record has an exact mass.
 */
export async function precursorFaults(records: readonly Shipped[], rows: readonly SpectrumRow[]): Promise<CheckResult> {
  const masses = await openBabelMasses(records);
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
  const faults = misfits.slice(0, 20);
  if (misfits.length > 20) faults.push(`and ${misfits.length - 20} more precursors not explained`);
  if (counts.judged <= JUDGED_SHARE * rows.length) faults.push(`only ${counts.judged} of ${rows.length} spectra judged`);
  if (counts.adductNotInOracle >= 0.01 * counts.judged) faults.push(`${counts.adductNotInOracle} spectra with an adduct this oracle does not know`);
  if (counts.noExactMass > 0) faults.push(`${counts.noExactMass} spectra whose record Open Babel gives no exact mass`);
  return { note: `precursors of ${rows.length} spectra on ${records.length} records: ${JSON.stringify(counts)}; misfits ${misfits.length}`, faults };
}
/** The share of spectra this oracle judges at least (the whole collection: 73,576 of 81,327 judged, 0.90). */
const JUDGED_SHARE = 0.87;

/** No O-O bond on an aromatic atom or on another atom than carbon, and none in a sugar, unless named a peroxide. */
export async function peroxideFaults(records: readonly Shipped[]): Promise<CheckResult> {
  const smi = smiOf(records);
  const match = async (smarts: string): Promise<number[]> => {
    const run = promisify(execFile)('obabel', ['-ismi', '-osmi', '-s', smarts], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    run.child.stdin?.end(smi);
    return (await run).stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split('\t')[1]));
  };
  const byId = new Map(records.map((r) => [r.id, r]));
  const peroxideName = (r: Shipped) => [r.commonName, ...r.synonyms].some((n) => /perox|persulf/i.test(n));
  const broken = [...(await match('a-[#8]-[#8]')), ...(await match('[!#6;!#8]-[#8]-[#8]'))].filter((id) => !peroxideName(byId.get(id)!));
  const sugars = (await match('[#8]-[#8]')).filter((id) => /ose\b|oside\b|kestos/i.test(byId.get(id)!.commonName) && !peroxideName(byId.get(id)!));
  return {
    note: `O-O bonds of ${records.length} records`,
    faults: [
      ...broken.map((id) => `${id} ${byId.get(id)!.commonName}: an O-O bond on an aromatic atom or a non-carbon`),
      ...sugars.map((id) => `${id} ${byId.get(id)!.commonName}: an O-O bond in a sugar`),
    ],
  };
}
