/** Inputs that stress the chemistry toolkit (issue 24), shared by the bounds tests and the fuzz. */

/** A recursive SMARTS nested `depth` levels: `[$([$(C)])]`. */
export function nestedSmarts(depth: number): string {
  let s = 'C';
  for (let i = 0; i < depth; i++) s = `[$(${s})]`;
  return s;
}

export const WILDCARD_CHAIN_60 = Array.from({ length: 60 }, () => '*').join('~');

/** A 24-ring of carbons with one atom outside every ring: no C60 match, and RDKit's matcher walks the cage for seconds to minutes. */
export const CAGE_WALK = `[#6]1${'~[#6]'.repeat(22)}~[#6;!R]~1`;

/** RDKit JSON of `atoms` unbonded carbon atoms (issue 24: 1,999 of them in 6 KB drew for 28 s in the grid). */
export function unbondedAtomsJson(atoms: number): string {
  return JSON.stringify({
    rdkitjson: { version: 11 },
    defaults: { atom: { z: 6, impHs: 0, chg: 0, nRad: 0, isotope: 0, stereo: 'unspecified' }, bond: { bo: 1, stereo: 'unspecified' } },
    molecules: [{ atoms: Array.from({ length: atoms }, () => ({})), bonds: [] }],
  });
}
