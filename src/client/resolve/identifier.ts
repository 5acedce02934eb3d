/** One input of a bulk run: checked, classified as the composite search does, and normalised so duplicates meet. */
import { checkRecordId, checkSearchQuery, classifyQuery, isInchiKeyShape, type QueryKind } from '../../wire';
import { smilesSyntaxError } from '../../chemistry/smiles-syntax';

export type ParsedIdentifier = { ok: true; key: string; kind: QueryKind } | { ok: false; message: string };

export function parseIdentifier(input: string): ParsedIdentifier {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'empty identifier' };
  // The composite search's own rule (its kind's length and structure limits): refused with a row error rather than sent.
  const [unsendable] = checkSearchQuery('identifier', text);
  if (unsendable) return { ok: false, message: unsendable.message };
  if ([...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return { ok: false, message: 'identifier holds control characters' };
  const upper = text.toUpperCase();
  if (isInchiKeyShape(upper)) return { ok: true, key: upper, kind: 'inchikey' };
  // 14 letters and a hyphen begin only InChIKeys: one that is cut short or garbled is an error, not a name to look up.
  if (/^[A-Z]{14}-[A-Z0-9-]*$/.test(upper)) {
    return {
      ok: false,
      message: `not a valid InChIKey: ${JSON.stringify(text)} is not 14 letters, a hyphen, 8 letters, S or N, A, a hyphen and a letter`,
    };
  }
  const broken = smilesSyntaxError(text);
  if (broken) return { ok: false, message: `not a valid SMILES: ${broken}` };
  const kind = classifyQuery(text);
  if (kind === 'recordId') {
    const [bad] = checkRecordId('identifier', text);
    return bad ? { ok: false, message: bad.message } : { ok: true, key: String(Number(text)), kind };
  }
  // A formula names no single compound: resolve reads it as the name it may also be.
  return { ok: true, key: text, kind: kind === 'formula' ? 'name' : kind };
}
