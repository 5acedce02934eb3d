/** SDF text of records (the `filter results sdf` body before gzip and base64). */
import { texFormula } from './store/formula';
import type { CompoundRecord } from './store/record';

export function recordsToSdf(records: readonly CompoundRecord[]): string {
  return records.map(recordToSdf).join('');
}

function recordToSdf(r: CompoundRecord): string {
  const mol = r.mol2D.endsWith('\n') ? r.mol2D : `${r.mol2D}\n`;
  const items: Array<[string, string | number]> = [
    ['ID', r.id],
    ['NAME', r.commonName],
    ['SMILES', r.smiles],
    ['INCHI', r.inchi],
    ['INCHIKEY', r.inchiKey],
    ['FORMULA', texFormula(r.formula)],
    ['MONOISOTOPIC_MASS', r.monoisotopicMass],
    ['MOLECULAR_WEIGHT', r.molecularWeight],
  ];
  // A data line may not be empty inside an item, and `$$$$` would end the record early.
  const clean = (v: string | number) => String(v).replace(/\r?\n/g, ' ').replace(/^\$\$\$\$/, '');
  return `${mol}${items.map(([k, v]) => `> <${k}>\n${clean(v)}\n\n`).join('')}$$$$\n`;
}
