/** Sample wire values for the client tests. */
import { DETAILS_FIELDS, type LegacyExtendedCompoundInfo, type RecordDetails } from '../../../../src/wire';

/** A MOL block whose header lines are blank: it must come through untouched (never trimmed). */
export const MOL = '\n  compound-db\n\n  3  2  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\nM  END\n';
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]);
export const ALL_FIELDS = DETAILS_FIELDS.join(',');

export function record(id: number, extra: Partial<RecordDetails> = {}): RecordDetails {
  return {
    id,
    smiles: 'CC(=O)Oc1ccccc1C(=O)O',
    formula: 'C_{9}H_{8}O_{4}',
    averageMass: 180.1574,
    molecularWeight: 180.1574,
    monoisotopicMass: 180.042252,
    nominalMass: 180,
    commonName: 'Aspirin',
    referenceCount: 12,
    dataSourceCount: 3,
    articleCount: 5,
    orgCount: 1,
    mol2D: MOL,
    mol3D: `${id}\n${MOL}`,
    ...extra,
  };
}

export const ASPIRIN_INCHI = 'InChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)';
export const ASPIRIN_KEY = 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N';

/** The older interface's extended info of `record(2157)`. */
export function extendedInfo(extra: Partial<LegacyExtendedCompoundInfo> = {}): LegacyExtendedCompoundInfo {
  return {
    CSID: 2157,
    MF: 'C9H8O4',
    SMILES: 'CC(=O)Oc1ccccc1C(=O)O',
    InChI: ASPIRIN_INCHI,
    InChIKey: ASPIRIN_KEY,
    AverageMass: 180.1574,
    MolecularWeight: 180.1574,
    MonoisotopicMass: 180.042252,
    NominalMass: 180,
    ALogP: 0,
    XLogP: 0,
    CommonName: 'Aspirin',
    ...extra,
  };
}
