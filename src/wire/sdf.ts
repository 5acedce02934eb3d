/**
 * SDF text as other tools read it: each record's MOL title line holds its name, and data items hold plain
 * values (the plain formula `C8H10N4O2`, not the wire's TeX-like `C_{8}H_{10}N_{4}O_{2}` of contract 1.3).
 * One writer for the local service's `filter results sdf` and for the extension's saved files.
 */
import { plainFormula } from '../chemistry/formula/text';

/** A MOL title line: one line of at most 80 characters (the MOL format's limit). */
export function molTitle(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 80);
}

/** The block with its first (title) line replaced; never trims a MOL block (its three header lines may be blank). */
export function withTitle(molBlock: string, title: string): string {
  const eol = molBlock.indexOf('\n');
  return eol < 0 ? molBlock : molTitle(title) + molBlock.slice(eol);
}

/** One SDF record: the MOL block titled `title`, then the data items in order, then `$$$$`. */
export function sdfRecord(molBlock: string, title: string, items: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  const titled = title ? withTitle(molBlock, title) : molBlock;
  const mol = titled.endsWith('\n') ? titled : `${titled}\n`;
  // A data line may not be empty inside an item, and `$$$$` would end the record early.
  const clean = (v: string | number) =>
    String(v)
      .replace(/\r?\n/g, ' ')
      .replace(/^\$\$\$\$/, '');
  const data = items.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `> <${k}>\n${clean(v as string | number)}\n\n`);
  return `${mol}${data.join('')}$$$$\n`;
}

const NAME_ITEMS = /^(NAME|COMMON_?NAME)$/i;
const FORMULA_ITEMS = /^(FORMULA|MF|MOLECULAR_?FORMULA)$/i;

/**
 * SDF text from a server made as other tools expect: formula items plain, and an empty MOL title line filled
 * with the record's name item. Everything else is kept byte for byte. Linear in the text.
 */
export function normaliseSdf(sdf: string): string {
  const lines = sdf.split('\n');
  let first = 0;
  let name: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const item = /^>[^<]*<([^>]*)>/.exec(lines[i]);
    if (item && i + 1 < lines.length) {
      if (FORMULA_ITEMS.test(item[1])) lines[i + 1] = plainFormula(lines[i + 1]);
      else if (NAME_ITEMS.test(item[1]) && name === undefined) name = lines[i + 1].trim();
    } else if (/^\$\$\$\$\s*$/.test(lines[i])) {
      if (name && lines[first].trim() === '') lines[first] = molTitle(name);
      first = i + 1;
      name = undefined;
    }
  }
  return lines.join('\n');
}
