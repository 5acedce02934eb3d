/**
 * RDKit's substructure matcher and fingerprints for structure search. The same functions serve the main thread (on
 * the guarded RDKit: query checks, a similarity query's fingerprint, highlighted depictions) and the matcher workers
 * (on their own RDKit: every record's fingerprints, then screening and matching), so both read a query alike.
 */
import { STRUCTURE_LIMITS, type SubstructureFormat } from '../../wire';
import { parseMol, withMol, type RDKit, type RDKitMol } from '../../chemistry/molecule/read';
import type { StructureToolkit, SubstructureQuery } from './types';

/**
 * Matches a highlighted depiction lists at most: RDKit enumerates matches one by one, and a query such as `*~*~*`
 * on a large cage has millions (the depiction runs in a toolkit worker with a deadline besides).
 */
export const HIGHLIGHT_MAX_MATCHES = 1000;
const HIGHLIGHT_MATCHES = JSON.stringify({ maxMatches: HIGHLIGHT_MAX_MATCHES });

const MORGAN = JSON.stringify({ radius: STRUCTURE_LIMITS.morganRadius, nBits: STRUCTURE_LIMITS.morganBits });
/** Bits of the pattern fingerprint that screens substructure candidates (RDKit's PatternFingerprint). */
export const PATTERN_BITS = 2048;
const PATTERN = JSON.stringify({ nBits: PATTERN_BITS, tautomericFingerprint: false });

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

/** A SMILES query is read as a molecule (aromaticity perceived), a SMARTS query by RDKit's SMARTS parser. */
export function parseQueryMol(rdkit: RDKit, text: string, format: SubstructureFormat): RDKitMol | undefined {
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

/** Set bits of the Morgan fingerprint (radius 2, 2048 bits) of a molecule. */
export function morganBits(mol: RDKitMol): Uint16Array {
  return onBits(mol.get_morgan_fp_as_uint8array(MORGAN) as Uint8Array);
}

/**
 * RDKit's pattern fingerprint of a record or a query: every bit a query sets is set by each structure containing it,
 * so a record lacking one of the query's bits cannot match (RDKit's own substructure library screens with it).
 */
export function patternFingerprint(mol: RDKitMol): Uint8Array {
  return mol.get_pattern_fp_as_uint8array(PATTERN) as Uint8Array;
}

/** True when `query` is a substructure of `mol` by RDKit's matcher. */
export function hasSubstructure(mol: RDKitMol, query: RDKitMol, useChirality: boolean): boolean {
  return mol.get_substruct_match(query, useChirality ? '{"useChirality":true}' : '{}') !== '{}';
}

/** Atoms of a query (not its JSON, which RDKit writes in time growing steeply with recursive SMARTS). */
function atomCount(mol: RDKitMol): number {
  return mol.get_num_atoms();
}

/** `run` calls its argument with the RDKit instance in use (the guarded one: a broken instance is replaced). */
export function createStructureToolkit(run: <R>(use: (rdkit: RDKit) => R, fallback: R) => R, wasmDir?: string): StructureToolkit {
  return {
    wasmDir,
    parseQuery(text: string, format: SubstructureFormat): SubstructureQuery | undefined {
      return run((rdkit) => {
        const trimmed = text.trim();
        const mol = parseQueryMol(rdkit, trimmed, format);
        if (!mol) return undefined;
        try {
          return { atoms: atomCount(mol), text: trimmed, format };
        } finally {
          mol.delete();
        }
      }, undefined);
    },

    morgan(smiles: string): Uint16Array | undefined {
      return run((rdkit) => withMol(rdkit, smiles, morganBits), undefined);
    },

    highlightSvg(structure: string, query: SubstructureQuery, size: number): string | undefined {
      return run(
        (rdkit) =>
          withMol(rdkit, structure, (mol) => {
            const q = parseQueryMol(rdkit, query.text, query.format);
            if (!q) return undefined;
            let found: Array<{ atoms?: number[]; bonds?: number[] }>;
            try {
              // MinimalLib answers `{}` (not `[]`) when nothing matches.
              const parsed = JSON.parse(mol.get_substruct_matches(q, HIGHLIGHT_MATCHES) || '[]') as unknown;
              found = (Array.isArray(parsed) ? parsed : []) as typeof found;
            } finally {
              q.delete();
            }
            if (!mol.has_coords()) mol.set_new_coords();
            const atoms = [...new Set(found.flatMap((m) => m.atoms ?? []))];
            const bonds = [...new Set(found.flatMap((m) => m.bonds ?? []))];
            return mol.get_svg_with_highlights(JSON.stringify({ width: size, height: size, atoms, bonds }));
          }),
        undefined,
      );
    },
  };
}
