/** The chemistry layer (RDKit, Indigo, resvg, mf-parser) and the shipped data, checked against published values. */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Resvg } from '@resvg/resvg-wasm';
import { crc32, inflateSync } from 'zlib';
import { loadChemistry, WASM_FILES, type Chemistry } from '../../../src/service/toolkits';
import { mergeRecords } from '../../../src/service/collection/record-builder';
import { readCollectionFile } from '../../../src/service/collection/shipped-collection';
import { encodePng } from '../../../src/service/toolkits/png';
import { NO_3D_COMMENT } from '../../../src/service/collection/sdf-records';
import { packageRoot } from '../../../src/service/toolkits/wasm';
import type { CompoundRecord } from '../../../src/service/record';
import { tempDir } from '../../support/temp';
import { recordsFromSdf } from '../../../src/service/collection/sdf-records';
import { loadShippedCollection, SHIPPED_DATA_DIR } from '../../../src/service/collection/shipped-collection';
import { selfConsistencyFaults } from '../../support/collection-checks/toolkit';
import { assertHolds, fixedSample } from '../../support/collection-checks/sample';
import { loadSpectra } from '../../../src/service/collection/spectra-files';

/** Standard InChIKeys and masses as published (IUPAC InChI and the usual public compound databases). */
const KNOWN = [
  {
    name: 'caffeine',
    smiles: 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C',
    key: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N',
    formula: 'C8H10N4O2',
    mono: 194.080376,
    avg: 194.19,
    nominal: 194,
  },
  {
    name: 'aspirin',
    smiles: 'CC(=O)OC1=CC=CC=C1C(=O)O',
    key: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
    formula: 'C9H8O4',
    mono: 180.042259,
    avg: 180.16,
    nominal: 180,
  },
  { name: 'benzene', smiles: 'c1ccccc1', key: 'UHOVQNZJYSORNB-UHFFFAOYSA-N', formula: 'C6H6', mono: 78.04695, avg: 78.11, nominal: 78 },
  {
    name: 'cholesterol',
    smiles: 'C[C@H](CCCC(C)C)[C@H]1CC[C@@H]2[C@@]1(CC[C@H]3[C@H]2CC=C4[C@@]3(CC[C@@H](C4)O)C)C',
    key: 'HVYWMOMLDIMFJA-DPAQBDIFSA-N',
    formula: 'C27H46O',
    mono: 386.354866,
    avg: 386.65,
    nominal: 386,
  },
  { name: 'sodium chloride', smiles: '[Na+].[Cl-]', key: 'FAPWRFPIFSIZLT-UHFFFAOYSA-M', formula: 'ClNa', mono: 57.958622, avg: 58.44, nominal: 58 },
  {
    name: 'chloroform-d',
    smiles: '[2H]C(Cl)(Cl)Cl',
    key: 'HEDRZPFGACZZDS-MICDWDOJSA-N',
    formula: 'C[2H]Cl3',
    mono: 118.92066,
    avg: 120.38,
    nominal: 119,
  },
  { name: 'ethanol', smiles: 'CCO', key: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', formula: 'C2H6O', mono: 46.041865, avg: 46.07, nominal: 46 },
  {
    name: 'D-glucose',
    smiles: 'C([C@@H]1[C@H]([C@@H]([C@H](C(O1)O)O)O)O)O',
    key: 'WQZGKKKJIJFFOK-GASJEMHNSA-N',
    formula: 'C6H12O6',
    mono: 180.063388,
    avg: 180.16,
    nominal: 180,
  },
  { name: 'acetic acid', smiles: 'CC(=O)O', key: 'QTBSBXVTEAMEQO-UHFFFAOYSA-N', formula: 'C2H4O2', mono: 60.021129, avg: 60.05, nominal: 60 },
  {
    name: 'paracetamol',
    smiles: 'CC(=O)NC1=CC=C(C=C1)O',
    key: 'RZVAJINKPMORJF-UHFFFAOYSA-N',
    formula: 'C8H9NO2',
    mono: 151.063329,
    avg: 151.16,
    nominal: 151,
  },
  {
    name: 'ibuprofen',
    smiles: 'CC(C)CC1=CC=C(C=C1)C(C)C(=O)O',
    key: 'HEFNNWSXXWATRW-UHFFFAOYSA-N',
    formula: 'C13H18O2',
    mono: 206.13068,
    avg: 206.28,
    nominal: 206,
  },
  { name: 'ammonium (cation)', smiles: '[NH4+]', key: 'QGZKDVFQNNGYKY-UHFFFAOYSA-O', formula: 'H4N+', mono: 18.034374, avg: 18.04, nominal: 18 },
  { name: 'acetate (anion)', smiles: 'CC(=O)[O-]', key: 'QTBSBXVTEAMEQO-UHFFFAOYSA-M', formula: 'C2H3O2-', mono: 59.013304, avg: 59.04, nominal: 59 },
  {
    name: 'sulfate (dianion)',
    smiles: '[O-]S(=O)(=O)[O-]',
    key: 'QAOWNCQODCNURD-UHFFFAOYSA-L',
    formula: 'O4S-2',
    mono: 95.95173,
    avg: 96.06,
    nominal: 96,
  },
];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width, height and the inflated pixel rows (each with its filter byte) of an 8-bit PNG: a real decode of the IDAT stream. */
function decodePng(png: Uint8Array): { width: number; height: number; channels: number; rows: Buffer } {
  const buf = Buffer.from(png);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('ascii', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    assert.strictEqual(buf.readUInt32BE(offset + 8 + length), crc32(buf.subarray(offset + 4, offset + 8 + length)), `${type} checksum`);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.strictEqual(data[8], 8, 'bit depth');
      assert.strictEqual(data[12], 0, 'not interlaced');
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[data[9]] ?? 0;
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, channels, rows: inflateSync(Buffer.concat(idat)) };
}

/** The RGBA pixels of an 8-bit PNG, its row filters undone (PNG specification, section 9). */
function pngPixels(png: Uint8Array): { width: number; height: number; rgba: Buffer } {
  const { width, height, channels, rows } = decodePng(png);
  const stride = width * channels;
  const plain = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = rows[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = rows[y * (stride + 1) + 1 + i];
      const a = i >= channels ? plain[y * stride + i - channels] : 0;
      const b = y > 0 ? plain[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? plain[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      if (filter > 4) assert.fail(`row ${y} has filter ${filter}`);
      const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth;
      plain[y * stride + i] = (x + predicted) & 255;
    }
  }
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let p = 0; p < width * height; p++) {
    const grey = channels < 3;
    for (let k = 0; k < 3; k++) rgba[p * 4 + k] = plain[p * channels + (grey ? 0 : k)];
    if (channels === 2 || channels === 4) rgba[p * 4 + 3] = plain[p * channels + channels - 1];
  }
  return { width, height, rgba };
}

describe('service: chemistry', function () {
  let chemistry: Chemistry;
  let records: CompoundRecord[];

  before(async () => {
    chemistry = await loadChemistry();
    records = await loadShippedCollection();
  });

  describe('well-known compounds against their published InChIKeys, formulas and masses', () => {
    for (const c of KNOWN) {
      it(c.name, () => {
        const f = chemistry.describe(c.smiles);
        assert.ok(f, `${c.smiles} parses`);
        assert.strictEqual(f.inchiKey, c.key);
        assert.strictEqual(f.formula, c.formula);
        assert.ok(Math.abs(f.monoisotopicMass - c.mono) < 0.0005, `monoisotopic ${f.monoisotopicMass} vs ${c.mono}`);
        assert.ok(Math.abs(f.averageMass - c.avg) < 0.01, `average ${f.averageMass} vs ${c.avg}`);
        assert.strictEqual(f.molecularWeight, f.averageMass);
        assert.strictEqual(f.nominalMass, c.nominal);
        assert.strictEqual(chemistry.inchiKeyOf(c.smiles), c.key);
        assert.strictEqual(chemistry.inchiKeyOf(f.mol2D), c.key, 'the 2D MOL block is the same structure');
        assert.strictEqual(chemistry.inchiKeyOf(f.smiles), c.key, 'the canonical SMILES is the same structure');
      });
    }

    it('nominal mass sums the most abundant isotopes (C6I6 is 834, not the rounded monoisotopic 833)', () => {
      const f = chemistry.describe('Ic1c(I)c(I)c(I)c(I)c1I')!;
      assert.strictEqual(f.nominalMass, 834);
      assert.strictEqual(Math.round(f.monoisotopicMass), 833);
    });

    it('reports elements, parts, metals and isotope labels for the element filter', () => {
      const salt = chemistry.describe('[Na+].[Cl-]')!;
      assert.deepStrictEqual([salt.components, salt.hasMetal, salt.isotopic], [2, true, false]);
      assert.deepStrictEqual(salt.elements, ['Cl', 'Na']);
      const cdcl3 = chemistry.describe('[2H]C(Cl)(Cl)Cl')!;
      assert.deepStrictEqual([cdcl3.components, cdcl3.hasMetal, cdcl3.isotopic], [1, false, true]);
      assert.deepStrictEqual(cdcl3.elements, ['C', 'H', 'Cl']);
      assert.deepStrictEqual(chemistry.describe('CCO')!.elements, ['C', 'H', 'O']);
    });

    it('folds explicit hydrogens of a MOL block but keeps deuterium', () => {
      const withHs = records.find((r) => r.commonName === 'Caffeine')!.originalMol;
      assert.match(withHs, / H {3}0/, 'the CML-derived block draws its hydrogens');
      assert.strictEqual(chemistry.describe(withHs)!.smiles, chemistry.describe('CN1C=NC2=C1C(=O)N(C(=O)N2C)C')!.smiles);
      assert.strictEqual(chemistry.describe(chemistry.describe('[2H]C([2H])([2H])O')!.mol2D)!.smiles, '[2H]C([2H])([2H])O');
    });
  });

  describe('InChI input (Indigo)', () => {
    const inchis = [
      'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3',
      'InChI=1S/C3H7NO2/c1-2(4)3(5)6/h2H,4H2,1H3,(H,5,6)/t2-/m0/s1',
      'InChI=1S/C4H8/c1-3-4-2/h3-4H,1-2H3/b4-3+',
      'InChI=1S/CHCl3/c2-1(3)4/h1H/i1D',
      'InChI=1S/C2H4O2/c1-2(3)4/h1H3,(H,3,4)/p-1',
      'InChI=1S/ClH.Na/h1H;/q;+1/p-1',
      'InChI=1S/C27H46O/c1-18(2)7-6-8-19(3)23-11-12-24-22-10-9-20-17-21(28)13-15-26(20,4)25(22)14-16-27(23,24)5/h9,18-19,21-25,28H,6-8,10-17H2,1-5H3/t19-,21+,22+,23-,24+,25+,26+,27-/m1/s1',
    ];
    for (const inchi of inchis) {
      it(`round-trips ${inchi.slice(0, 40)}… through a MOL block`, async () => {
        const mol = await chemistry.molFromInchiAsync(inchi);
        assert.ok(mol && mol.includes('M  END'));
        assert.strictEqual(chemistry.describe(mol)!.inchi, inchi);
      });
    }

    it('answers synchronously once Indigo is loaded', async () => {
      await chemistry.prepareInchi();
      assert.strictEqual(chemistry.inchiKeyOf(chemistry.molFromInchi(inchis[0])!), 'RYYVLZVUVIJVGH-UHFFFAOYSA-N');
    });

    it('gives undefined, without throwing, for an InChI that is not one', async () => {
      for (const bad of [
        '',
        'InChI=1S/',
        'InChI=1S/garbage',
        'not an inchi',
        'InChI=1S/C6H6/c1-2-4-6-5-3-1/h1-6H/zz',
        'InChI=1S/C7H6/c1-2-4-6-5-3-1/h1-6H',
      ]) {
        assert.strictEqual(await chemistry.molFromInchiAsync(bad), undefined, bad);
      }
    });
  });

  describe('bad input', () => {
    it('gives undefined for SMILES and MOL text that does not parse, without throwing', () => {
      for (const bad of [
        '',
        '   ',
        'C1CC',
        'not a molecule',
        'C(C)(C)(C)(C)C',
        '[Xx]',
        'M  END',
        '\n\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n',
      ]) {
        assert.strictEqual(chemistry.describe(bad), undefined, JSON.stringify(bad));
        assert.strictEqual(chemistry.inchiKeyOf(bad), undefined, JSON.stringify(bad));
        assert.strictEqual(chemistry.depictPng(bad), undefined, JSON.stringify(bad));
      }
    });
  });

  describe('PNG depiction', () => {
    for (const size of [64, 300]) {
      it(`renders a ${size}×${size} PNG that decodes`, () => {
        const png = chemistry.depictPng('CN1C=NC2=C1C(=O)N(C(=O)N2C)C', size)!;
        assert.deepStrictEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
        const { width, height, channels, rows } = decodePng(png);
        assert.deepStrictEqual([width, height], [size, size]);
        assert.strictEqual(rows.length, height * (1 + width * channels), 'every row is present');
      });
    }

    it('draws the structure asked for: different structures give different pixels', () => {
      const phenol = decodePng(chemistry.depictPng('c1ccccc1O', 100)!).rows;
      const methane = decodePng(chemistry.depictPng('C', 100)!).rows;
      assert.notDeepStrictEqual(phenol, methane);
      assert.deepStrictEqual(decodePng(chemistry.depictPng('c1ccccc1O', 100)!).rows, phenol, 'deterministic');
    });

    it("holds the same pixels as resvg's own PNG encoder writes", () => {
      const svg = chemistry.unguardedRdkitForTests((rd) => {
        const mol = rd.get_mol('CN1C=NC2=C1C(=O)N(C(=O)N2C)C')!;
        try {
          return mol.get_svg(300, 300);
        } finally {
          mol.delete();
        }
      }) as string;
      const resvg = new Resvg(svg, { background: 'white', fitTo: { mode: 'width', value: 300 } });
      const image = resvg.render();
      try {
        const ours = pngPixels(encodePng(image.pixels, image.width, image.height));
        const theirs = pngPixels(image.asPng());
        assert.deepStrictEqual([ours.width, ours.height], [theirs.width, theirs.height]);
        assert.ok(ours.rgba.equals(theirs.rgba), 'same RGBA pixels');
        assert.ok(
          ours.rgba.some((v) => v !== 255),
          'something is drawn',
        );
      } finally {
        image.free();
        resvg.free();
      }
    });

    it('keeps transparency, and refuses a pixel count that does not fit', () => {
      const rgba = Buffer.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 255, 1, 2, 3, 4, 200, 100, 50, 255]);
      assert.ok(pngPixels(encodePng(rgba, 3, 2)).rgba.equals(rgba));
      assert.ok(pngPixels(encodePng(rgba, 2, 3)).rgba.equals(rgba));
      assert.throws(() => encodePng(rgba, 4, 2), /24 bytes are not 4 × 2 RGBA pixels/);
    });
  });

  describe('the shipped collection', () => {
    it('loads with a count in the expected range and its datasources', () => {
      assert.ok(records.length >= 8000 && records.length <= 10000, `${records.length} records`);
      const file = readCollectionFile(SHIPPED_DATA_DIR);
      assert.deepStrictEqual(file.dataSources.map((d) => d.name).slice(0, 3), ['chemical-structures-data', 'ketcher-react', 'MassBank']);
      for (const name of ['CAS', 'ChEBI', 'KEGG', 'PubChem'])
        assert.ok(
          file.dataSources.some((d) => d.name === name),
          name,
        );
      const both = records.filter((r) => r.dataSources.includes('chemical-structures-data') && r.dataSources.includes('ketcher-react'));
      assert.ok(both.length > 50, 'records held by both sources are merged into one');
      for (const r of records) {
        assert.deepStrictEqual(new Set(r.externalReferences.map((e) => e.source)), new Set(r.dataSources), `record ${r.id}`);
      }
    });

    it("has unique IDs and InChIKeys; the first two sources' records 1..761 in InChIKey order, MassBank's after them", () => {
      const ids = records.map((r) => r.id);
      assert.strictEqual(new Set(ids).size, ids.length);
      assert.strictEqual(new Set(records.map((r) => r.inchiKey)).size, records.length);
      const byId = [...records].sort((a, b) => a.id - b.id);
      const firstStage = byId.filter((r) => r.dataSources.includes('chemical-structures-data') || r.dataSources.includes('ketcher-react'));
      assert.deepStrictEqual(
        firstStage.map((r) => r.id),
        firstStage.map((_, i) => i + 1),
      );
      // IDs were given in InChIKey order; a few first-stage records later had their stereo completed (data/README.md)
      const outOfOrder = (keys: string[]) => keys.filter((key, i) => i > 0 && keys[i - 1] > key).length;
      const firstKeys = firstStage.map((r) => r.inchiKey);
      assert.ok(outOfOrder(firstKeys) <= 10, `${outOfOrder(firstKeys)} first-stage records out of InChIKey order`);
      // Each build numbers its new MassBank compounds in InChIKey order after the IDs a previous build gave (kept): one
      // break in the order per later build that added compounds (one so far). A compound whose InChIKey changed since
      // (stereo or protons computed differently: its skeleton, the first block, is the same) keeps its ID by its spectra,
      // so the order holds for the skeletons.
      const skeletons = byId.slice(firstStage.length).map((r) => r.inchiKey.slice(0, 14));
      assert.ok(outOfOrder(skeletons) <= 1, 'MassBank compounds numbered in InChIKey order, build by build');
    });

    it('gives every record all fields, non-empty and consistent', () => {
      const sources = new Set([
        'chemical-structures-data',
        'ketcher-react',
        'MassBank',
        'CAS',
        'ChEBI',
        'KEGG',
        'PubChem',
        'CompTox',
        'HMDB',
        'KNApSAcK',
        'LIPID MAPS',
        'ChEMBL',
        'ZINC',
        'NIKKAJI',
        'LipidBank',
      ]);
      for (const r of records) {
        const at = `record ${r.id} ${r.commonName}`;
        for (const key of ['commonName', 'smiles', 'inchi', 'inchiKey', 'formula', 'mol2D', 'mol3D', 'originalMol'] as const) {
          assert.ok(typeof r[key] === 'string' && r[key].length > 0, `${at}: ${key}`);
        }
        for (const key of ['averageMass', 'molecularWeight', 'monoisotopicMass', 'nominalMass'] as const) {
          assert.ok(Number.isFinite(r[key]) && r[key] > 0, `${at}: ${key}`);
        }
        assert.ok(Number.isInteger(r.nominalMass));
        assert.match(r.inchiKey, /^[A-Z]{14}-[A-Z]{8}[SN]A-[A-Z]$/);
        assert.ok(r.inchi.startsWith('InChI=1S/'));
        assert.strictEqual(r.mol3D.split('\n', 1)[0], String(r.id), `${at}: mol3D's first line is the ID`);
        assert.ok(r.mol2D.includes('M  END') && r.mol3D.includes('M  END') && r.originalMol.includes('M  END'), at);
        assert.ok(r.dataSources.length > 0 && r.dataSources.every((s) => sources.has(s)), at);
        assert.strictEqual(r.dataSourceCount, r.dataSources.length, at);
        assert.strictEqual(r.referenceCount, r.externalReferences.length, at);
        assert.deepStrictEqual([r.articleCount, r.orgCount], [0, 0], at);
        for (const e of r.externalReferences) {
          // KNApSAcK has no https address; NIKKAJI and LipidBank entries no stable one (externalUrl empty, data/README.md)
          assert.ok(
            e.source && e.externalId && /^https?:\/\//.test(e.sourceUrl) && /^(https?:\/\/|$)/.test(e.externalUrl),
            `${at}: ${JSON.stringify(e)}`,
          );
        }
        assert.ok(r.elements.length > 0 && r.components >= 1, at);
        assert.ok(!r.synonyms.some((s) => s.toLowerCase() === r.commonName.toLowerCase()), `${at}: synonyms exclude the common name`);
      }
    });

    it('agrees with itself on a fixed sample: 1 in 60 records by ID and every isotopic, multi-part or metal one', () => {
      // Its SMILES gives back its identifiers, formula, masses and element facts, its 2D and 3D MOL its InChIKey
      // (test/support/collection-checks/toolkit.ts); `npm run check:data` checks every record (minutes). Charged
      // records are the Open Babel suite's sample (inchi-openbabel.test.ts).
      const sample = fixedSample(records, 60, (r) => r.isotopic || r.components > 1 || r.hasMetal);
      assert.ok(sample.length > 150, `${sample.length} records sampled`);
      assertHolds(selfConsistencyFaults(chemistry, sample));
    });

    it("keeps 3D coordinates in mol3D (the source's or generated) except where documented", () => {
      let marked2D = 0;
      let massbank3D = 0;
      const isFirstStage = (r: CompoundRecord) => r.dataSources.includes('chemical-structures-data') || r.dataSources.includes('ketcher-react');
      for (const r of records) {
        const [, header, comment] = r.mol3D.split('\n');
        if (comment === NO_3D_COMMENT) {
          if (isFirstStage(r)) marked2D++;
          assert.match(header, /2D/);
          continue;
        }
        if (!isFirstStage(r)) massbank3D++;
        assert.match(header, /3D/, `record ${r.id} ${r.commonName}: a 3D block`);
      }
      // the first two sources: the 2 openchemlib could not make, and the 3D blocks that fixed stereo the record leaves open
      const readme = fs.readFileSync(path.join(SHIPPED_DATA_DIR, 'README.md'), 'utf8');
      const replaced = (readme.match(/replaced by the 2D layout, the record leaves that configuration open/g) ?? []).length;
      assert.ok(marked2D <= 2 + replaced, `${marked2D} first-stage records without 3D, ${replaced} documented`);
      // MassBank compounds: the build's conformer budget (40), less those whose conformer fixed open stereo
      assert.ok(massbank3D >= 20 && massbank3D <= 40, `${massbank3D} MassBank compounds with 3D`);
      const zOf = (r: CompoundRecord): number[] =>
        r.mol3D
          .split('\n')
          .filter((l) => /^\s*-?\d+\.\d{4}\s+-?\d+\.\d{4}\s+-?\d+\.\d{4} [A-Z]/.test(l))
          .map((l) => Number(l.slice(20, 30)));
      const spread = (z: number[]): number => Math.max(...z) - Math.min(...z);
      // Conformers generated at build time (openchemlib) for ketcher-react's 2D drawings.
      const generated = records.filter((r) => /OCL/.test(r.mol3D.split('\n')[1]));
      assert.ok(generated.length > 100, `${generated.length} generated`);
      assert.ok(generated.every((r) => r.dataSources.includes('ketcher-react') || !isFirstStage(r)));
      const puckered = generated.filter((r) => spread(zOf(r)) > 0.3);
      assert.ok(puckered.length > generated.length * 0.8, `${puckered.length} of ${generated.length} are not flat`);
      const alanine = generated.find((r) => r.formula === 'C3H7NO2');
      if (alanine) assert.strictEqual(zOf(alanine).length, 13, 'hydrogens are added');
      const fromCml = records.find((r) => r.commonName === 'Cyclohexane')!;
      assert.ok(spread(zOf(fromCml)) > 0.4, 'the CML chair keeps its 3D coordinates');
    });

    it('holds the compounds a user expects, found by name', () => {
      const byName = new Map(records.map((r) => [r.commonName.toLowerCase(), r]));
      assert.strictEqual(byName.get('caffeine')?.inchiKey, 'RYYVLZVUVIJVGH-UHFFFAOYSA-N');
      assert.strictEqual(byName.get('benzene')?.inchiKey, 'UHOVQNZJYSORNB-UHFFFAOYSA-N');
      assert.strictEqual(byName.get('diazepam')?.formula, 'C16H13ClN2O');
      assert.strictEqual(byName.get('nitrobenzene')?.smiles, 'O=[N+]([O-])c1ccccc1', 'the pentavalent nitro is normalised');
      const heavyWater = records.find((r) => r.synonyms.includes('D2O') || r.commonName === 'heavy water');
      assert.ok(heavyWater?.isotopic);
    });
  });

  describe('spectra', () => {
    it('ships measured spectra (no calculated ones) for records of the collection', async () => {
      const store = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
      const all = await store.page(0, -1);
      assert.ok(all.length > 80000, `${all.length} spectra`);
      const ids = new Set(records.map((r) => r.id));
      for (const info of all.filter((_, i) => i % 997 === 0)) {
        assert.ok(ids.has(info.csid), `spectrum ${info.spc_id} belongs to a record`);
        assert.match(info.comments ?? '', /^Measured /);
        assert.doesNotMatch(info.comments ?? '', /calculated/i);
        assert.match(info.submitted_date ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        const data = (await store.readData(info.spc_id))!;
        assert.match(data, /^##TITLE=/);
        assert.match(data, /##DATA TYPE=MASS SPECTRUM/);
        assert.match(data, /##END=\s*$/);
        assert.deepStrictEqual((await store.ofRecord(info.csid)).map((s) => s.spc_id).includes(info.spc_id), true);
      }
      assert.strictEqual(await store.get(999999999), undefined);
      assert.strictEqual(await store.readData(999999999), undefined);
    });

    it('gives caffeine [M+H]+ spectra whose precursor is its monoisotopic mass plus a proton', async () => {
      const store = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
      const caffeine = records.find((r) => r.inchiKey === 'RYYVLZVUVIJVGH-UHFFFAOYSA-N')!;
      const protonated = (await store.ofRecord(caffeine.id)).filter((s) => /precursor m\/z [\d.]+ \[M\+H\]\+/.test(s.comments ?? ''));
      assert.ok(protonated.length > 5, `${protonated.length} [M+H]+ spectra`);
      for (const info of protonated) {
        const mz = Number(/precursor m\/z ([\d.]+)/.exec(info.comments!)![1]);
        assert.ok(Math.abs(mz - (194.080376 + 1.007276)) < 0.01, `precursor ${mz} in spectrum ${info.spc_id}`);
        assert.strictEqual(
          info.spc_type.startsWith('ESI') || info.spc_type.startsWith('APCI') || info.spc_type.startsWith('APPI')
            ? info.spc_type.endsWith('+')
            : true,
          true,
        );
      }
    });

    it('loads extra folders in the same format and refuses a clashing or unsafe entry', async () => {
      const dir = tempDir('spectra');
      fs.writeFileSync(path.join(dir, 'a.jdx'), '##TITLE=test\n##END=\n');
      fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([{ spc_id: 900001, spc_type: 'IR', csid: 1, file_name: 'a.jdx' }]));
      const store = await loadSpectra([path.join(SHIPPED_DATA_DIR, 'spectra'), dir]);
      assert.strictEqual((await store.get(900001))?.spc_type, 'IR');
      assert.strictEqual(await store.readData(900001), '##TITLE=test\n##END=\n');
      fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([{ spc_id: 1, spc_type: 'IR', csid: 1, file_name: 'a.jdx' }]));
      await assert.rejects(loadSpectra([path.join(SHIPPED_DATA_DIR, 'spectra'), dir]), /spectrum ID 1 is already loaded/);
      fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([{ spc_id: 7, spc_type: 'IR', csid: 1, file_name: '../secret' }]));
      await assert.rejects(loadSpectra(dir), /file_name/);
    });
  });

  describe('user SDF files', () => {
    it('turns entries into records: names, 2D, own 3D kept, generated or marked 3D, bad entries skipped', async () => {
      const caffeine = records.find((r) => r.inchiKey === 'RYYVLZVUVIJVGH-UHFFFAOYSA-N')!;
      const aspirin2D = chemistry.describe('CC(=O)OC1=CC=CC=C1C(=O)O')!.mol2D;
      const sdf = [
        `${caffeine.mol3D}> <NAME>\nMy caffeine\n\n> <SYNONYMS>\nGuaranine\n\n$$$$`,
        `${aspirin2D}> <ID>\nLAB-7\n\n$$$$`,
        'broken\n\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 Xx  0  0\nM  END\n$$$$',
        `${chemistry.describe('Cn1c(=O)c2c(ncn2C)n(C)c1=O')!.mol2D}> <NAME>\nSame caffeine\n\n$$$$`,
        '',
      ].join('\n');
      const made = await recordsFromSdf(sdf, 'lab-set', chemistry, 5000, { maxGenerated3D: 1 });
      assert.strictEqual(made.length, 2);
      assert.deepStrictEqual(made.skipped, [{ position: 3, name: 'broken', reason: 'its MOL block cannot be read as a structure' }]);
      const [caf, asp] = made;
      assert.deepStrictEqual([caf.id, asp.id], [5000, 5001]);
      assert.strictEqual(caf.commonName, 'My caffeine');
      assert.ok(caf.synonyms.includes('Guaranine') && caf.synonyms.includes('Same caffeine'));
      assert.deepStrictEqual(caf.dataSources, ['lab-set']);
      assert.strictEqual(caf.referenceCount, 2, 'two entries of the file, one record');
      assert.strictEqual(caf.mol3D.split('\n', 1)[0], '5000');
      assert.strictEqual(caf.mol3D.split('\n').slice(1).join('\n'), caffeine.mol3D.split('\n').slice(1).join('\n'), 'own 3D kept');
      assert.strictEqual(asp.externalReferences[0].externalId, 'LAB-7');
      assert.strictEqual(asp.inchiKey, 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N');
      assert.strictEqual(asp.mol3D.split('\n', 1)[0], '5001');
      assert.strictEqual(chemistry.inchiKeyOf(asp.mol3D), asp.inchiKey, 'generated 3D is the same structure');
      const noGeneration = await recordsFromSdf(`${aspirin2D}$$$$\n`, 'x', chemistry, 1, { maxGenerated3D: 0 });
      assert.strictEqual(noGeneration[0].mol3D.split('\n')[2], NO_3D_COMMENT);
    });

    it('merges records of a user file into the collection by InChIKey', () => {
      const base = records
        .slice(0, 3)
        .map((r) => ({ ...r, dataSources: [...r.dataSources], externalReferences: [...r.externalReferences], synonyms: [...r.synonyms] }));
      const same = {
        ...base[0],
        id: 9000,
        commonName: 'Other name',
        dataSources: ['lab'],
        externalReferences: [{ source: 'lab', sourceUrl: 'file:///x.sdf', externalId: '1', externalUrl: 'file:///x.sdf#1' }],
        synonyms: [],
      };
      const fresh = { ...records[10], id: 9001 };
      const appended = mergeRecords(base, [same, fresh]);
      assert.deepStrictEqual(
        appended.map((r) => r.id),
        [9001],
      );
      assert.strictEqual(base.length, 4);
      assert.ok(base[0].dataSources.includes('lab') && base[0].synonyms.includes('Other name'));
      assert.strictEqual(base[0].dataSourceCount, base[0].dataSources.length);
      assert.strictEqual(base[0].referenceCount, base[0].externalReferences.length);
    });
  });

  describe('bundling', () => {
    it('lists WASM files that exist in their packages', () => {
      assert.strictEqual(WASM_FILES.length, 3);
      for (const f of WASM_FILES) assert.ok(fs.existsSync(path.join(packageRoot(f.packageName), f.source)), f.source);
    });
  });
});
