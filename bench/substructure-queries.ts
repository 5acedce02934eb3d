/**
 * Substructure queries of the structure benches (in-memory and PostgreSQL): common fragments to rarer cores. The
 * last element marks the rare ones (issue 29: p95 <= 500 ms at 1M on PostgreSQL).
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
];
