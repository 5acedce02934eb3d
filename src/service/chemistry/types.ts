/** What the local service needs from a chemistry toolkit, behind one interface (implemented with RDKit, Indigo, resvg, mf-parser). */

/** Everything computed from one structure. */
export interface StructureFacts {
  smiles: string;
  inchi: string;
  inchiKey: string;
  formula: string;
  averageMass: number;
  molecularWeight: number;
  monoisotopicMass: number;
  nominalMass: number;
  alogp: number;
  mol2D: string;
  elements: string[];
  components: number;
  hasMetal: boolean;
  isotopic: boolean;
}

export interface Chemistry {
  /** Facts of a structure given as SMILES or a MOL block; undefined when it does not parse. */
  describe(structure: string): StructureFacts | undefined;
  /** A structure from an InChI (through Indigo); undefined when the InChI is not valid. */
  molFromInchi(inchi: string): string | undefined;
  /** Standard InChIKey of a SMILES or MOL, undefined when it does not parse. Cheaper than `describe`. */
  inchiKeyOf(structure: string): string | undefined;
  /** PNG depiction of a SMILES or MOL block, `size` pixels square. */
  depictPng(structure: string, size?: number): Uint8Array | undefined;
}

export interface ChemistryOptions {
  /** Folder holding the `.wasm` files when running from a bundle; node_modules otherwise. */
  wasmDir?: string;
}
