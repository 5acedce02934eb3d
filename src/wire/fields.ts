/** Details fields of spec 2.1 and the record-object key each one fills (contract 1.3). */
export const DETAILS_FIELDS = [
  'SMILES',
  'Formula',
  'AverageMass',
  'MolecularWeight',
  'MonoisotopicMass',
  'NominalMass',
  'CommonName',
  'ReferenceCount',
  'DataSourceCount',
  'ArticleCount',
  'OrgCount',
  'Mol2D',
  'Mol3D',
] as const;

export type DetailsField = (typeof DETAILS_FIELDS)[number];

export const RECORD_KEY_OF_FIELD: Readonly<Record<DetailsField, keyof RecordDetails>> = {
  SMILES: 'smiles',
  Formula: 'formula',
  AverageMass: 'averageMass',
  MolecularWeight: 'molecularWeight',
  MonoisotopicMass: 'monoisotopicMass',
  NominalMass: 'nominalMass',
  CommonName: 'commonName',
  ReferenceCount: 'referenceCount',
  DataSourceCount: 'dataSourceCount',
  ArticleCount: 'articleCount',
  OrgCount: 'orgCount',
  Mol2D: 'mol2D',
  Mol3D: 'mol3D',
};

/** The record object of contract 1.3: `id` always, the other keys only when asked for. */
export interface RecordDetails {
  id: number;
  smiles?: string;
  /** TeX-like subscripts on the wire: `C_{9}H_{8}O_{4}`. */
  formula?: string;
  averageMass?: number;
  molecularWeight?: number;
  monoisotopicMass?: number;
  nominalMass?: number;
  commonName?: string;
  referenceCount?: number;
  dataSourceCount?: number;
  articleCount?: number;
  orgCount?: number;
  mol2D?: string;
  mol3D?: string;
}

export function isDetailsField(name: string): name is DetailsField {
  return (DETAILS_FIELDS as readonly string[]).includes(name);
}

/** The mass fields an intrinsic-property search (filter/intrinsicproperty) can ask by. */
export const INTRINSIC_MASS_KEYS = ['molecularWeight', 'nominalMass', 'averageMass', 'monoisotopicMass'] as const;
