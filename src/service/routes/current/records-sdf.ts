/** SDF text of records (the `filter results sdf` body before gzip and base64): titled with the name, plain formula. */
import { sdfRecord } from '../../../wire';
import type { CompoundRecord } from '../../record';

export function recordsToSdf(records: readonly CompoundRecord[]): string {
  return records.map(recordToSdf).join('');
}

function recordToSdf(r: CompoundRecord): string {
  return sdfRecord(r.mol2D, r.commonName, [
    ['ID', r.id],
    ['NAME', r.commonName],
    ['SMILES', r.smiles],
    ['INCHI', r.inchi],
    ['INCHIKEY', r.inchiKey],
    ['FORMULA', r.formula],
    ['MONOISOTOPIC_MASS', r.monoisotopicMass],
    ['MOLECULAR_WEIGHT', r.molecularWeight],
  ]);
}
