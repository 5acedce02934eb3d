/**
 * One compound of the local service's collection: everything its routes serve, computed once when the
 * collection is built (scripts/build-data.mjs) or when a user's SDF is loaded, never per request.
 * The structure's own facts (identifiers, formula, masses, 2D MOL, elements, parts, metal, isotopes) are those of
 * StructureFacts; the rest comes from the sources. The ground floor of the service: every wing reads records, this
 * module imports nothing of the service.
 */
import type { ExternalReference } from '../wire';

export interface CompoundRecord extends StructureFacts {
  id: number;
  commonName: string;
  /** Other names, for name search (lower-cased matching happens in the index, not here). */
  synonyms: string[];
  /** XLogP of the older interface: not computed (0), see README. ALogP is StructureFacts.alogp. */
  xlogp: number;
  /** First line is the record ID (contract 1.3). */
  mol3D: string;
  /** The MOL block exactly as first loaded from its source. */
  originalMol: string;
  /** Names of the datasources holding the record (each source file or library is one). */
  dataSources: string[];
  externalReferences: ExternalReference[];
  referenceCount: number;
  dataSourceCount: number;
  articleCount: number;
  orgCount: number;
}

/**
 * Everything computed from one structure; each compound record carries these. The toolkits (toolkits/) compute them,
 * the store keeps them: the type lives on the ground floor so that the store imports no toolkit.
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
