/** Everything the service stores about one structure, computed with RDKit and mf-parser. */
import { isInchiKeyShape } from '../../wire';
import type { StructureFacts } from './types';
import { type RDKit, type RDKitMol, withMol } from './rdkit';
import { compositionOf, elementsOf, hillFormula, isIsotopic, isMetal, mfParserFormula, type RdkitJson } from '../../formula/composition';
import { massesOf } from '../../formula/masses';
import { withTitle } from './molblock';

/** The standard InChI and InChIKey of a molecule, or undefined when RDKit gives none of the standard shape. */
function standardIdentifiers(rdkit: RDKit, mol: RDKitMol): { inchi: string; inchiKey: string } | undefined {
  const inchi = mol.get_inchi();
  if (!inchi.startsWith('InChI=1S/')) return undefined;
  const inchiKey = rdkit.get_inchikey_for_inchi(inchi);
  return isInchiKeyShape(inchiKey) ? { inchi, inchiKey } : undefined;
}

export function describeMol(rdkit: RDKit, mol: RDKitMol): StructureFacts | undefined {
  const ids = standardIdentifiers(rdkit, mol);
  if (!ids) return undefined;
  const composition = compositionOf(JSON.parse(mol.get_json()) as RdkitJson);
  if (composition.counts.has('*')) return undefined;
  const masses = massesOf(mfParserFormula(composition));
  if (!masses) return undefined;
  const elements = elementsOf(composition);
  const descriptors = JSON.parse(mol.get_descriptors()) as { CrippenClogP?: number };
  return {
    smiles: mol.get_smiles(),
    ...ids,
    formula: hillFormula(composition),
    averageMass: masses.averageMass,
    molecularWeight: masses.averageMass,
    monoisotopicMass: masses.monoisotopicMass,
    nominalMass: masses.nominalMass,
    alogp: Math.round((descriptors.CrippenClogP ?? 0) * 1000) / 1000,
    mol2D: molBlock2D(mol),
    elements,
    components: composition.components,
    hasMetal: elements.some(isMetal),
    isotopic: isIsotopic(composition),
  };
}

/**
 * Fresh 2D coordinates (RDKit's own depiction layout), deterministic, no timestamp in the header, and a blank title
 * line, so the block depends on the structure only (not on the input's name).
 */
export function molBlock2D(mol: RDKitMol): string {
  mol.set_new_coords();
  const block = withTitle(mol.get_molblock(), '');
  // 2D coordinates fix a geometry for double bonds in large rings (porphine, annulenes) that the structure leaves open;
  // an InChI read from the block would then gain a /b layer. Such blocks mark their double bonds "either" (stereo 3).
  const inchi = mol.get_inchi();
  return inchi.includes('/b') ? block : withUndefinedDoubleBonds(block);
}

/** V2000 bond lines of double bonds with stereo 0 set to 3 ("cis or trans either"); other lines untouched. */
function withUndefinedDoubleBonds(block: string): string {
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  if (!/V2000/.test(counts)) return block;
  const atoms = Number(counts.slice(0, 3));
  const bonds = Number(counts.slice(3, 6));
  let changed = false;
  for (let i = 4 + atoms; i < 4 + atoms + bonds && i < lines.length; i++) {
    const line = lines[i];
    if (line.slice(6, 9).trim() === '2' && line.slice(9, 12).trim() === '0') {
      lines[i] = `${line.slice(0, 9)}  3${line.slice(12)}`;
      changed = true;
    }
  }
  return changed ? lines.join('\n') : block;
}

export function describeStructure(rdkit: RDKit, structure: string): StructureFacts | undefined {
  return withMol(rdkit, structure, (mol) => describeMol(rdkit, mol));
}

export function inchiKeyOfStructure(rdkit: RDKit, structure: string): string | undefined {
  return withMol(rdkit, structure, (mol) => standardIdentifiers(rdkit, mol)?.inchiKey);
}
