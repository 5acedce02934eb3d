/**
 * The chemistry of the local service: RDKit MinimalLib for structures, identifiers and depictions, Indigo for InChI
 * input (loaded on first use), resvg for PNG, mf-parser for masses. One instance per process, warmed once.
 */
import { Once } from '../../shared/in-flight';
import type { Chemistry, ChemistryOptions, StructureFacts } from './types';
import { loadRDKit, rdkitWorks } from './rdkit';
import { withMol, type RDKit } from '../../chemistry/molecule/read';
import { lazyIndigo, indigoWorks, inchiToLaidOutMolfile, inchiToSmiles, type Indigo } from './indigo';
import { loadResvg, svgToPng } from './png';
import { describeStructure, faithfulMolBlock2D, inchiKeyOfMol, inchiKeyOfStructure, molBlock2D } from './facts';
import { withProtonsMoved } from './proton-moves';
import { identityKeysOf } from '../../chemistry/molecule/identity-keys';
import { inchiWithChargesJoined } from '../../chemistry/molecule/separated-charges';
import { createStructureToolkit } from './structure-toolkit';
import { ToolkitGuard } from './toolkit-guard';
import { isInchiKeyShape } from '../../wire';

export type { Chemistry, ChemistryOptions } from './types';
export { WASM_FILES } from './wasm';

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
  let log: (line: string) => void = () => undefined;
  const toLog = (line: string) => log(line);
  const rdkit = new ToolkitGuard<RDKit>({
    name: 'RDKit',
    load: () => loadRDKit(options.wasmDir),
    probe: rdkitWorks,
    keepSpare: options.spareRdkit ?? true,
    log: toLog,
  });
  const loadIndigo = lazyIndigo(options.wasmDir);
  // Indigo (~125 MB) has no spare: after a failure the next InChI call waits for a fresh one (InChI calls are async).
  const indigo = new ToolkitGuard<Indigo>({ name: 'Indigo', load: loadIndigo.fresh, probe: indigoWorks, keepSpare: false, log: toLog });
  // The structure index keeps no RDKit object: its fingerprints are plain bytes and its matcher workers have RDKit
  // instances of their own, so a replacement of this guarded instance after a failure leaves the index whole.
  await Promise.all([rdkit.start(), loadResvg(options.wasmDir)]);
  let indigoStarted: Promise<void> | undefined;
  const indigoReady = async () => {
    await (indigoStarted ??= indigo.start());
    await indigo.ready();
  };

  /**
   * A 2D MOL block read from an InChI that gives back that InChI (the formula layer for a non-standard input): one of
   * Indigo's readings, or its SMILES reading with protons and charges moved where the InChI says (proton-moves.ts).
   */
  const molFromInchiNow = (inchi: string): string | undefined => {
    const text = inchi.trim();
    const standard = text.startsWith('InChI=1S/');
    const asBlock = (read: string | undefined): string | undefined =>
      read === undefined
        ? undefined
        : rdkit.run(
            (rd) =>
              withMol(rd, read, (mol) => {
                // Indigo reads some damaged InChIs leniently: keep the structure only when it is the one asked.
                const again = inchiWithChargesJoined(rd, mol);
                if (standard) return again === text ? faithfulMolBlock2D(rd, mol, text) : undefined;
                return again.startsWith('InChI=1S/') && formulaLayer(again) === formulaLayer(text) ? molBlock2D(rd, mol, again) : undefined;
              }),
            undefined,
          );
    const smiles = indigo.run((i) => inchiToSmiles(i, text), undefined);
    if (smiles === undefined) return undefined;
    const block = asBlock(smiles) ?? asBlock(indigo.run((i) => inchiToLaidOutMolfile(i, text), undefined));
    if (block || !standard) return block;
    return rdkit.run((rd) => {
      const moved = withProtonsMoved(rd, smiles, text);
      return moved === undefined ? undefined : withMol(rd, moved, (mol) => faithfulMolBlock2D(rd, mol, text));
    }, undefined);
  };

  const structures = createStructureToolkit((use, fallback) => rdkit.run(use, fallback), options.wasmDir);
  const pixels = (size: number): number => Math.max(16, Math.min(MAX_PNG_SIZE, Math.round(size)));

  const chemistry: Chemistry = {
    describe: (structure: string): StructureFacts | undefined => rdkit.run((rd) => describeStructure(rd, structure), undefined),

    inchiKeyOf: (structure: string): string | undefined => rdkit.run((rd) => inchiKeyOfStructure(rd, structure), undefined),

    identityOf: (structure) =>
      rdkit.run(
        (rd) =>
          withMol(rd, structure, (mol) => {
            const inchiKey = inchiKeyOfMol(rd, mol);
            const keys = inchiKey ? identityKeysOf(rd, mol) : undefined;
            return inchiKey && keys ? { inchiKey, ...keys } : undefined;
          }),
        undefined,
      ),

    molFromInchi(inchi: string): string | undefined {
      if (!indigoStarted) throw new Error('Indigo is not loaded yet: await chemistry.prepareInchi() (or use molFromInchiAsync) first');
      return molFromInchiNow(inchi);
    },

    prepareInchi: indigoReady,

    async molFromInchiAsync(inchi: string): Promise<string | undefined> {
      await indigoReady();
      return molFromInchiNow(inchi);
    },

    async inchiKeyOfInchi(inchi: string): Promise<string | undefined> {
      const text = inchi.trim();
      await indigoReady();
      // Valid when Indigo reads it; the key of a standard InChI is the InChI library's hash of the string itself.
      const read = indigo.run((i) => inchiToSmiles(i, text), undefined);
      if (read === undefined) return undefined;
      if (!text.startsWith('InChI=1S/')) return rdkit.run((rd) => inchiKeyOfStructure(rd, read), undefined);
      const key = rdkit.run((rd) => rd.get_inchikey_for_inchi(text), '');
      return isInchiKeyShape(key) ? key : undefined;
    },

    depictPng(structure: string, size: number = DEFAULT_PNG_SIZE): Uint8Array | undefined {
      const px = pixels(size);
      const svg = rdkit.run(
        (rd) =>
          withMol(rd, structure, (mol) => {
            if (!mol.has_coords()) mol.set_new_coords();
            return mol.get_svg(px, px);
          }),
        undefined,
      );
      return svg ? svgToPng(svg, px) : undefined;
    },

    depictPngHighlighted(structure, query, size = DEFAULT_PNG_SIZE) {
      const px = pixels(size);
      const svg = structures.highlightSvg(structure, query, px);
      return svg ? svgToPng(svg, px) : undefined;
    },

    structures,

    setLog(line: (text: string) => void): void {
      log = line;
    },

    toolkitHealth: () => ({ replacements: rdkit.replacements + indigo.replacements, spareReady: rdkit.spareReady }),

    unguardedRdkitForTests: (use) => rdkit.run(use, undefined),
  };

  // Warm-up: the first describe and depiction of a process are several times slower than the next ones.
  const warmUp = options.warmUp ?? 'describe-and-draw';
  if (warmUp !== 'none') chemistry.describe('CN1C=NC2=C1C(=O)N(C(=O)N2C)C');
  if (warmUp === 'describe-and-draw') chemistry.depictPng('c1ccccc1O', 64);
  return chemistry;
}
