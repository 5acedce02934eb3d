/**
 * One compound of the local service's collection: everything its routes serve, computed once when the
 * collection is built (scripts/build-data.mjs) or when a user's SDF is loaded, never per request.
 */
import type { ExternalReference } from '../../wire';

export interface CompoundRecord {
  id: number;
  commonName: string;
  /** Other names, for name search (lower-cased matching happens in the index, not here). */
  synonyms: string[];
  /** Canonical SMILES (RDKit). */
  smiles: string;
  /** Standard InChI and InChIKey. */
  inchi: string;
  inchiKey: string;
  /** Hill formula, plain (`C9H8O4`), isotopes as `[2H]`, charge as a trailing `+`/`-` count. */
  formula: string;
  averageMass: number;
  molecularWeight: number;
  monoisotopicMass: number;
  nominalMass: number;
  /** Crippen logP as the older interface's ALogP; XLogP is not computed (0), see README. */
  alogp: number;
  xlogp: number;
  mol2D: string;
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
  /** Element symbols present (hydrogens included when the structure has any). */
  elements: string[];
  /** Disconnected parts. */
  components: number;
  /** A metal atom or ion is present (spec 4.2 rule 3, with `components > 1`: complexity `multiple`). */
  hasMetal: boolean;
  /** An atom carries an explicit isotope label. */
  isotopic: boolean;
}
