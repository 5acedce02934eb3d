/**
 * The grid's toolkit: RDKit MinimalLib (WASM) in the browser, the library the built-in database uses, read the way
 * the database reads it (src/chemistry/molecule), so a formula, a mass or an InChIKey shown here is the one the database computes. It draws, computes formula and
 * masses, matches substructures and writes SMILES / MOL / InChIKey, all offline and without the extension host
 * (the notebook renderer has none to ask). It runs in the grid's toolkit worker (toolkitWorker.ts), never on the page.
 */
import type { MainModule as RDKitModule, Mol } from '@rdkit/rdkit';
import { compositionOf, type RdkitJson } from '../../chemistry/formula/composition';
import { factsOf, plainMolFacts, recordSizeProblem, type Facts } from '../../grid/recordFacts';
import { RECORD_LIMITS } from '../../grid/recordIndex';
import { queryTextProblem } from './queryText';
import { parseMol } from '../../chemistry/molecule/read';
import { inchiWithChargesJoined } from '../../chemistry/molecule/separated-charges';

export interface Drawing extends Facts {
  svg?: string;
  /** Why the toolkit could not read the record. */
  problem?: string;
}

export interface Identity {
  smiles?: string;
  inchikey?: string;
  molblock?: string;
  problem?: string;
}

export class Toolkit {
  /** The query read last: a scan and the cards drawn after it use the same one. */
  private lastQuery: { text: string; mol?: Mol; problem?: string } | undefined;

  constructor(private readonly rdkit: RDKitModule) {}

  /**
   * Parses a record (SDF record, SMILES or RDKit JSON), bounded in atoms, bonds and parts by a linear count of its text
   * before the toolkit reads it, and in atoms again after; null with a reason.
   */
  private parse(text: string): { mol?: Mol; problem?: string } {
    const refused = recordSizeProblem(text);
    if (refused) return { problem: refused };
    let mol: Mol | undefined;
    try {
      mol = parseMol(this.rdkit, text);
    } catch {
      mol = undefined;
    }
    if (!mol) return { problem: 'RDKit could not read this structure (bad atom or bond lines, valence, or SMILES syntax).' };
    const atoms = mol.get_num_atoms();
    if (atoms > RECORD_LIMITS.atoms) {
      mol.delete();
      return { problem: `${atoms} atoms: more than the ${RECORD_LIMITS.atoms} a record may have.` };
    }
    return { mol };
  }

  private with<T>(text: string, use: (mol: Mol) => T): T | { problem: string } {
    const { mol, problem } = this.parse(text);
    if (!mol) return { problem: problem ?? 'unreadable' };
    try {
      return use(mol);
    } finally {
      mol.delete();
    }
  }

  private facts(mol: Mol): Facts {
    return factsOf(compositionOf(JSON.parse(mol.get_json()) as RdkitJson));
  }

  factsOf(text: string): Facts & { problem?: string } {
    return this.with(text, (mol) => this.facts(mol));
  }

  /**
   * An SVG of the structure (2D coordinates made when it has none or 3D ones), highlighting `query`'s match. Every
   * card of a grid draws bonds at one length (a seventh of the card's shorter side), so a small molecule is not
   * blown up beside a large one; only a molecule too large for its card at that length is scaled down to fit.
   */
  draw(text: string, width: number, height: number, queryText?: string): Drawing {
    const query = queryText ? this.queryMol(queryText) : undefined;
    return this.with(text, (mol) => {
      if (mol.has_coords() !== 2) mol.set_new_coords(true);
      const details: Record<string, unknown> = {
        width,
        height,
        clearBackground: true,
        bondLineWidth: 1.2,
        addStereoAnnotation: true,
        fixedBondLength: Math.round(Math.min(width, height) / 7),
      };
      if (query) {
        const match = JSON.parse(mol.get_substruct_match(query) || '{}') as { atoms?: number[]; bonds?: number[] };
        if (match.atoms?.length) Object.assign(details, { atoms: match.atoms, bonds: match.bonds ?? [] });
      }
      return { svg: mol.get_svg_with_highlights(JSON.stringify(details)), ...this.facts(mol) };
    });
  }

  /** Why `text` is no query RDKit can read; undefined when it is one. */
  queryProblem(text: string): string | undefined {
    this.queryMol(text);
    return this.lastQuery?.problem;
  }

  /** The query molecule of `text`, read once for all the records of a scan and its cards. */
  private queryMol(text: string): Mol | undefined {
    if (this.lastQuery?.text !== text) {
      this.lastQuery?.mol?.delete();
      this.lastQuery = { text, ...this.query(text) };
    }
    return this.lastQuery.mol;
  }

  /** A query molecule from SMILES or SMARTS, or a reason: the service's bounds on a query, checked before RDKit reads it. */
  private query(text: string): { mol?: Mol; problem?: string } {
    const t = text.trim();
    const problem = queryTextProblem(t);
    if (problem) return { problem };
    let q: Mol | null;
    try {
      q = this.rdkit.get_qmol(t);
    } catch {
      q = null;
    }
    if (!q || !q.is_valid()) {
      q?.delete();
      return { problem: `"${t}" is neither a SMILES nor a SMARTS RDKit can read.` };
    }
    return { mol: q };
  }

  /** Facts of a record and whether it holds `query` (for a scan). */
  scan(text: string, queryText?: string): Facts & { match: boolean } {
    // Formula and masses alone: a plain MOL block is read without RDKit (a thousandth of the time).
    const plain = queryText ? undefined : plainMolFacts(text);
    if (plain) return { ...plain, match: false };
    const query = queryText ? this.queryMol(queryText) : undefined;
    const r = this.with(text, (mol) => ({ ...this.facts(mol), match: !!query && (mol.get_substruct_match(query) || '{}') !== '{}' }));
    return 'problem' in r ? { match: false } : r;
  }

  /** SMILES, InChIKey and a MOL block for actions; the MOL block of an SDF record is its own text, unchanged. */
  identify(text: string, isSdf: boolean): Identity {
    return this.with(text, (mol) => {
      const inchi = inchiWithChargesJoined(this.rdkit, mol);
      const inchikey = inchi ? this.rdkit.get_inchikey_for_inchi(inchi) : undefined;
      let molblock: string;
      if (isSdf) molblock = molBlockOf(text);
      else {
        mol.set_new_coords(true);
        molblock = mol.get_molblock();
      }
      return { smiles: mol.get_smiles(), inchikey: inchikey || undefined, molblock };
    });
  }
}

/** The MOL block of an SDF record: everything up to and including its `M  END` line. */
function molBlockOf(record: string): string {
  const m = /^M {2}END[^\n]*(\n|$)/m.exec(record);
  return m ? record.slice(0, m.index + m[0].length) : record;
}
