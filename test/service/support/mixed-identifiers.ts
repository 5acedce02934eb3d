/**
 * Lists of identifiers of every kind, built from the records a server holds: each record's name, InChIKey, SMILES,
 * InChI and record ID, plus names and keys no record has, shuffled with a fixed seed and repeated to the length asked.
 */
import type { CompoundDbClient } from '../../../src/client';
import type { LegacyExtendedCompoundInfo } from '../../../src/wire';

export interface MixedIdentifier {
  text: string;
  kind: 'name' | 'inchikey' | 'smiles' | 'inchi' | 'recordId' | 'unknown';
  /** The record it was taken from (none for the unknown ones). */
  recordId?: number;
}

export async function recordsOf(client: CompoundDbClient, count: number): Promise<LegacyExtendedCompoundInfo[]> {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const out: LegacyExtendedCompoundInfo[] = [];
  for (let i = 0; i < ids.length; i += 100) out.push(...(await client.getExtendedCompoundInfoList(ids.slice(i, i + 100))));
  return out;
}

export function mixedIdentifiers(records: readonly LegacyExtendedCompoundInfo[], length: number, seed = 12): MixedIdentifier[] {
  const distinct: MixedIdentifier[] = [];
  records.forEach((r, i) => {
    const recordId = r.CSID;
    if (r.CommonName) distinct.push({ text: r.CommonName, kind: 'name', recordId });
    distinct.push({ text: r.InChIKey, kind: 'inchikey', recordId });
    distinct.push({ text: r.SMILES, kind: 'smiles', recordId });
    distinct.push({ text: r.InChI, kind: 'inchi', recordId });
    distinct.push({ text: String(recordId), kind: 'recordId', recordId });
    if (i % 10 === 0) distinct.push({ text: `no such compound ${i}`, kind: 'unknown' }, { text: unknownKey(i), kind: 'unknown' });
  });
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out: MixedIdentifier[] = [];
  while (out.length < length) {
    const round = [...distinct];
    for (let i = round.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [round[i], round[j]] = [round[j], round[i]];
    }
    out.push(...round.slice(0, length - out.length));
  }
  return out;
}

/** A well-formed InChIKey that no real structure has. */
function unknownKey(i: number): string {
  const letters = (n: number, len: number): string =>
    Array.from({ length: len }, (_, k) => String.fromCharCode(65 + ((n * 7 + k * 3) % 26))).join('');
  return `${letters(i, 14)}-${letters(i + 1, 8)}SA-N`;
}
