/**
 * The keys of the looser identity levels (shared/beyond-the-spec.md 4), each the first block of an InChIKey:
 * - parent: the largest organic component (most heavy atoms among the parts holding carbon; salts, solvents and
 *   counter-ions set aside). The standard InChI keeps a part's protonation in its /p layer, outside the first block,
 *   so the block is that of the neutral parent (a carboxylate's is its acid's, an ammonium's its amine's).
 * - tautomer: the parent's InChI with the InChI library's keto-enol and 1,5-tautomerism options (`-KET -15T`), on top
 *   of the standard InChI's own mobile hydrogens. RDKit MinimalLib 2026.9.1 has no standardiser of its own (no
 *   fragment parent, no tautomer canonicaliser), so the InChI library's tautomer perception is the toolkit's here.
 * The connectivity level needs no computing: it is the first block of the record's own InChIKey.
 */
import { type RDKit, type RDKitMol } from './read';
import { inchiWithChargesJoined } from './separated-charges';
import { MolJson } from './rdkit-json';
import { compositionOf, type RdkitJson } from '../formula/composition';

export interface IdentityKeys {
  parentKey: string;
  tautomerKey: string;
}

/** Options of the InChI library that the tautomer level reads structures with. */
const TAUTOMER_INCHI_OPTIONS = '-KET -15T';

/** The first block of the InChIKey of an InChI, or undefined when the library gives no key. */
function firstBlock(rdkit: RDKit, inchi: string): string | undefined {
  if (!inchi.startsWith('InChI=1')) return undefined;
  const key = rdkit.get_inchikey_for_inchi(inchi);
  return /^[A-Z]{14}-/.test(key) ? key.slice(0, 14) : undefined;
}

/** The largest organic part of a molecule (a copy the caller deletes), or undefined when it has a single part. */
function largestOrganicPart(mol: RDKitMol): RDKitMol | undefined {
  const { molList } = mol.get_frags() as { molList: { size(): number; at(i: number): RDKitMol | null; delete(): void } };
  try {
    if (molList.size() < 2) return undefined;
    let best: RDKitMol | undefined;
    let bestScore = -1;
    for (let i = 0; i < molList.size(); i++) {
      const part = molList.at(i);
      if (!part) continue;
      const heavy = part.get_num_atoms(true);
      const organic = new MolJson(part).atoms.some((atom) => atom.z === 6);
      // Organic parts first, then the most heavy atoms; the first met wins a tie.
      const score = (organic ? 1_000_000 : 0) + heavy;
      if (score > bestScore) {
        best?.delete();
        best = part;
        bestScore = score;
      } else {
        part.delete();
      }
    }
    return best;
  } finally {
    molList.delete();
  }
}

/**
 * Parent and tautomer keys of a parsed molecule; undefined when the InChI library gives none. A molecule in one piece is
 * its own parent: RDKit is asked to split only what has several parts (it throws on a structure read unsanitised, such
 * as diborane's hydrogen bridges, and a toolkit error must reach the guard that replaces a broken RDKit).
 */
export function identityKeysOf(rdkit: RDKit, mol: RDKitMol): IdentityKeys | undefined {
  const part = compositionOf(JSON.parse(mol.get_json()) as RdkitJson).components > 1 ? largestOrganicPart(mol) : undefined;
  const parent = part ?? mol;
  try {
    const parentKey = firstBlock(rdkit, inchiWithChargesJoined(rdkit, parent));
    const tautomerKey = firstBlock(rdkit, parent.get_inchi(TAUTOMER_INCHI_OPTIONS));
    return parentKey && tautomerKey ? { parentKey, tautomerKey } : undefined;
  } finally {
    part?.delete();
  }
}
