/**
 * Every whole-collection check of the shipped data, over every record and spectrum of a data folder: run by
 * `npm run check:data` over data/ and by `npm run build:data -- --check` over the rebuilt folder. The suites run the
 * same checks on a fixed sample (./sample.ts).
 */
import * as path from 'path';
import { loadChemistry } from '../../../src/service/toolkits';
import { loadRDKit } from '../../../src/service/toolkits/rdkit';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';
import { hardInchiRoundTrip, identityKeyFaults, layout2DFaults, referenceRows, referenceTableFaults, shipped2DFaults } from './open-babel';
import { peroxideFaults, precursorFaults, spectrumRows } from './collection-rules';
import { plainMolFaults, selfConsistencyFaults } from './toolkit';
import type { CheckResult } from './sample';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * @public Used by scripts/check-data.mjs (through out/). Runs every check over `dataDir`, logging what each checked,
 * its time and its faults; the faults of all, one line each (empty when the data holds).
 */
export async function checkCollection(dataDir: string, log: (line: string) => void): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };
  ensureDebianPackages(['openbabel', 'libinchi-bin'], path.join(ROOT, '.vscode-tools', 'apt.log'));
  const records = await loadShippedCollection(dataDir);
  const rows = spectrumRows(dataDir);
  const chemistry = await loadChemistry();
  await chemistry.prepareInchi();
  const rdkit = await loadRDKit();
  log(`${records.length} records and ${rows.length} spectra in ${dataDir}`);
  const checks: Array<[string, () => CheckResult | Promise<CheckResult>]> = [
    ['self-consistency: SMILES, 2D and 3D MOL give back the record', () => selfConsistencyFaults(chemistry, records)],
    ['toolkit-free MOL reader against RDKit', () => plainMolFaults(rdkit, records)],
    ['Open Babel: InChI -> structure for proton, charge and stereo layers', () => hardInchiRoundTrip(chemistry, records)],
    ['Open Babel: the data build 2D layout of stereo and charged records', () => layout2DFaults(rdkit, records)],
    ['Open Babel: every shipped 2D block', () => shipped2DFaults(records)],
    ['Open Babel: every precursor m/z is its record ion', () => precursorFaults(records, rows)],
    ['Open Babel: no O-O bond outside a peroxide', () => peroxideFaults(records)],
    ['Open Babel: parent and tautomer keys of the identity levels', () => identityKeyFaults(records)],
    ['Open Babel reference table: the records it holds', () => referenceTableFaults(chemistry, records, referenceRows())],
  ];
  const faults: string[] = [];
  for (const [title, run] of checks) {
    const started = Date.now();
    const result = await run();
    log(`${result.faults.length ? 'FAIL' : 'ok'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s): ${result.note}`);
    for (const fault of result.faults) log(`  ${fault}`);
    faults.push(...result.faults.map((f) => `${title}: ${f}`));
  }
  return faults;
}
