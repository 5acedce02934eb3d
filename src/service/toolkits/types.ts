/** What the local service needs from a chemistry toolkit, behind one interface (implemented with RDKit, Indigo, resvg, mf-parser). */

import type { StructureFacts } from '../record';

/** The facts live with the records that carry them (the store imports no chemistry). */
export type { StructureFacts };

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
  /**
   * InChIKey of an InChI, undefined when the InChI is not valid (Indigo cannot read it). For a standard InChI the key is
   * the InChI library's hash of the string (no structure round trip, so undefined stereo and proton layers keep).
   */
  inchiKeyOfInchi(inchi: string): Promise<string | undefined>;
  /** Where the toolkit failure log goes (the service's log); the chemistry is shared by the process. */
  setLog(log: (line: string) => void): void;
  /** How many times a broken toolkit instance has been replaced, and whether RDKit's spare instance is loaded. */
  toolkitHealth(): { replacements: number; spareReady: boolean };
  /** Runs `use` on the guarded RDKit instance with no input bounds (tests poison it on purpose). */
  unguardedRdkitForTests(use: (rdkit: import('../../chemistry/molecule/read').RDKit) => unknown): unknown;
  /**
   * The standard InChIKey of a SMILES or MOL with its parent and tautomer keys (shared/beyond-the-spec.md 4,
   * src/chemistry/molecule/identity-keys.ts); undefined when it does not parse.
   */
  identityOf(structure: string): { inchiKey: string; parentKey: string; tautomerKey: string } | undefined;
  /** Standard InChIKey of a SMILES or MOL, undefined when it does not parse. Cheaper than `describe`. */
  inchiKeyOf(structure: string): string | undefined;
  /** PNG depiction of a SMILES or MOL block, `size` pixels square (default 300, clamped to 16..2000). */
  depictPng(structure: string, size?: number): Uint8Array | undefined;
  /** The same, with every match of a substructure query highlighted (plain when nothing matches). */
  depictPngHighlighted(structure: string, query: SubstructureQuery, size?: number): Uint8Array | undefined;
  /** Query checks, a similarity query's fingerprint and highlighting, on the guarded RDKit (the index has its own). */
  structures: StructureToolkit;
}

/** ChemistryOptions.warmUp. */
export type WarmUp = 'describe-and-draw' | 'describe' | 'none';

export interface ChemistryOptions {
  /** Folder holding the `.wasm` files when running from a bundle; node_modules otherwise. */
  wasmDir?: string;
  /**
   * Keep a spare RDKit instance loaded, so a call after a failure does not wait (default true; a one-shot command's
   * service, which ends after a request or two, does without, and so does a toolkit worker, replaced whole after a failure).
   */
  spareRdkit?: boolean;
  /** The process's compiled RDKit (rdkit.ts), handed to a worker; else the instance compiles it (once per process). */
  rdkitModule?: WebAssembly.Module;
  /**
   * What a fresh instance does once while loading, so that the first real call is not several times slower than the
   * next: describe one structure, and draw one (the default, 'describe-and-draw'); 'describe' for the toolkit workers
   * of a one-shot command's service, which draws nothing (~100 ms less to wait); 'none' for those of the long-running
   * service, whose first structure search would wait behind it (its main thread warms the code all its RDKit
   * instances share, once the structure index is built and no request is being served).
   */
  warmUp?: WarmUp;
}

/**
 * A substructure query that RDKit has read (in a toolkit worker: bounded-toolkit.ts): its text (trimmed), how it is
 * read, and its atoms. Whoever matches it (a matcher worker, the database's cartridge) reads the text again.
 */
export interface SubstructureQuery {
  readonly text: string;
  readonly format: 'SMILES' | 'SMARTS';
  readonly atoms: number;
}

export interface StructureToolkit {
  /** A substructure query read and its atoms counted; undefined when it does not parse in that format. */
  parseQuery(text: string, format: 'SMILES' | 'SMARTS'): SubstructureQuery | undefined;
  /** Set bits of the Morgan fingerprint (radius 2, 2048 bits) of a SMILES; undefined when it does not parse. */
  morgan(smiles: string): Uint16Array | undefined;
  /**
   * SVG of the structure with the matches of the query highlighted (at most HIGHLIGHT_MAX_MATCHES of them);
   * undefined when the structure or the query does not parse.
   */
  highlightSvg(structure: string, query: SubstructureQuery, size: number): string | undefined;
  /** Where the matcher workers load RDKit's WASM from (undefined: beside the code or in node_modules). */
  readonly wasmDir?: string;
}
