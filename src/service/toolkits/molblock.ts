/** Small MOL-block edits (never trim a MOL block: its three header lines may be blank). */

/** The record ID on `mol3D`'s first line (contract 1.3), a name, or nothing: one title-line writer for all. */
import { withTitle } from '../../wire';
export { withTitle };

/** The comment line of a `mol3D` that is the 2D layout because no 3D coordinates could be made. */
export const NO_3D_COMMENT = 'no 3D coordinates: this is the 2D layout';

/** The `mol3D` of a record with no 3D coordinates: its 2D block, titled with the record ID, its comment saying so. */
export function no3DBlock(mol2D: string, id: number): string {
  return withTitle(withComment(mol2D, NO_3D_COMMENT), String(id));
}

/** The block with its third (comment) line replaced (found by position: the service does this for every record it loads). */
export function withComment(molBlock: string, comment: string): string {
  const first = molBlock.indexOf('\n');
  const second = first < 0 ? -1 : molBlock.indexOf('\n', first + 1);
  const third = second < 0 ? -1 : molBlock.indexOf('\n', second + 1);
  if (third < 0) return molBlock;
  return molBlock.slice(0, second + 1) + comment.slice(0, 80) + molBlock.slice(third);
}

/** True when the block carries real 3D coordinates (a V2000 atom with z ≠ 0, or a V3000 atom line with z ≠ 0). */
export function has3DCoordinates(molBlock: string): boolean {
  const lines = molBlock.split(/\r?\n/);
  const counts = lines[3] ?? '';
  if (/V3000/.test(counts)) {
    return lines.some((line) => {
      const m = /^M {2}V30 \d+ \S+ (\S+) (\S+) (\S+)/.exec(line);
      return m !== null && line.includes('V30') && Math.abs(Number(m[3])) > 1e-4;
    });
  }
  const atomCount = Number(counts.slice(0, 3));
  if (!Number.isInteger(atomCount)) return false;
  for (let i = 4; i < 4 + atomCount && i < lines.length; i++) {
    const z = Number(lines[i].slice(20, 30));
    if (Number.isFinite(z) && Math.abs(z) > 1e-4) return true;
  }
  return false;
}
