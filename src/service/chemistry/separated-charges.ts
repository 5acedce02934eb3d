/**
 * Charge-separated oxo groups on atoms that take more than four bonds, written with double bonds in a V2000 block:
 * `[Cl+3]([O-])([O-])([O-])O` as `OCl(=O)(=O)=O`, `[S+2]([O-])[O-]` as `S(=O)=O`, `[P+][O-]` as `P=O`. RDKit writes
 * halogen oxides in the separated form (its sanitisation makes it), and the InChI library, reading that form from a
 * block, misses the oxygens' mobile hydrogen and fixes it on one (ammonium perchlorate: `/h2H` for `/h(H,2,3,4,5)`).
 * RDKit reads the double-bonded form back into the same molecule. Nitrogen's N+-O- (nitro groups, N-oxides) stays.
 */

/** Phosphorus, sulfur, chlorine, arsenic, selenium, bromine, iodine. */
const EXPANDED_VALENCE = new Set(['P', 'S', 'Cl', 'As', 'Se', 'Br', 'I']);

/** The block with its separated oxo charges joined into double bonds; other blocks (V3000, none to join) unchanged. */
export function withSeparatedChargesJoined(block: string): string {
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  if (!/V2000/.test(counts) || !lines.some((l) => l.startsWith('M  CHG'))) return block;
  const atomCount = Number(counts.slice(0, 3));
  const bondCount = Number(counts.slice(3, 6));
  const element = lines.slice(4, 4 + atomCount).map((l) => l.slice(31, 34).trim());
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
      const centreCharge = charge.get(centre) ?? 0;
      if (!EXPANDED_VALENCE.has(element[centre - 1]) || centreCharge <= 0) continue;
      if (element[oxygen - 1] !== 'O' || charge.get(oxygen) !== -1 || degree.get(oxygen) !== 1) continue;
      lines[firstBond + i] = `${line.slice(0, 6)}  2${line.slice(9)}`;
      charge.set(centre, centreCharge - 1);
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
