// Reads the CML files of the Debian package chemical-structures-data and writes them as V2000 MOL blocks.
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: false, isArray: (name) => name === 'atom' || name === 'bond' || name === 'name' });

/** Every *.cml under `root`, sorted by relative path: [{relPath, folder, stem, iupacName, oldInchi, atoms, bonds}]. */
export function readCmlTree(root) {
  const entries = [];
  for (const folder of fs.readdirSync(root).sort()) {
    const dir = path.join(root, folder);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.cml')) continue;
      entries.push(readCml(path.join(dir, file), `${folder}/${file}`));
    }
  }
  return entries;
}

function readCml(file, relPath) {
  const molecule = parser.parse(fs.readFileSync(file, 'utf8')).molecule;
  const atoms = molecule.atomArray.atom.map((a) => ({
    id: a.id,
    element: a.elementType,
    charge: Number(a.formalCharge ?? 0),
    isotope: a.isotopeNumber ? Number(a.isotopeNumber) : 0,
    x: Number(a.x3),
    y: Number(a.y3),
    z: Number(a.z3),
  }));
  const index = new Map(atoms.map((a, i) => [a.id, i]));
  const bonds = (molecule.bondArray?.bond ?? []).map((b) => {
    const [a1, a2] = b.atomRefs2.split(/\s+/).map((id) => index.get(id));
    if (a1 === undefined || a2 === undefined) throw new Error(`${relPath}: bond to an unknown atom`);
    const order = { 1: 1, 2: 2, 3: 3, S: 1, D: 2, T: 3, A: 4 }[b.order];
    if (!order) throw new Error(`${relPath}: bond order ${b.order}`);
    return { a1, a2, order };
  });
  const names = (molecule.name ?? []).map((n) => (typeof n === 'string' ? n : n['#text'])).filter(Boolean);
  return {
    relPath,
    folder: path.dirname(relPath),
    stem: path.basename(relPath, '.cml'),
    iupacName: names[0] ?? '',
    oldInchi: molecule.identifier?.value ?? '',
    atoms,
    bonds,
  };
}

/**
 * Nitrogen written without its formal charge, which RDKit and InChI refuse, is given the charge-separated form:
 * - nitro as N(=O)=O (pentavalent N): one N=O becomes N-O, giving [N+](=O)[O-];
 * - nitro as N(=O)-O with no charges (four bonds to N, a bare O): [N+](=O)[O-];
 * - any other uncharged nitrogen with four bonds (an iminium, as the file's name says) becomes N+.
 * Returns the number of nitrogens changed (nitro groups counted in `nitro`); edits `entry` in place.
 */
export function normaliseNitrogen(entry) {
  const result = { nitro: 0, other: 0 };
  const bondsOf = (i) => entry.bonds.filter((b) => b.a1 === i || b.a2 === i);
  const other = (b, i) => (b.a1 === i ? b.a2 : b.a1);
  const isBareO = (j) => entry.atoms[j].element === 'O' && entry.atoms[j].charge === 0 && bondsOf(j).length === 1;
  entry.atoms.forEach((atom, i) => {
    if (atom.element !== 'N' || atom.charge !== 0) return;
    const mine = bondsOf(i);
    const valence = mine.reduce((sum, b) => sum + b.order, 0);
    const doubleO = mine.filter((b) => b.order === 2 && isBareO(other(b, i)));
    const singleO = mine.filter((b) => b.order === 1 && isBareO(other(b, i)));
    if (valence === 5 && doubleO.length >= 2) {
      doubleO[1].order = 1;
      entry.atoms[other(doubleO[1], i)].charge = -1;
      atom.charge = 1;
      result.nitro++;
    } else if (valence === 4 && doubleO.length === 1 && singleO.length === 1) {
      entry.atoms[other(singleO[0], i)].charge = -1;
      atom.charge = 1;
      result.nitro++;
    } else if (valence === 4) {
      atom.charge = 1;
      result.other++;
    }
  });
  return result;
}

export const HEADER_3D = '  CmpdDB            3D';

const num = (v) => v.toFixed(4).padStart(10);
const int3 = (v) => String(v).padStart(3);

/** V2000 MOL block with the CML's 3D coordinates; header line 2 flags 3D (no timestamp, so rebuilds are identical). */
export function cmlToMolBlock(entry, title, comment) {
  const lines = [title, HEADER_3D, comment];
  lines.push(`${int3(entry.atoms.length)}${int3(entry.bonds.length)}  0  0  0  0  0  0  0  0999 V2000`);
  for (const a of entry.atoms) {
    lines.push(`${num(a.x)}${num(a.y)}${num(a.z)} ${a.element.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`);
  }
  for (const b of entry.bonds) lines.push(`${int3(b.a1 + 1)}${int3(b.a2 + 1)}${int3(b.order)}  0  0  0  0`);
  const charged = entry.atoms.map((a, i) => [i + 1, a.charge]).filter(([, c]) => c !== 0);
  for (let i = 0; i < charged.length; i += 8) {
    const chunk = charged.slice(i, i + 8);
    lines.push(`M  CHG${int3(chunk.length)}${chunk.map(([n, c]) => ` ${int3(n)} ${int3(c)}`).join('')}`);
  }
  const labelled = entry.atoms.map((a, i) => [i + 1, a.isotope]).filter(([, m]) => m !== 0);
  for (let i = 0; i < labelled.length; i += 8) {
    const chunk = labelled.slice(i, i + 8);
    lines.push(`M  ISO${int3(chunk.length)}${chunk.map(([n, m]) => ` ${int3(n)} ${int3(m)}`).join('')}`);
  }
  lines.push('M  END');
  return `${lines.join('\n')}\n`;
}
