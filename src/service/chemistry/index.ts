/**
 * The chemistry of the local service: RDKit MinimalLib for structures, identifiers and depictions, Indigo for InChI
 * input (loaded on first use), resvg for PNG, mf-parser for masses. One instance per process, warmed once.
 */
import { Once } from '../../shared/in-flight';
import type { Chemistry, ChemistryOptions, StructureFacts } from './types';
import { loadRDKit, withMol } from './rdkit';
import { lazyIndigo, inchiToSmiles, type Indigo } from './indigo';
import { loadResvg, svgToPng } from './png';
import { describeStructure, inchiKeyOfStructure, molBlock2D } from './facts';
import { createStructureToolkit } from './structure-toolkit';

export type { Chemistry, ChemistryOptions } from './types';
export { WASM_FILES } from './wasm';
export { recordsFromSdf } from './sdf-records';
export { loadShippedCollection, SHIPPED_DATA_DIR } from './collection';
export { loadSpectra, type SpectrumStore } from './spectra';

const DEFAULT_PNG_SIZE = 300;
const MAX_PNG_SIZE = 2000;

const shared = new Once<Chemistry>();

/** `C8H10N4O2` of `InChI=1S/C8H10N4O2/c1-...`. */
function formulaLayer(inchi: string): string {
  return inchi.split('/')[1] ?? '';
}

/** The process-wide Chemistry; the first call's options decide where the WASM files are read from. */
export function loadChemistry(options: ChemistryOptions = {}): Promise<Chemistry> {
  return shared.get(() => createChemistry(options));
}

async function createChemistry(options: ChemistryOptions): Promise<Chemistry> {
  const [rdkit] = await Promise.all([loadRDKit(options.wasmDir), loadResvg(options.wasmDir)]);
  const indigo = lazyIndigo(options.wasmDir);
  let loadedIndigo: Indigo | undefined;

  const molFromInchiWith = (reader: Indigo, inchi: string): string | undefined => {
    const smiles = inchiToSmiles(reader, inchi);
    if (smiles === undefined) return undefined;
    return withMol(rdkit, smiles, (mol) => {
      // Indigo reads some damaged InChIs leniently: keep the structure only when its formula layer is the one asked.
      const again = mol.get_inchi();
      return again.startsWith('InChI=1S/') && formulaLayer(again) === formulaLayer(inchi.trim()) ? molBlock2D(mol) : undefined;
    });
  };

  const structures = createStructureToolkit(rdkit);
  const pixels = (size: number): number => Math.max(16, Math.min(MAX_PNG_SIZE, Math.round(size)));

  const chemistry: Chemistry = {
    describe: (structure: string): StructureFacts | undefined => describeStructure(rdkit, structure),

    inchiKeyOf: (structure: string): string | undefined => inchiKeyOfStructure(rdkit, structure),

    molFromInchi(inchi: string): string | undefined {
      if (!loadedIndigo) throw new Error('Indigo is not loaded yet: await chemistry.prepareInchi() (or use molFromInchiAsync) first');
      return molFromInchiWith(loadedIndigo, inchi);
    },

    async prepareInchi(): Promise<void> {
      loadedIndigo ??= await indigo();
    },

    async molFromInchiAsync(inchi: string): Promise<string | undefined> {
      loadedIndigo ??= await indigo();
      return molFromInchiWith(loadedIndigo, inchi);
    },

    depictPng(structure: string, size: number = DEFAULT_PNG_SIZE): Uint8Array | undefined {
      const px = pixels(size);
      const svg = withMol(rdkit, structure, (mol) => {
        if (!mol.has_coords()) mol.set_new_coords();
        return mol.get_svg(px, px);
      });
      return svg ? svgToPng(svg, px) : undefined;
    },

    depictPngHighlighted(structure, query, size = DEFAULT_PNG_SIZE) {
      const px = pixels(size);
      const svg = structures.highlightSvg(structure, query, px);
      return svg ? svgToPng(svg, px) : undefined;
    },

    structures,
  };

  // Warm-up: the first describe and depiction of a process are several times slower than the next ones.
  chemistry.describe('CN1C=NC2=C1C(=O)N(C(=O)N2C)C');
  chemistry.depictPng('c1ccccc1O', 64);
  return chemistry;
}
