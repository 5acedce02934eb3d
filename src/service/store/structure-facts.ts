/**
 * Everything computed from one structure; each compound record carries these. The chemistry toolkit
 * (chemistry/) computes them, the store keeps them: the type lives here so that the store imports no chemistry.
 */
export interface StructureFacts {
  /** Canonical SMILES (RDKit). */
  smiles: string;
  /** Standard InChI and InChIKey. */
  inchi: string;
  inchiKey: string;
  /** Hill formula, plain (`C9H8O4`), isotopes as `[2H]`, charge as a trailing sign and count (`C2H3O2-`, `O4S-2`). */
  formula: string;
  averageMass: number;
  molecularWeight: number;
  monoisotopicMass: number;
  nominalMass: number;
  /** Crippen logP (the older interface's ALogP). */
  alogp: number;
  mol2D: string;
  /** Element symbols present (hydrogens included when the structure has any). */
  elements: string[];
  /** Disconnected parts. */
  components: number;
  /** A metal atom or ion is present (spec 4.2 rule 3, with `components > 1`: complexity `multiple`). */
  hasMetal: boolean;
  /** An atom carries an explicit isotope label. */
  isotopic: boolean;
  /**
   * Identity levels (shared/beyond-the-spec.md 4, src/chemistry/molecule/identity-keys.ts): the first InChIKey block of the
   * structure's parent and of the parent's canonical tautomer. Absent (records loaded without them): the structure's
   * own first block stands for both.
   */
  parentKey?: string;
  tautomerKey?: string;
}
