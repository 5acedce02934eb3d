/**
 * Substructure queries of the structure benches (in-memory and PostgreSQL): common fragments to rarer cores. The
 * last element marks the rare ones (issue 29: p95 <= 500 ms at 1M on PostgreSQL). Among the distinct molecules the
 * steroid cores are not rare (their seeds' descendants are spread over the IDs: the first 25 come early); C60 is.
 */
export const SUBSTRUCTURES: Array<[string, string, 'SMILES' | 'SMARTS', boolean]> = [
  ['phenol', '[OX2H]c1ccccc1', 'SMARTS', false],
  ['pyridine', 'c1ccncc1', 'SMILES', false],
  ['carboxylic acid', '[CX3](=O)[OX2H1]', 'SMARTS', false],
  ['steroid core (gonane)', 'C1CCC2C(C1)CCC1C2CCC2CCCC12', 'SMILES', true],
  [
    'steroid nucleus, any bonds',
    '[#6]1~[#6]~[#6]~[#6]2~[#6](~[#6]~1)~[#6]~[#6]~[#6]1~[#6]~2~[#6]~[#6]~[#6]2~[#6]~[#6]~[#6]~[#6]~1~2',
    'SMARTS',
    true,
  ],
  // One record matches (C60 takes no substituent): every record is screened before the search can end.
  [
    'fullerene C60',
    'c12c3c4c5c1c1c6c7c2c2c8c3c3c9c4c4c%10c5c5c1c1c6c6c%11c7c2c2c7c8c3c3c8c9c4c4c9c%10c5c5c1c1c6c6c%11c2c2c7c3c3c8c4c4c9c5c1c1c6c2c3c41',
    'SMILES',
    true,
  ],
];
