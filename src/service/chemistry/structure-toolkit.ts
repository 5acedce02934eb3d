/**
 * RDKit's own substructure matcher and Morgan fingerprints for structure search. Records go into RDKit
 * `SubstructLibrary` shards (trusted SMILES plus RDKit's pattern fingerprint, so RDKit screens and then runs its
 * matcher on each candidate: the answer is RDKit's matcher's, the screen only a shortcut).
 */
import { STRUCTURE_LIMITS, type SubstructureFormat } from '../../wire';
import { parseMol, type RDKit, type RDKitMol } from './rdkit';
import type { StructureFingerprints, StructureLibrary, StructureToolkit, SubstructureQuery } from './types';

const MORGAN = JSON.stringify({ radius: STRUCTURE_LIMITS.morganRadius, nBits: STRUCTURE_LIMITS.morganBits });
/** Entries computed per scratch library before it is replaced (its only use is RDKit's pattern fingerprint). */
const SCRATCH_ENTRIES = 4096;

/** The positions of the set bits of a fingerprint given as bytes (bit i in byte i >> 3, bit i & 7). */
export function onBits(bytes: Uint8Array): Uint16Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0) continue;
    for (let k = 0; k < 8; k++) if (b & (1 << k)) out.push(i * 8 + k);
  }
  return Uint16Array.from(out);
}

function parseQueryMol(rdkit: RDKit, text: string, format: SubstructureFormat): RDKitMol | undefined {
  if (format === 'SMILES') return parseMol(rdkit, text);
  try {
    const mol = rdkit.get_qmol(text);
    if (mol && mol.is_valid()) return mol;
    mol?.delete();
  } catch {
    // RDKit throws on some malformed SMARTS: the same answer as null.
  }
  return undefined;
}

function atomCount(mol: RDKitMol): number {
  const json = JSON.parse(mol.get_json()) as { molecules?: Array<{ atoms?: unknown[] }> };
  return json.molecules?.[0]?.atoms?.length ?? 0;
}

export function createStructureToolkit(rdkit: RDKit): StructureToolkit {
  let scratch = new rdkit.SubstructLibrary();

  const toolkit: StructureToolkit = {
    parseQuery(text: string, format: SubstructureFormat): SubstructureQuery | undefined {
      const trimmed = text.trim();
      const mol = parseQueryMol(rdkit, trimmed, format);
      if (!mol) return undefined;
      return { mol, atoms: atomCount(mol), text: trimmed, format, dispose: () => mol.delete() };
    },

    fingerprints(smiles: string): StructureFingerprints | undefined {
      const mol = parseMol(rdkit, smiles);
      if (!mol) return undefined;
      try {
        const morgan = onBits(mol.get_morgan_fp_as_uint8array(MORGAN) as Uint8Array);
        if (scratch.size() >= SCRATCH_ENTRIES) {
          scratch.delete();
          scratch = new rdkit.SubstructLibrary();
        }
        const i = scratch.add_trusted_smiles(smiles);
        return { morgan, pattern: Uint8Array.from(scratch.get_pattern_fp_as_uint8array(i) as Uint8Array) };
      } finally {
        mol.delete();
      }
    },

    newLibrary(): StructureLibrary {
      const lib = new rdkit.SubstructLibrary();
      return {
        add: (smiles, fingerprints) => void lib.add_trusted_smiles_and_pattern_fp(smiles, fingerprints.pattern),
        size: () => lib.size(),
        matches: (query, useChirality, maxResults) =>
          Uint32Array.from(lib.get_matches_as_uint32array(query.mol as RDKitMol, useChirality, 1, maxResults) as Uint32Array),
        dispose: () => lib.delete(),
      };
    },

    highlightSvg(structure: string, query: SubstructureQuery, size: number): string | undefined {
      const mol = parseMol(rdkit, structure);
      if (!mol) return undefined;
      try {
        if (!mol.has_coords()) mol.set_new_coords();
        // MinimalLib answers `{}` (not `[]`) when nothing matches.
        const parsed = JSON.parse(mol.get_substruct_matches(query.mol as RDKitMol) || '[]') as unknown;
        const found = (Array.isArray(parsed) ? parsed : []) as Array<{ atoms?: number[]; bonds?: number[] }>;
        const atoms = [...new Set(found.flatMap((m) => m.atoms ?? []))];
        const bonds = [...new Set(found.flatMap((m) => m.bonds ?? []))];
        return mol.get_svg_with_highlights(JSON.stringify({ width: size, height: size, atoms, bonds }));
      } finally {
        mol.delete();
      }
    },
  };
  return toolkit;
}
