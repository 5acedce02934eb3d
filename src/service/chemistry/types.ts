/** What the local service needs from a chemistry toolkit, behind one interface (implemented with RDKit, Indigo, resvg, mf-parser). */

/** Everything computed from one structure (each compound record carries these). */
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
}

export interface Chemistry {
  /** Facts of a structure given as SMILES or a MOL block; undefined when it does not parse. */
  describe(structure: string): StructureFacts | undefined;
  /**
   * A structure (2D MOL block) from an InChI (through Indigo); undefined when the InChI is not valid.
   * Indigo is loaded only when first needed, which is asynchronous: this synchronous form throws until
   * `prepareInchi()` has resolved once. Routes can simply use `molFromInchiAsync`.
   */
  molFromInchi(inchi: string): string | undefined;
  /** Added by the chemistry helper: loads Indigo (once, ~0.2 s, ~125 MB); afterwards `molFromInchi` works. */
  prepareInchi(): Promise<void>;
  /** Added by the chemistry helper: `molFromInchi` that loads Indigo first when needed. */
  molFromInchiAsync(inchi: string): Promise<string | undefined>;
  /** Standard InChIKey of a SMILES or MOL, undefined when it does not parse. Cheaper than `describe`. */
  inchiKeyOf(structure: string): string | undefined;
  /** PNG depiction of a SMILES or MOL block, `size` pixels square (default 300, clamped to 16..2000). */
  depictPng(structure: string, size?: number): Uint8Array | undefined;
}

export interface ChemistryOptions {
  /** Folder holding the `.wasm` files when running from a bundle; node_modules otherwise. */
  wasmDir?: string;
}
