#!/usr/bin/env node
// Does the shipped collection agree with itself (issue 27)? Reads data/ as shipped and reports, with counts and
// examples, each rule's findings; it changes nothing. `npm run compile && node scripts/check-collection.mjs [--json]`.
//   1. precursor: every spectrum's precursor m/z against its record's monoisotopic mass and its stated adduct, within
//      10 ppm (0.01 Da below m/z 200, the low-resolution floor);
//   2. labelled standards: a precursor that misses by a whole number of deuterons (1.006277 Da each), and records
//      named as labelled ("-d9", "[d14]", "13C") whose structure carries no isotope;
//   3. O-O bonds in structures whose names say no peroxide (a broken source SMILES: "1-Kestose");
//   4. one skeleton: records that differ only in stereo one of them leaves undefined.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'data');

const PROTON = 1.007276;
const DEUTERON_SHIFT = 1.006277; // 2H - 1H
/** Adducts as [multiplier of M, added mass, charge]. */
const ADDUCTS = {
  '[M+H]+': [1, PROTON, 1],
  '[M-H]-': [1, -PROTON, 1],
  '[M+Na]+': [1, 22.989218, 1],
  '[M+K]+': [1, 38.963158, 1],
  '[M+NH4]+': [1, 18.033823, 1],
  '[M]+': [1, -0.000549, 1],
  '[M]-': [1, 0.000549, 1],
  '[M+H-H2O]+': [1, PROTON - 18.010565, 1],
  '[M-H2O+H]+': [1, PROTON - 18.010565, 1],
  '[M+2H]2+': [1, 2 * PROTON, 2],
  '[M-2H]2-': [1, -2 * PROTON, 2],
  '[M+HCOO]-': [1, 44.998201, 1],
  '[M+FA-H]-': [1, 44.998201, 1],
  '[M+CH3COO]-': [1, 59.013851, 1],
  '[M+Cl]-': [1, 34.969402, 1],
  '[2M+H]+': [2, PROTON, 1],
  '[2M-H]-': [2, -PROTON, 1],
  '[2M+Na]+': [2, 22.989218, 1],
};
const PEROXIDE_NAME = /peroxi|peroxy|hydroperox|endoperox|artemis|ascaridol|dioxolan|dioxetan|dioxan|ozonide|PGG|PGH|\bHp[A-Z]/i;
const LABELLED_NAME = /\[d\d+\]|-d\d{1,2}$|\b13C\d*\b|\b15N\d*\b/i;

function within(observed, expected) {
  const tolerance = Math.max((expected * 10) / 1e6, expected < 200 ? 0.01 : 0);
  return Math.abs(observed - expected) <= tolerance;
}

async function main() {
  const json = process.argv.includes('--json');
  const { records } = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dataDir, 'compounds.json.gz'))).toString('utf8'));
  const { rows } = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dataDir, 'spectra', 'packed-index.json.gz'))).toString('utf8'));
  const byId = new Map(records.map((r) => [r.id, r]));
  const report = {
    precursor: { checked: 0, unknownAdduct: 0, agree: 0, misfits: [] },
    deuterated: new Map(),
    labelledNames: [],
    peroxides: [],
    skeletons: [],
  };

  for (const row of rows) {
    const [spcId, , recordId, , comments] = row;
    const m = /precursor m\/z ([\d.]+) (\[[^\]]+\]\d*[+-])/.exec(comments ?? '');
    const record = byId.get(recordId);
    if (!m || !record) continue;
    const observed = Number(m[1]);
    const adduct = ADDUCTS[m[2]];
    if (!adduct) {
      report.precursor.unknownAdduct++;
      continue;
    }
    report.precursor.checked++;
    const [times, add, charge] = adduct;
    const expected = (times * record.monoisotopicMass + add) / charge;
    if (within(observed, expected)) {
      report.precursor.agree++;
      continue;
    }
    const n = Math.round(((observed - expected) * charge) / DEUTERON_SHIFT);
    const deuterons = n >= 2 && within(observed, expected + (n * DEUTERON_SHIFT) / charge);
    if (deuterons) {
      const entry = report.deuterated.get(recordId) ?? { recordId, name: record.commonName, deuterons: n, spectra: 0 };
      entry.spectra++;
      report.deuterated.set(recordId, entry);
    } else {
      report.precursor.misfits.push({ spcId, recordId, name: record.commonName, adduct: m[2], observed, expected: Number(expected.toFixed(5)) });
    }
  }
  for (const r of records) if (LABELLED_NAME.test(r.commonName) && !r.isotopic) report.labelledNames.push(`${r.id} ${r.commonName}`);

  const { loadRDKit } = require(path.join(root, 'out/src/service/chemistry/rdkit.js'));
  const rdkit = await loadRDKit();
  const oo = rdkit.get_qmol('[#8]-[#8]');
  for (const r of records) {
    if (PEROXIDE_NAME.test([r.commonName, ...r.synonyms].join(' '))) continue;
    const mol = rdkit.get_mol(r.smiles);
    if (!mol) continue;
    if (mol.get_substruct_match(oo) !== '{}') report.peroxides.push(`${r.id} ${r.commonName} ${r.smiles}`);
    mol.delete();
  }
  oo.delete();

  const bySkeleton = new Map();
  for (const r of records) {
    const key = `${r.inchiKey.slice(0, 14)}${r.inchiKey.slice(-1)}`;
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), r]);
  }
  for (const all of bySkeleton.values()) {
    const group = all.filter((r) => !r.isotopic);
    if (group.length > 1 && group.some((r) => r.inchiKey.slice(15, 25) === 'UHFFFAOYSA')) {
      report.skeletons.push(group.map((r) => `${r.id} ${r.commonName}`).join(' | '));
    }
  }

  const deuterated = [...report.deuterated.values()];
  const summary = {
    precursor: {
      spectraChecked: report.precursor.checked,
      agreeWithin10ppm: report.precursor.agree,
      adductNotRead: report.precursor.unknownAdduct,
      misfits: report.precursor.misfits.length,
      misfitRecords: new Set(report.precursor.misfits.map((m) => m.recordId)).size,
      examples: report.precursor.misfits.slice(0, 15),
    },
    deuteratedStandards: {
      records: deuterated.length,
      spectra: deuterated.reduce((n, d) => n + d.spectra, 0),
      examples: deuterated.slice(0, 30),
    },
    labelledNamesOnUnlabelledStructures: { records: report.labelledNames.length, examples: report.labelledNames.slice(0, 30) },
    ooBondsWithoutPeroxideName: { records: report.peroxides.length, examples: report.peroxides.slice(0, 30) },
    oneSkeletonGroups: { groups: report.skeletons.length, examples: report.skeletons.slice(0, 10) },
  };
  if (json) console.log(JSON.stringify(summary, null, 2));
  else {
    const p = summary.precursor;
    console.log(
      `precursor m/z: ${p.agreeWithin10ppm} of ${p.spectraChecked} spectra agree with their record (10 ppm, 0.01 Da under m/z 200); ${p.misfits} misfit on ${p.misfitRecords} records; ${p.adductNotRead} with an adduct not read`,
    );
    for (const e of p.examples) console.log(`  spectrum ${e.spcId} on ${e.recordId} ${e.name}: ${e.adduct} ${e.observed}, expected ${e.expected}`);
    const d = summary.deuteratedStandards;
    console.log(`labelled standards: ${d.spectra} spectra on ${d.records} records sit a whole number of deuterons above their record`);
    for (const e of d.examples) console.log(`  ${e.recordId} ${e.name}: ${e.spectra} spectra, +${e.deuterons} D`);
    console.log(`labelled names on unlabelled structures: ${summary.labelledNamesOnUnlabelledStructures.records}`);
    for (const e of summary.labelledNamesOnUnlabelledStructures.examples) console.log(`  ${e}`);
    console.log(`O-O bonds in structures not named as peroxides: ${summary.ooBondsWithoutPeroxideName.records}`);
    for (const e of summary.ooBondsWithoutPeroxideName.examples) console.log(`  ${e}`);
    console.log(`one skeleton (stereo left undefined by one of them): ${summary.oneSkeletonGroups.groups} groups`);
    for (const e of summary.oneSkeletonGroups.examples) console.log(`  ${e}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
