/**
 * InChI -> structure checked live against the InChI Trust library through Open Babel (Debian `openbabel`): Open Babel
 * writes the InChI of a structure, the service rebuilds a MOL block from that InChI, and Open Babel reads the block back
 * into an InChI, which must be the one it wrote. Neither end is the service's own toolkit.
 *
 * The structures are those where a rebuilt structure goes wrong most easily: protons and charges the /p and /q layers
 * place (salts, zwitterions, protonated bases), hydrogen bridges, E/Z in macrocycles, cages with undefined centres,
 * and the shipped collection's records with such layers (test/support/collection-checks/open-babel.ts).
 */
import * as assert from 'assert';
import * as path from 'path';
import { loadChemistry, type Chemistry } from '../../../src/service/toolkits';
import { loadRDKit } from '../../../src/service/toolkits/rdkit';
import type { CompoundRecord } from '../../../src/service/record';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';
import {
  hardInchiRoundTrip,
  inchiRoundTripFaults,
  layout2DFaults,
  openBabelInchis,
  shipped2DFaults,
} from '../../support/collection-checks/open-babel';
import { assertHolds, fixedSample, hardCase } from '../../support/collection-checks/sample';

const ROOT = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

const CURATED: Readonly<Record<string, string>> = {
  'ammonium nitrate': '[NH4+].[O-][N+](=O)[O-]',
  'ammonium chloride': '[NH4+].[Cl-]',
  'ammonium sulfate': '[NH4+].[NH4+].[O-]S(=O)(=O)[O-]',
  'triammonium citrate': '[NH4+].[O-]C(=O)CC(O)(CC(=O)[O-])C(=O)[O-].[NH4+].[NH4+]',
  'ammonium perchlorate': '[NH4+].[O-]Cl(=O)(=O)=O',
  'anilinium benzenesulfonate': '[NH3+]c1ccccc1.[O-]S(=O)(=O)c1ccccc1',
  'pyridinium chloride': 'c1cc[nH+]cc1.[Cl-]',
  'methylammonium acetate': 'C[NH3+].[O-]C(=O)C',
  'guanidinium acetate': 'NC(=[NH2+])N.[O-]C(=O)C',
  'trisodium phosphate': '[Na+].[O-]P(=O)([O-])[O-].[Na+].[Na+]',
  betaine: 'C[N+](C)(C)CC(=O)[O-]',
  'taurine zwitterion': '[O-]S(=O)(=O)CC[NH3+]',
  'glycine zwitterion': '[NH3+]CC(=O)[O-]',
  'L-alanine zwitterion': 'C[C@H]([NH3+])C(=O)[O-]',
  'L-proline zwitterion': 'O=C([O-])[C@@H]1CCC[NH2+]1',
  'L-lysine dication': '[NH3+]CCCC[C@H]([NH3+])C(=O)[O-]',
  phosphocholine: '[O-]P(=O)(O)OCC[N+](C)(C)C',
  '3-(trimethylammonio)propane-1-sulfonic acid': 'OS(=O)(=O)CCC[N+](C)(C)C',
  '4-(triphenylphosphonio)butane-1-sulfonic acid': 'O=S(=O)(O)CCCC[P+](c1ccccc1)(c1ccccc1)c1ccccc1',
  'pyridine N-oxide': '[O-][n+]1ccccc1',
  'trimethylamine N-oxide': 'C[N+](C)(C)[O-]',
  'trimethylsulfonium iodide': 'C[S+](C)C.[I-]',
  'tetrabutylammonium hydroxide': 'CCCC[N+](CCCC)(CCCC)CCCC.[OH-]',
  'potassium cyanide': '[K+].[C-]#N',
  'sodium borohydride': '[Na+].[BH4-]',
  'lithium aluminium hydride': '[Li+].[AlH4-]',
  diborane: '[BH2]1[H][BH2][H]1',
  'diborane(4)': 'B1[H]B[H]1',
  'amphotericin B':
    'C[C@H]1/C=C/C=C/C=C/C=C/C=C/C=C/C=C/[C@@H](C[C@H]2[C@@H]([C@H](C[C@](O2)(C[C@H](C[C@H]([C@@H](CC[C@H](C[C@H](CC(=O)O[C@H]([C@@H]([C@@H]1O)C)C)O)O)O)O)O)O)O)C(=O)O)O[C@H]3[C@H]([C@H]([C@@H]([C@H](O3)C)O)N)O',
  '(Z)-cyclooctene': 'C1CCC/C=C\\CC1',
  '(E)-cyclodecene': 'C1CCCC/C=C/CCC1',
  'glucose, anomer unspecified': 'OC[C@H]1OC(O)[C@H](O)[C@@H](O)[C@@H]1O',
  porphine: 'c1cc2cc3ccc(cc4ccc(cc5ccc(cc1n2)[nH]5)n4)[nH]3',
  '[18]annulene': 'c1ccccccccccccccccc1',
  cyclooctatetraene: 'C1=CC=CC=CC=C1',
  'potassium perchlorate': '[K+].[O-]Cl(=O)(=O)=O',
  // Halogen oxoacids and their salts: RDKit separates the oxo groups' charges, and the InChI library reads that form
  // with a charge layer instead of the anion's proton layer (separated-charges.ts).
  'sodium periodate': '[Na+].[O-]I(=O)(=O)=O',
  'potassium periodate': '[K+].[O-]I(=O)(=O)=O',
  'ammonium periodate': '[NH4+].[O-]I(=O)(=O)=O',
  'periodic acid': 'OI(=O)(=O)=O',
  'sodium iodate': '[Na+].[O-]I(=O)=O',
  'potassium bromate': '[K+].[O-]Br(=O)=O',
  'sodium chlorate': '[Na+].[O-]Cl(=O)=O',
  'barium chlorate': '[Ba+2].[O-]Cl(=O)=O.[O-]Cl(=O)=O',
  'sodium chlorite': '[Na+].[O-]Cl=O',
  'sodium bisulfate': '[Na+].OS(=O)(=O)[O-]',
  'sodium dihydrogen arsenate': '[Na+].O[As](=O)(O)[O-]',
  'sodium thiosulfate': '[Na+].[Na+].[O-]S(=O)(=S)[O-]',
  // E/Z beside protons the InChI library misplaces: the edited structure must keep the double bond's geometry.
  '(E)-but-2-ene, ammonium nitrate': 'C/C=C/C.[NH4+].[O-][N+](=O)[O-]',
  dextromethorphan: 'COc1ccc2C[C@H]3N(C)CC[C@@]4(CCCC[C@@H]34)c2c1',
  quinidine: 'COc1ccc2nccc([C@@H](O)[C@H]3C[C@@H]4CCN3C[C@@H]4C=C)c2c1',
};

/**
 * The collection's checks on a fixed sample (`npm run check:data` runs them on every record): 1 in 20 records by ID
 * plus 1 in 3 of the others with a charge or proton layer, isotopes, several parts or a metal (hardCase), about 510 of
 * 8,556 (rebuilding a charged record from its InChI takes several times as long as a neutral one).
 */
describe('InChI -> structure against Open Babel and the InChI Trust library (live)', function () {
  this.timeout(900_000);
  let chemistry: Chemistry;
  let sample: CompoundRecord[];

  before(async () => {
    ensureDebianPackages(['openbabel', 'libinchi-bin'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    chemistry = await loadChemistry();
    await chemistry.prepareInchi();
    sample = fixedSample(await loadShippedCollection(), 20, hardCase, 3);
  });

  it('salts, zwitterions, protonated bases, hydrogen bridges, macrocycle E/Z, undefined centres', async () => {
    const titled = Object.entries(CURATED).map(([name, smiles], i) => ({ title: `c${i}`, name, smiles }));
    const inchis = openBabelInchis(titled.map((c) => `${c.smiles} ${c.title}\n`).join(''), 'smi');
    assert.strictEqual(inchis.size, titled.length, 'Open Babel writes an InChI for every curated structure');
    const names = new Map(titled.map((c) => [c.title, c.name]));
    const wrong = (await inchiRoundTripFaults(chemistry, inchis)).map((line) => line.replace(/^c\d+/, (title) => names.get(title) ?? title));
    assert.deepStrictEqual(wrong, []);
  });

  it("the sample's records with proton or charge layers, and every third with ring E/Z or undefined stereo", async () => {
    assertHolds(await hardInchiRoundTrip(chemistry, sample));
  });

  it("2D blocks of the sample's stereo and charged structures, made as the data build makes them", async () => {
    assertHolds(layout2DFaults(await loadRDKit(), sample));
  });

  it("the sample's shipped 2D blocks, as data/ holds them, read back into their record's InChI", () => {
    assertHolds(shipped2DFaults(sample));
  });
});
