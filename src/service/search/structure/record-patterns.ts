/**
 * RDKit's pattern fingerprint and pickle of each record's structure, as the matcher workers make them (the shipped
 * collection's from its shipped fingerprints, the others with an RDKit instance of this thread): the PostgreSQL store
 * keeps them in `pattern_fp` (its screen for substructure search) and `pickle` (what the matchers read, about four
 * times faster than the SMILES). Made when records are loaded, not per search.
 */
import { loadRDKit } from '../../toolkits/rdkit';
import type { RDKit } from '../../../chemistry/molecule/read';
import { fingerprintsOf, type CachedFingerprints } from './fingerprint-cache';
import { rememberShippedFingerprints } from './shipped-fingerprints';
import { recordScreen } from './substructure-matcher';
import { SHIPPED_DATA_DIR } from '../../collection/shipped-collection';

export type RecordScreen = Pick<CachedFingerprints, 'pattern' | 'pickle'>;

let rdkit: Promise<RDKit> | undefined;

/** One per SMILES; undefined where RDKit cannot read it. */
export async function recordScreens(smiles: readonly string[]): Promise<Array<RecordScreen | undefined>> {
  await rememberShippedFingerprints(SHIPPED_DATA_DIR);
  let rd: RDKit | undefined;
  const out: Array<RecordScreen | undefined> = [];
  for (const s of smiles) {
    const shipped = fingerprintsOf(s);
    if (shipped) {
      out.push(shipped.morgan ? shipped : undefined);
      continue;
    }
    rd ??= await (rdkit ??= loadRDKit());
    out.push(recordScreen(rd, s));
  }
  return out;
}
