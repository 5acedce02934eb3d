/**
 * Charge-separated oxo groups on atoms that take more than four bonds, joined into double bonds: `[Cl+3]([O-])([O-])
 * ([O-])O` as `OCl(=O)(=O)=O`, `[S+2]([O-])[O-]` as `S(=O)=O`, `[P+][O-]` as `P=O`. RDKit's sanitisation separates
 * halogen oxo groups (Cl, Br, I with only oxygen neighbours), and the InChI library reads that form as another
 * compound's: it fixes the acid's mobile hydrogen on one oxygen (periodic acid `/h2H` for `/h(H,2,3,4,5)`), and an
 * oxoanion's salt gets a charge layer instead of its proton layer (sodium periodate `/q-1;+1` for `/q;+1/p-1`). So the
 * service's InChI is the joined form's (`inchiWithChargesJoined`), and its V2000 blocks are written joined
 * (`withSeparatedChargesJoined`), which RDKit reads back into the same molecule. Nitrogen's N+-O- (nitro groups,
 * N-oxides) stays.
 */
import { type RDKit, type RDKitMol, withRawMol } from './read';
import { MolJson } from './rdkit-json';

/** Phosphorus, sulfur, chlorine, arsenic, selenium, bromine, iodine, by symbol and element number. */
const EXPANDED_VALENCE = new Map([
  ['P', 15],
  ['S', 16],
  ['Cl', 17],
  ['As', 33],
  ['Se', 34],
  ['Br', 35],
  ['I', 53],
]);
const EXPANDED_VALENCE_Z = new Set(EXPANDED_VALENCE.values());
const OXYGEN = 8;

interface Side {
  z: number;
  charge: number;
  degree: number;
}

/** True for a single bond from a positive expanded-valence centre to a terminal O-: the two halves of one `X=O`. */
function isSeparatedOxo(centre: Side, oxygen: Side): boolean {
  return EXPANDED_VALENCE_Z.has(centre.z) && centre.charge > 0 && oxygen.z === OXYGEN && oxygen.charge === -1 && oxygen.degree === 1;
}

/**
 * The standard InChI of the molecule with its separated oxo groups joined; RDKit's own when there is none to join. The
 * joined form breaks RDKit's valence rules (I with valence 7), so it is read unsanitised from RDKit's JSON, which
 * carries every hydrogen count and stereo flag (and no coordinates: the InChI is the graph's).
 */
export function inchiWithChargesJoined(rdkit: RDKit, mol: RDKitMol): string {
  const json = new MolJson(mol);
  const degree = json.degrees();
  const side = (atom: number): Side => ({ ...json.atoms[atom], degree: degree[atom] });
  let joined = false;
  for (const bond of json.bonds) {
    if (bond.order !== 1) continue;
    const [a, b] = bond.atoms;
    for (const [centre, oxygen] of [
      [a, b],
      [b, a],
    ]) {
      if (!isSeparatedOxo(side(centre), side(oxygen))) continue;
      bond.order = 2;
      json.atoms[centre].charge--;
      json.atoms[oxygen].charge = 0;
      joined = true;
      break;
    }
  }
  return (joined && withRawMol(rdkit, json.write(json.atoms, new Set(), false), (read) => read.get_inchi())) || mol.get_inchi();
}

/** The block with its separated oxo charges joined into double bonds; other blocks (V3000, none to join) unchanged. */
export function withSeparatedChargesJoined(block: string): string {
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  if (!/V2000/.test(counts) || !lines.some((l) => l.startsWith('M  CHG'))) return block;
  const atomCount = Number(counts.slice(0, 3));
  const bondCount = Number(counts.slice(3, 6));
  // Element numbers, as far as the rule needs them (0 for any other element).
  const element = lines.slice(4, 4 + atomCount).map((l) => {
    const symbol = l.slice(31, 34).trim();
    return symbol === 'O' ? OXYGEN : (EXPANDED_VALENCE.get(symbol) ?? 0);
  });
  const charge = new Map<number, number>();
  for (const line of lines.filter((l) => l.startsWith('M  CHG'))) {
    for (let i = 0; i < Number(line.slice(6, 9)); i++)
      charge.set(Number(line.slice(10 + 8 * i, 13 + 8 * i)), Number(line.slice(14 + 8 * i, 17 + 8 * i)));
  }
  const firstBond = 4 + atomCount;
  const degree = new Map<number, number>();
  const ends = lines.slice(firstBond, firstBond + bondCount).map((l) => [Number(l.slice(0, 3)), Number(l.slice(3, 6))]);
  for (const [a, b] of ends) for (const atom of [a, b]) degree.set(atom, (degree.get(atom) ?? 0) + 1);
  let joined = false;
  ends.forEach(([a, b], i) => {
    const line = lines[firstBond + i];
    if (line.slice(6, 12) !== '  1  0') return;
    for (const [centre, oxygen] of [
      [a, b],
      [b, a],
    ]) {
      const side = (atom: number): Side => ({ z: element[atom - 1], charge: charge.get(atom) ?? 0, degree: degree.get(atom) ?? 0 });
      if (!isSeparatedOxo(side(centre), side(oxygen))) continue;
      lines[firstBond + i] = `${line.slice(0, 6)}  2${line.slice(9)}`;
      charge.set(centre, (charge.get(centre) ?? 0) - 1);
      charge.set(oxygen, 0);
      joined = true;
      return;
    }
  });
  if (!joined) return block;
  const charged = [...charge].filter(([, value]) => value !== 0);
  const chargeLines: string[] = [];
  for (let i = 0; i < charged.length; i += 8) {
    const group = charged.slice(i, i + 8);
    chargeLines.push(
      `M  CHG${String(group.length).padStart(3)}${group.map(([atom, value]) => ` ${String(atom).padStart(3)} ${String(value).padStart(3)}`).join('')}`,
    );
  }
  const at = lines.findIndex((l) => l.startsWith('M  CHG'));
  const rest = lines.filter((l) => !l.startsWith('M  CHG'));
  rest.splice(at, 0, ...chargeLines);
  return rest.join('\n');
}
