/** Convert formats (spec 2.7) and the eight allowed conversions (spec 4.2 rule 6). */
export const CONVERT_FORMATS = ['SMILES', 'InChI', 'InChIKey', 'Mol'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

export const ALLOWED_CONVERSIONS: ReadonlyArray<readonly [ConvertFormat, ConvertFormat]> = [
  ['InChI', 'InChIKey'],
  ['InChI', 'Mol'],
  ['InChI', 'SMILES'],
  ['InChIKey', 'InChI'],
  ['InChIKey', 'Mol'],
  ['Mol', 'InChI'],
  ['Mol', 'InChIKey'],
  ['SMILES', 'InChI'],
];

/**
 * The allowed conversions to chain from one format to another, fewest first (`SMILES → InChI → InChIKey`); undefined
 * when none leads there (the same format). Every pair of the four formats is reachable.
 */
export function conversionChain(from: ConvertFormat, to: ConvertFormat): ConvertFormat[] | undefined {
  if (from === to) return undefined;
  const cameFrom = new Map<ConvertFormat, ConvertFormat>();
  const queue: ConvertFormat[] = [from];
  while (queue.length) {
    const at = queue.shift()!;
    for (const [a, b] of ALLOWED_CONVERSIONS) {
      if (a !== at || b === from || cameFrom.has(b)) continue;
      cameFrom.set(b, at);
      if (b === to) {
        const chain: ConvertFormat[] = [to];
        for (let f = at; f !== from; f = cameFrom.get(f)!) chain.unshift(f);
        return [from, ...chain];
      }
      queue.push(b);
    }
  }
  return undefined;
}

export function isConvertFormat(value: string): value is ConvertFormat {
  return (CONVERT_FORMATS as readonly string[]).includes(value);
}
export function isAllowedConversion(from: string, to: string): boolean {
  return ALLOWED_CONVERSIONS.some(([a, b]) => a === from && b === to);
}

/** Element-filter options (contract 1.2). */
export const COMPLEXITIES = ['any', 'single', 'multiple'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];
export const ISOTOPIC_OPTIONS = ['any', 'labeled', 'unlabeled'] as const;
export type Isotopic = (typeof ISOTOPIC_OPTIONS)[number];

/** Older interface coordinate dimension (spec 2.8) and its wire names (contract 2.2). */
export const MOL_TYPES = ['2d', '3d', 'both'] as const;
export type MolType = (typeof MOL_TYPES)[number];
export const LEGACY_MOL_TYPE_OF_MOL_TYPE: Readonly<Record<MolType, string>> = {
  '2d': 'e2D',
  '3d': 'e3D',
  both: 'eBoth',
};
export function molTypeFromLegacy(value: string): MolType | undefined {
  const lower = value.toLowerCase();
  return MOL_TYPES.find((m) => LEGACY_MOL_TYPE_OF_MOL_TYPE[m].toLowerCase() === lower);
}
