/** Limits of spec 8 and of the wire contract, in one place for the client and the service. */
export const LIMITS = {
  includeElements: 15,
  excludeElements: 100,
  massMin: 1,
  massMax: 11000,
  rangeMin: 0.0001,
  rangeMax: 100,
  /** record IDs per `POST records/batch` (contract 1.4) */
  detailsBatch: 100,
  /** record IDs per older `GetExtendedMolCompoundInfoArray` (spec 8) */
  legacyMolInfoBatch: 250,
  /** spectrum info objects in one older `GetAllSpectraInfo` answer; more are asked in pages (src/service/README.md) */
  spectraInfoPage: 5000,
  /** results of the older simple search (spec 8) */
  simpleSearchResults: 100,
  /** status checks of the search helper, by default (spec 3, 8) */
  statusChecks: 40,
  /** IDs in one `filter results` response (contract 1.4) */
  filterResultsPage: 10000,
  /** request body size the local service accepts; larger is 413 */
  bodyBytes: 1024 * 1024,
  /** characters of any text field not listed below (names of datasources, tokens, older-interface fields) */
  textChars: 1000,
  /** characters of a molecular formula */
  formulaChars: 500,
  /** characters of a SMILES */
  smilesChars: 4000,
  /** characters of an InChI */
  inchiChars: 10000,
  /** characters of a MOL block */
  molChars: 256 * 1024,
  /**
   * Atoms other than hydrogen in one structure input (SMILES, InChI, MOL). The chemistry toolkit's stack gives out
   * on chains of about 900 atoms and its 2D layout grows steeply with size; the largest natural products (maitotoxin,
   * 236) fit.
   */
  structureHeavyAtoms: 250,
  /** atoms of a MOL block or RDKit JSON, hydrogens included */
  structureAtoms: 1000,
  /** bonds of a MOL block or RDKit JSON */
  structureBonds: 2000,
  /**
   * Separate parts of one structure input (ions, solvent molecules, free atoms: `.` in SMILES). The toolkit's 2D
   * layout of many parts grows steeply (999 free hydrogen atoms: 19 s); 100 take ~0.2 s, and salts and hydrates have
   * a handful.
   */
  structureComponents: 100,
} as const;

export const DEFAULT_API_VERSION = 'v1';
export const PRODUCT_NAME = 'compound-db';

/** Shape of an InChIKey (shared/notes/chemistry-in-node.md). */
export const INCHIKEY_PATTERN = /^[A-Z]{14}-[A-Z]{8}[SN]A-[A-Z]$/;
/** The same shape, for finding keys inside text (hovers). */
export const INCHIKEY_IN_TEXT = /\b[A-Z]{14}-[A-Z]{8}[SN]A-[A-Z]\b/g;

export function isInchiKeyShape(value: string): boolean {
  return INCHIKEY_PATTERN.test(value);
}
