/**
 * The InChI library rebuilds a structure's skeleton from an InChI exactly, but places the protons of the /p layer and the
 * charges of /q by rules of its own, and sometimes not where they came from (Open Babel, over the same library, warns
 * "Proton balance: Does not match" or "Charge(s): Do not match"): ammonium nitrate comes back as nitric acid and
 * ammonia, diborane as a dianion. The search below moves protons and charges on the rebuilt skeleton, fewest moves
 * first, until the structure's InChI is the input. It is bounded by a count of InChI computations weighted by size.
 */
import { type RDKit, withMol, withRawMol } from '../../chemistry/molecule/read';
import { MolJson, type JsonAtomState } from '../../chemistry/molecule/rdkit-json';
import { inchiWithChargesJoined } from '../../chemistry/molecule/separated-charges';

/** InChI computations allowed, each weighted by its atom count (a 5-atom salt may try 200, a 60-atom one 33). */
const WORK_BUDGET = 2000;
const MAX_TRIES = 200;
/** Proton transfers (one removed, one added elsewhere) tried beyond the moves the layers' totals demand. */
const MAX_TRANSFERS = 2;
/** Placements looked at (most are the same state reached in another order, and cost no InChI). */
const MAX_PLACEMENTS = 20_000;

type Move = 'addProton' | 'removeProton' | 'raiseCharge' | 'lowerCharge';

/** The hydrogen count and net charge an InChI describes: formula hydrogens plus /p; the /q charges plus /p. */
export function inchiTotals(inchi: string): { hydrogens: number; charge: number } | undefined {
  const layers = inchi.split('/');
  const formula = layers[1] ?? '';
  let hydrogens = 0;
  for (const component of formula.split('.')) {
    const [, times, body] = /^(\d*)(.*)$/.exec(component) ?? [];
    const h = /H(\d*)(?![a-z])/.exec(body ?? '');
    if (h) hydrogens += Number(times || 1) * Number(h[1] || 1);
  }
  const layer = (prefix: string) => layers.find((l) => l.startsWith(prefix))?.slice(1) ?? '';
  let charge = 0;
  for (const part of layer('q').split(';')) {
    const [, times, value] = /^(?:(\d+)\*)?([+-]\d+)?$/.exec(part) ?? [];
    if (value === undefined && part !== '') return undefined;
    charge += Number(times || 1) * Number(value || 0);
  }
  const protons = Number(layer('p') || 0);
  if (!Number.isInteger(protons)) return undefined;
  return { hydrogens: hydrogens + protons, charge: charge + protons };
}

/**
 * A structure (RDKit JSON) with the skeleton of `structure` and protons or charges moved so that its InChI is `inchi`;
 * undefined when none is found within the budget.
 */
export function withProtonsMoved(rdkit: RDKit, structure: string, inchi: string): string | undefined {
  const target = inchiTotals(inchi);
  if (!target) return undefined;
  const start = startingPoint(rdkit, structure);
  if (!start) return undefined;
  const { json, drop } = start;
  const atoms = json.atoms;
  const kept = atoms.filter((_, i) => !drop.has(i));
  const hydrogens = kept.reduce((n, a) => n + a.hydrogens + (a.z === 1 ? 1 : 0), 0);
  const charge = kept.reduce((n, a) => n + a.charge, 0);
  const protons = target.hydrogens - hydrogens;
  const charges = target.charge - charge - protons;
  const tries = Math.min(MAX_TRIES, Math.floor(WORK_BUDGET / Math.max(1, atoms.length)));
  const seen = new Set<string>();
  let tried = 0;
  let placed = 0;

  const sites = (move: Move): number[] => ranked(atoms, move).filter((i) => !drop.has(i));
  for (let transfers = 0; transfers <= MAX_TRANSFERS; transfers++) {
    const moves: Move[] = [
      ...Array<Move>(Math.max(0, protons) + transfers).fill('addProton'),
      ...Array<Move>(Math.max(0, -protons) + transfers).fill('removeProton'),
      ...Array<Move>(Math.abs(charges)).fill(charges > 0 ? 'raiseCharge' : 'lowerCharge'),
    ];
    if (moves.length === 0) continue;
    for (const states of placements(atoms, moves, sites)) {
      if (placed++ >= MAX_PLACEMENTS) return undefined;
      const key = states.map((s) => `${s.hydrogens}:${s.charge}`).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      if (tried++ >= tries) return undefined;
      const candidate = json.write(states, drop);
      if (withMol(rdkit, candidate, (mol) => inchiWithChargesJoined(rdkit, mol)) === inchi) return candidate;
    }
  }
  return undefined;
}

/**
 * The rebuilt structure as editable JSON, in a form RDKit can read. Read unsanitised when RDKit refuses it, and then:
 * - protons the library could not place come as free H+ ions: left out, so the search places them;
 * - an anion written with its charge on the central atom and every oxygen double-bonded (`[S-](=O)(=O)=O`, which
 *   RDKit's valence rules refuse) gets the charge on one terminal oxygen instead: the same ion, another resonance form.
 */
function startingPoint(rdkit: RDKit, structure: string): { json: MolJson; drop: Set<number> } | undefined {
  const json = withMol(rdkit, structure, (mol) => new MolJson(mol)) ?? withRawMol(rdkit, structure, (mol) => new MolJson(mol));
  if (!json) return undefined;
  const degree = json.degrees();
  const drop = new Set(json.atoms.flatMap((a, i) => (a.z === 1 && a.charge === 1 && degree[i] === 0 ? [i] : [])));
  for (const bond of json.bonds) {
    if (bond.order !== 2) continue;
    for (const [centre, end] of [bond.atoms, [bond.atoms[1], bond.atoms[0]]]) {
      const c = json.atoms[centre];
      const e = json.atoms[end];
      if (c.charge < 0 && e.charge === 0 && e.hydrogens === 0 && degree[end] === 1 && (e.z === 8 || e.z === 16)) {
        c.charge++;
        e.charge--;
        bond.order = 1;
        break;
      }
    }
  }
  return { json, drop };
}

/** Every way to apply `moves` in order, each on one of its sites, as atom states (invalid ones skipped). */
function* placements(atoms: readonly JsonAtomState[], moves: readonly Move[], sites: (move: Move) => number[]): Generator<JsonAtomState[]> {
  const states = atoms.map((a) => ({ ...a }));
  function* place(k: number, from: number): Generator<JsonAtomState[]> {
    if (k === moves.length) {
      yield states.map((s) => ({ ...s }));
      return;
    }
    // Moves of one kind are placed on sites in increasing rank order, so each set of sites comes once.
    const sameAsBefore = k > 0 && moves[k - 1] === moves[k];
    const candidates = sites(moves[k]);
    for (let i = sameAsBefore ? from : 0; i < candidates.length; i++) {
      const atom = states[candidates[i]];
      if (!apply(atom, moves[k], 1)) continue;
      yield* place(k + 1, i + 1);
      apply(atom, moves[k], -1);
    }
  }
  yield* place(0, 0);
}

function apply(atom: JsonAtomState, move: Move, sign: 1 | -1): boolean {
  const dh = move === 'addProton' ? 1 : move === 'removeProton' ? -1 : 0;
  const dc = move === 'addProton' || move === 'raiseCharge' ? 1 : -1;
  if (atom.hydrogens + sign * dh < 0) return false;
  atom.hydrogens += sign * dh;
  atom.charge += sign * dc;
  return true;
}

/**
 * Atoms a move may touch, likeliest first. Protons sit on heteroatoms; a proton leaves a cation or an acid group first
 * and lands on an anion or a base (N, P) first; a charge is moved only toward neutral.
 */
function ranked(atoms: readonly JsonAtomState[], move: Move): number[] {
  const score = (a: JsonAtomState): number | undefined => {
    if (a.z === 1) return undefined;
    const hetero = a.z !== 6;
    switch (move) {
      case 'addProton':
        if (!hetero && a.charge >= 0) return undefined;
        return a.charge < 0 ? 0 : a.z === 7 || a.z === 15 ? 1 : 2;
      case 'removeProton':
        if (a.hydrogens === 0 || (!hetero && a.charge <= 0)) return undefined;
        return a.charge > 0 ? 0 : a.z === 8 || a.z === 16 ? 1 : 2;
      case 'raiseCharge':
        return a.charge < 0 ? 0 : undefined;
      case 'lowerCharge':
        return a.charge > 0 ? 0 : undefined;
    }
  };
  return atoms
    .map((a, i) => ({ i, s: score(a) }))
    .filter((x): x is { i: number; s: number } => x.s !== undefined)
    .sort((x, y) => x.s - y.s || x.i - y.i)
    .map((x) => x.i);
}
