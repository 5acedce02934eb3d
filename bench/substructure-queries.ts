/** Substructure queries of the structure benches (in-memory and PostgreSQL): common fragments to rarer cores. */
export const SUBSTRUCTURES: Array<[string, string, 'SMILES' | 'SMARTS']> = [
  ['phenol', '[OX2H]c1ccccc1', 'SMARTS'],
  ['pyridine', 'c1ccncc1', 'SMILES'],
  ['carboxylic acid', '[CX3](=O)[OX2H1]', 'SMARTS'],
  ['steroid core (gonane)', 'C1CCC2C(C1)CCC1C2CCC2CCCC12', 'SMILES'],
  ['steroid nucleus, any bonds', '[#6]1~[#6]~[#6]~[#6]2~[#6](~[#6]~1)~[#6]~[#6]~[#6]1~[#6]~2~[#6]~[#6]~[#6]2~[#6]~[#6]~[#6]~[#6]~1~2', 'SMARTS'],
];
